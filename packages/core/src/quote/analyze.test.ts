import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "@quorum/testing/model-config";
import { openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";
import { money, quoteFiles, quoteLines, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { Extract } from "../extract/index";
import { analyzeDocument } from "./analyze";
import { QUOTE_FIELDS } from "./schema";

/** The analyze step with a real model client (OpenAI-compatible, pointed at a fake server) and without. */

const pages = [{ page: 1, text: quoteLines().join("\n") }];
const input = { pages, fileName: "acme-quote.pdf", category: "vendor-quotes" };

const modelAnswer = {
  documentType: "quote",
  summary: "  A quote from Acme for brackets and pumps.  ",
  quote: {
    kind: "vendor",
    vendorName: VENDOR_QUOTE.vendor,
    customerName: VENDOR_QUOTE.customer,
    quoteNumber: VENDOR_QUOTE.quoteNumber,
    quoteDate: "March 14, 2024",
    validUntil: "04/13/2024",
    currency: "usd",
    lineItems: VENDOR_QUOTE.items.map((i) => ({
      description: i.description,
      quantity: i.qty,
      unit: null,
      unitPrice: i.unitPrice,
      amount: i.amount,
      page: 1,
    })),
    subtotal: VENDOR_QUOTE.subtotal,
    tax: VENDOR_QUOTE.tax,
    shipping: VENDOR_QUOTE.shipping,
    total: VENDOR_QUOTE.total,
    paymentTerms: "Net 30",
    confidence: 0.93,
    sources: Object.fromEntries(QUOTE_FIELDS.map((f) => [f, { page: 1, confidence: 0.9, printed: null }])),
  },
};

describe("document analysis", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer(openAiReplies(JSON.stringify(modelAnswer)));
  });
  afterAll(() => server.close());

  it("with a model: structured output validated by the shared schema, then normalised", async () => {
    const result = await analyzeDocument(input, { config: testConfig({ OPENAI_BASE_URL: server.url }) });
    expect(result.extractedBy).toBe("gpt-5.5");
    expect(result.notes).toEqual([]);
    expect(result.analysis.summary).toBe("A quote from Acme for brackets and pumps.");
    expect(result.analysis.quote).toMatchObject({
      quoteDate: "2024-03-14",
      validUntil: "2024-04-13",
      currency: "USD",
      total: VENDOR_QUOTE.total,
    });
    const request = server.calls.at(-1)!.body;
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "document_analysis", strict: true } });
    expect(JSON.stringify(request.messages)).toContain(`Quote No: ${VENDOR_QUOTE.quoteNumber}`);
    // the rules read the same vendor, number and total: nothing to settle
    expect(result.disagreements).toEqual([]);
  });

  it("with a model: each value gets its box on the page the model names, found the way the rules' are", async () => {
    const pdf = quoteFiles().find((f) => f.fileName === "acme-quote.pdf")!;
    const extraction = await Extract.fromBuffer(await pdf.build(), { fileName: pdf.fileName, ocr: false });
    const result = await analyzeDocument({ ...input, pages: extraction.pages }, { config: testConfig({ OPENAI_BASE_URL: server.url }) });
    expect(result.extractedBy).toBe("gpt-5.5");
    const box = [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)];
    expect(result.analysis.quote?.sources.total).toEqual({ page: 1, confidence: 0.9, box, text: expect.stringContaining("2,269.49") });
    expect(result.analysis.quote?.lineItems.every((i) => i.source?.box)).toBe(true);
  });

  it("with a model: a value it normalised is found by the text it copied as printed, and a copy that is not the value is ignored", async () => {
    const pdf = quoteFiles().find((f) => f.fileName === "acme-quote.pdf")!;
    const extraction = await Extract.fromBuffer(await pdf.build(), { fileName: pdf.fileName, ocr: false });
    const sources = {
      ...modelAnswer.quote.sources,
      vendorName: { page: 1, confidence: 0.9, printed: VENDOR_QUOTE.vendor },
      // a copied text that does not read as the value (the subtotal's) does not move the total
      total: { page: 1, confidence: 0.9, printed: money(VENDOR_QUOTE.subtotal) },
    };
    const answer = { ...modelAnswer, quote: { ...modelAnswer.quote, vendorName: "Acme Industrial Supply Company", sources } };
    server.reply(openAiReplies(JSON.stringify(answer)));
    const result = await analyzeDocument({ ...input, pages: extraction.pages }, { config: testConfig({ OPENAI_BASE_URL: server.url }) });
    const placed = result.analysis.quote!.sources;
    expect(placed.vendorName).toMatchObject({ page: 1, text: VENDOR_QUOTE.vendor, box: expect.any(Array) });
    expect(placed.total?.text).toContain(money(VENDOR_QUOTE.total).slice(1));
    // the printed copies find the values; they are not stored
    expect(JSON.stringify(result.analysis.quote)).not.toContain("printed");
    const request = server.calls.at(-1)!.body;
    expect(JSON.stringify(request.response_format)).toContain("printed");
    server.reply(openAiReplies(JSON.stringify(modelAnswer)));
  });

  it("with a model that reads the total differently from the rules, both readings are kept", async () => {
    const misread = { ...modelAnswer, quote: { ...modelAnswer.quote, total: 1.5, vendorName: "Acme Industrial Supply" } };
    server.reply(openAiReplies(JSON.stringify(misread)));
    const result = await analyzeDocument(input, { config: testConfig({ OPENAI_BASE_URL: server.url }) });
    expect(result.analysis.quote?.total).toBe(1.5);
    // a shortened vendor name is the same party; a different total is not
    expect(result.disagreements).toEqual([{ field: "total", model: 1.5, rules: VENDOR_QUOTE.total }]);
  });

  it("when the model's answer does not fit the schema, the offline rules answer and say so", async () => {
    server.reply(openAiReplies(JSON.stringify({ documentType: "quote", summary: "x", quote: { total: "lots" } })));
    const result = await analyzeDocument(input, { config: testConfig({ OPENAI_BASE_URL: server.url }) });
    expect(result.extractedBy).toBe("offline");
    expect(result.analysis.quote?.total).toBe(VENDOR_QUOTE.total);
    expect(result.notes[0]).toMatch(/^The AI models could not analyse the document \(.+\); the built-in rules were used instead\.$/);
  });

  it("with no model configured, the offline rules analyse the document", async () => {
    const result = await analyzeDocument(input, { config: testConfig() });
    expect(result).toMatchObject({ extractedBy: "offline", notes: [] });
    expect(result.analysis.quote).toMatchObject({ subtotal: VENDOR_QUOTE.subtotal, total: VENDOR_QUOTE.total });
  });
});
