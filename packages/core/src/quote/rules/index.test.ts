import { describe, expect, it } from "vitest";
import { Extract } from "../../extract/index";
import { generatePdf, quoteFiles, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { crossCheck } from "../check";
import { moneyTokens, parseDate, parseNumber } from "../numbers";
import { analyzeByRules, extractQuoteByRules } from "./index";
import { DocumentAnalysis, PlacedQuote } from "../schema";
import {
  LANGUAGES,
  renderDocx,
  renderPdf,
  renderPdfModern,
  renderXlsx,
  sampleDocument,
  type DocSpec,
} from "@quorum/testing/quote-documents";

describe("numbers as quotes write them", () => {
  it.each([
    ["$1,234.50", 1234.5],
    ["(50.00)", -50],
    ["-5.00", -5],
    ["1.234,50 €", 1234.5],
    ["1,234,567", 1234567],
    ["USD 99.99", 99.99],
    ["12", 12],
    ["8.25%", null],
    ["abc", null],
  ])("%s reads as %s", (text, value) => expect(parseNumber(text)).toBe(value));

  it("a rate is not an amount: 'Tax (8.25%): $169.53' has one amount", () => {
    expect(moneyTokens("Tax (8.25%): $169.53").map((t) => t.value)).toEqual([169.53]);
  });

  it.each([
    ["Date: 03/14/2024", "2024-03-14"],
    ["2024-04-13", "2024-04-13"],
    ["Valid until April 13, 2024", "2024-04-13"],
    ["13 April 2024", "2024-04-13"],
    ["31/12/2024", "2024-12-31"],
    ["02/30/2024", null],
  ])("%s is the date %s", (text, iso) => expect(parseDate(text)).toBe(iso));
});

describe("the offline rules", () => {
  const files = quoteFiles().filter((f) => !f.ocr);

  it.each(files.map((f) => [f.fileName, f] as const))("read the totals and line items of %s exactly", async (_name, file) => {
    const extraction = await Extract.fromBuffer(await file.build(), { fileName: file.fileName, contentType: file.contentType, ocr: false });
    const quote = extractQuoteByRules({ pages: extraction.pages, category: "vendor-quotes", fileName: file.fileName })!;
    expect(PlacedQuote.parse(quote)).toEqual(quote);
    expect(quote).toMatchObject({
      kind: "vendor",
      quoteNumber: VENDOR_QUOTE.quoteNumber,
      subtotal: VENDOR_QUOTE.subtotal,
      tax: VENDOR_QUOTE.tax,
      shipping: VENDOR_QUOTE.shipping,
      total: VENDOR_QUOTE.total,
    });
    expect(quote.vendorName).toBe(VENDOR_QUOTE.vendor);
    expect(quote.lineItems.map((l) => [l.quantity, l.description, l.unitPrice, l.amount])).toEqual(
      VENDOR_QUOTE.items.map((i) => [i.qty, i.description, i.unitPrice, i.amount]),
    );
    expect(crossCheck(quote)).toEqual([]);
    // labelled and adding up: the surest kind of amount; a PDF also says where it is printed
    expect(quote.sources.total).toMatchObject({ page: 1, confidence: 0.95 });
    // a PDF says where the value is printed by a box, a workbook by its cell, any other file by its paragraph
    const where = file.fileName.endsWith(".pdf")
      ? { box: expect.any(Array) }
      : file.fileName.endsWith(".xlsx")
        ? { cell: expect.stringMatching(/^[\w' ]+![A-Z]+\d+$/) }
        : { paragraph: expect.any(Number) };
    expect(quote.sources.total).toMatchObject({ ...where, text: expect.any(String) });
  });

  it("read the labelled fields of a quote; a validity in days is not a printed expiry date", () => {
    const text = [
      "Acme",
      "Quote No: Q-17",
      "Date: 03/14/2024",
      "Valid for 30 days",
      "Bill To: Globex",
      "Qty | Description | Unit Price | Amount",
      "2 | Pump | $10.00 | $20.00",
      "Total: $20.00",
      "Payment terms: Net 45. Thank you.",
    ].join("\n");
    const quote = extractQuoteByRules({ pages: [{ page: 1, text }], category: "customer-quotes" })!;
    expect(quote).toMatchObject({
      kind: "customer",
      vendorName: "Acme",
      customerName: "Globex",
      quoteNumber: "Q-17",
      quoteDate: "2024-03-14",
      validUntil: null,
      currency: "USD",
      paymentTerms: "Net 45",
    });
  });

  it("read a table that runs over several pages, its header repeated on each", async () => {
    const extraction = await Extract.fromBuffer(generatePdf(3), { fileName: "price-list.pdf", ocr: false });
    const quote = extractQuoteByRules({ pages: extraction.pages, category: "vendor-quotes" })!;
    expect(quote.lineItems.length).toBe(3 * 36);
    expect(quote.lineItems.at(-1)).toMatchObject({ description: expect.stringMatching(/^Item 3-36 /), page: 3 });
    expect(crossCheck(quote).filter((f) => f.code === "line_amount")).toEqual([]);
  });

  it("read an OCR'd table that has no cell separators", () => {
    const text = [
      "QUOTE",
      "Description Qty Unit Price Amount",
      "Steel bracket 10 12.50 125.00",
      "Hydraulic pump 4 450.00 1,800.00",
      "Subtotal 1,925.00",
      "Total 1,925.00",
    ].join("\n");
    const quote = extractQuoteByRules({ pages: [{ page: 2, text }] })!;
    expect(quote.lineItems).toEqual([
      { description: "Steel bracket", quantity: 10, unit: null, unitPrice: 12.5, amount: 125, page: 2, source: { page: 2, paragraph: 3 } },
      { description: "Hydraulic pump", quantity: 4, unit: null, unitPrice: 450, amount: 1800, page: 2, source: { page: 2, paragraph: 4 } },
    ]);
    expect(quote.total).toBe(1925);
  });

  it("summarise a document that is not a quote instead of inventing one", () => {
    const analysis = analyzeByRules({
      pages: [
        {
          page: 1,
          text: "SERVICES AGREEMENT\nThis agreement is made between the parties named below. The parties hereby agree to the terms and conditions that follow.",
        },
      ],
      category: "contracts",
    });
    expect(DocumentAnalysis.parse(analysis)).toEqual(analysis);
    expect(analysis).toMatchObject({ documentType: "contract", quote: null });
    expect(analysis.summary).toMatch(/^Contract \(1 page\): SERVICES AGREEMENT\. This agreement is made/);
  });
});

describe("commercial documents in eight languages", () => {
  const kinds = ["quote", "invoice", "credit_note"] as const;
  const read = async (spec: DocSpec, format: "pdf" | "modern" | "docx" | "xlsx") => {
    const render = { pdf: renderPdf, modern: renderPdfModern, docx: renderDocx, xlsx: renderXlsx }[format];
    const extraction = await Extract.fromBuffer(await render(spec), {
      fileName: `document.${format === "modern" ? "pdf" : format}`,
      ocr: false,
    });
    const analysis = analyzeByRules({ pages: extraction.pages, category: "vendor-quotes" });
    const q = analysis.quote!;
    return {
      type: analysis.documentType,
      vendor: q.vendorName,
      customer: q.customerName,
      number: q.quoteNumber,
      date: q.quoteDate,
      validUntil: q.validUntil,
      currency: q.currency,
      subtotal: q.subtotal,
      tax: q.tax,
      total: q.total,
      items: q.lineItems.map((i) => i.amount),
    };
  };

  it.each(LANGUAGES.flatMap((language) => kinds.map((kind) => [language, kind] as const)))(
    "a %s %s as a PDF: type, parties, number, dates, currency, items and totals",
    async (language, kind) => {
      const spec = sampleDocument(language, kind);
      expect(await read(spec, "pdf")).toEqual(spec.expected);
    },
  );

  it.each(LANGUAGES)("a %s invoice in the other layout: title left, issuer right, a label row over its values", async (language) => {
    const spec = sampleDocument(language, "invoice");
    expect(await read(spec, "modern")).toEqual(spec.expected);
  });

  it("the same documents as plain lines without column gaps, as OCR may give them", () => {
    for (const language of LANGUAGES) {
      const spec = sampleDocument(language, "quote");
      const lines = [
        ...spec.vendor,
        spec.title,
        ...spec.fields.map(([label, value]) => `${label}: ${value}`),
        `${spec.customerLabel}:`,
        ...spec.customer,
        spec.header.join(" "),
        ...spec.rows.map((row) => row.join(" ")),
        ...spec.totals.map(([label, value]) => `${label} ${value}`),
        ...spec.footer,
      ];
      const q = analyzeByRules({ pages: [{ page: 1, text: lines.join("\n") }], category: "vendor-quotes" }).quote!;
      expect([q.vendorName, q.quoteNumber, q.quoteDate, q.total, q.lineItems.map((i) => i.amount)]).toEqual([
        spec.expected.vendor,
        spec.expected.number,
        spec.expected.date,
        spec.expected.total,
        spec.expected.items,
      ]);
    }
  });

  it.each(["fr", "de", "es", "id"] as const)("a %s invoice as a Word table and as a spreadsheet", async (language) => {
    const spec = sampleDocument(language, "invoice");
    expect(await read(spec, "docx")).toEqual(spec.expected);
    expect(await read(spec, "xlsx")).toEqual(spec.expected);
  });
});
