import { beforeAll, describe, expect, it } from "vitest";
import { QuoteCorrectionEntity } from "@quorum/core/quote/correction-entity";
import { QuoteEntity } from "@quorum/core/quote/entity";
import { Quote } from "@quorum/core/quote/index";
import { SECOND_VENDOR_QUOTE, VENDOR_QUOTE } from "@quorum/testing/project-documents";
import type { QuoteFixture } from "@quorum/testing/quote-files";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * The quotes API over the wire: the fixtures go through the documents API and
 * the local pipeline, whose analysis writes the quotes this API lists and people
 * correct.
 */

interface QuoteBody {
  id: number;
  documentId: number;
  documentName: string;
  kind: string;
  vendorName: string | null;
  quoteNumber: string | null;
  total: number | null;
  flags: { code: string; message: string }[];
  edited: boolean;
  status: string;
  correctedFields: string[];
  original: Record<string, unknown>;
  lineItems: { description: string; quantity: number | null; unitPrice: number | null; amount: number | null }[];
  [key: string]: unknown;
}

const expected = (q: QuoteFixture, fileName: string, terms: string) => ({
  kind: "vendor",
  documentName: fileName,
  vendorName: q.vendor,
  customerName: q.customer,
  quoteNumber: q.quoteNumber,
  quoteDate: q.quoteDateIso,
  validUntil: q.validUntilIso,
  currency: "USD",
  subtotal: q.subtotal,
  tax: q.tax,
  shipping: q.shipping,
  total: q.total,
  paymentTerms: expect.stringContaining(terms),
  lineItems: q.items.map((i) =>
    expect.objectContaining({ description: i.description, quantity: i.qty, unitPrice: i.unitPrice, amount: i.amount }),
  ),
  flags: [],
  edited: false,
  status: "checked",
  correctedFields: [],
});

// One story, told in order: each step corrects, re-reads or deletes what the steps before left
// (the pipeline reads the three documents once), so a shuffled run keeps this suite's order.
describe("quotes", { shuffle: false }, () => {
  let ann: TestUser;
  let projectId: number;
  let documentIds: Record<string, number>;
  const list = async (user = ann) => {
    const res = await call(user, "GET", `/api/projects/${projectId}/quotes`);
    expect(res.status, res.text).toBe(200);
    return res.body as { quotes: QuoteBody[]; records: QuoteBody[]; documents: { fileName: string }[] };
  };
  const byFile = (quotes: QuoteBody[], name: string) => quotes.find((q) => q.documentName === name)!;

  beforeAll(async () => {
    ann = await signedInUser();
    ({ projectId, documentIds } = await labelledProject(ann, ["acme-quote.pdf", "pacific-quote.pdf", "riverside-specifications.pdf"]));
  }, 180_000);

  it("lists every quote extracted from the project's documents, with the numbers of the fixtures", async () => {
    const { quotes, documents } = await list();
    expect(quotes).toHaveLength(2);
    // newest upload first, as the documents list, whichever was read last
    expect(quotes.map((q) => q.documentName)).toEqual(["pacific-quote.pdf", "acme-quote.pdf"]);
    expect(byFile(quotes, "acme-quote.pdf")).toMatchObject({
      ...expected(VENDOR_QUOTE, "acme-quote.pdf", "Net 30"),
      documentId: documentIds["acme-quote.pdf"],
    });
    expect(byFile(quotes, "pacific-quote.pdf")).toMatchObject(expected(SECOND_VENDOR_QUOTE, "pacific-quote.pdf", "Net 45"));
    // The specification is no quote, and no quote document is waiting.
    expect(documents).toEqual([]);
  });

  it("says where each value is printed: a page and a box on it for every header field and line item of a PDF", async () => {
    const acme = byFile((await list()).quotes, "acme-quote.pdf");
    const box = [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)];
    for (const field of ["vendorName", "quoteNumber", "quoteDate", "subtotal", "tax", "total"])
      expect(acme.sources, field).toHaveProperty(field, expect.objectContaining({ page: 1, box, confidence: expect.any(Number) }));
    expect(acme.sources).toHaveProperty("total.text", expect.stringContaining("2,"));
    const [x0, y0, x1, y1] = (acme.sources as { total: { box: number[] } }).total.box;
    expect(0 <= x0! && x0! < x1! && x1! <= 1 && 0 <= y0! && y0! < y1! && y1! <= 1).toBe(true);
    for (const item of acme.lineItems) expect(item).toHaveProperty("source", expect.objectContaining({ page: 1, box }));
    // every value was read from a label and adds up: nothing to check
    expect(acme.check).toEqual([]);
  });

  it("saves a correction: the quote is marked edited, flags are recomputed, and it persists", async () => {
    const acme = byFile((await list()).quotes, "acme-quote.pdf");
    const wrong = await call(ann, "PUT", `/api/quotes/${acme.id}`, { total: 9999.99 });
    expect(wrong.status, wrong.text).toBe(200);
    expect(wrong.body.quote).toMatchObject({
      id: acme.id,
      total: 9999.99,
      edited: true,
      status: "needs_review",
      documentName: "acme-quote.pdf",
      correctedFields: ["total"],
      original: { total: VENDOR_QUOTE.total },
    });
    expect(wrong.body.quote.flags.map((f: { code: string }) => f.code)).toEqual(["total_sum"]);
    // a value printed nowhere has no place on the page
    expect(wrong.body.quote.sources.total).toBeNull();

    const stored = byFile((await list()).quotes, "acme-quote.pdf");
    expect(stored).toMatchObject({ total: 9999.99, edited: true, status: "needs_review", correctedFields: ["total"] });

    const fixed = await call(ann, "PUT", `/api/quotes/${acme.id}`, {
      total: VENDOR_QUOTE.total,
      vendorName: "Acme Industrial Supply Company",
    });
    expect(fixed.status, fixed.text).toBe(200);
    const after = byFile((await list()).quotes, "acme-quote.pdf");
    expect(after).toMatchObject({ total: VENDOR_QUOTE.total, vendorName: "Acme Industrial Supply Company", flags: [], status: "edited" });
    // the total put back is the one printed: it keeps its place; the longer name is printed nowhere
    expect(after.sources).toMatchObject({ total: { page: 1, box: expect.any(Array), confidence: 1 }, vendorName: null });
    // What each field said before its first correction is kept.
    expect(after.original).toEqual({ total: VENDOR_QUOTE.total, vendorName: VENDOR_QUOTE.vendor });
    expect(after.correctedFields.sort()).toEqual(["total", "vendorName"]);
  });

  it("recomputes line checks when line items are corrected", async () => {
    const pacific = byFile((await list()).quotes, "pacific-quote.pdf");
    const lines = pacific.lineItems.map((l, i) => (i === 0 ? { ...l, quantity: 12 } : l));
    const res = await call(ann, "PUT", `/api/quotes/${pacific.id}`, { lineItems: lines });
    expect(res.status, res.text).toBe(200);
    expect(res.body.quote.flags.map((f: { code: string }) => f.code)).toEqual(["line_amount"]);
    expect(res.body.quote.lineItems[0].quantity).toBe(12);
  });

  it("keeps a correction when the pipeline analyses the document again", async () => {
    const acme = byFile((await list()).quotes, "acme-quote.pdf");
    // What the analyze step writes: the quote as read from the file, not edited.
    const item = (await QuoteEntity.get({ documentId: acme.documentId }).go()).data!;
    const reread = { ...Quote.present(item), total: VENDOR_QUOTE.total, vendorName: VENDOR_QUOTE.vendor };
    await QuoteEntity.put(
      Quote.toItem(reread, {
        id: item.id,
        documentId: item.documentId,
        projectId: item.projectId,
        userId: item.userId,
        extractedBy: "offline",
        documentType: "quote",
      }) as never,
    ).go();
    expect(byFile((await list()).quotes, "acme-quote.pdf")).toMatchObject({
      vendorName: "Acme Industrial Supply Company",
      edited: true,
      status: "edited",
    });
  });

  it("refuses corrections that are not a quote's values", async () => {
    const acme = byFile((await list()).quotes, "acme-quote.pdf");
    const cases: [unknown, string | RegExp][] = [
      [{ total: "a lot" }, "Total must be a number"],
      [{ quoteDate: "13/45/2024" }, "Quote date must be a date (YYYY-MM-DD)"],
      [{ currency: "dollars" }, "Currency must be a three-letter code such as USD"],
      [{ kind: "supplier" }, "kind must be vendor or customer"],
      [{ lineItems: [{ description: " ", quantity: 1, unit: null, unitPrice: 1, amount: 1 }] }, "Each line item needs a description"],
      [{ id: 5 }, /Unrecognized key/],
      [{}, "Send at least one field to correct"],
    ];
    for (const [body, message] of cases) {
      const res = await call(ann, "PUT", `/api/quotes/${acme.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
  });

  it("another user can neither list nor correct these quotes", async () => {
    const bob = await signedInUser();
    const acme = byFile((await list()).quotes, "acme-quote.pdf");
    expect((await call(bob, "GET", `/api/projects/${projectId}/quotes`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/quotes/${acme.id}`, { total: 1 })).status).toBe(404);
    expect(byFile((await list()).quotes, "acme-quote.pdf").total).toBe(VENDOR_QUOTE.total);
  });
  it("corrections sent at the same time all keep their fields: the losers of the race merge on top of the winner", async () => {
    const pacific = byFile((await list()).quotes, "pacific-quote.pdf");
    const changes = [{ customerName: "Harbor Works" }, { paymentTerms: "Net 60" }, { validUntil: "2031-01-31" }, { currency: "EUR" }];
    const answers = await Promise.all(changes.map((body) => call(ann, "PUT", `/api/quotes/${pacific.id}`, body)));
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const after = byFile((await list()).quotes, "pacific-quote.pdf");
    expect(after).toMatchObject(Object.assign({}, ...changes));
    expect(after.version).toBe((pacific.version as number) + changes.length);
    // the line item corrected earlier is still there too
    expect(after.lineItems[0]!.quantity).toBe(12);
  });

  it("refuses with 409 a correction made on a version someone else has saved since", async () => {
    const pacific = byFile((await list()).quotes, "pacific-quote.pdf");
    const seen = pacific.version as number;
    // two tabs opened on the same version save at once: one wins, the other is told to reload
    const answers = await Promise.all([
      call(ann, "PUT", `/api/quotes/${pacific.id}`, { shipping: 10, version: seen }),
      call(ann, "PUT", `/api/quotes/${pacific.id}`, { shipping: 20, version: seen }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error).toBe(
      "This quote was changed by someone else since you opened it. It has been reloaded: check the values and save again.",
    );
    const winner = answers.find((r) => r.status === 200)!.body.quote as QuoteBody;
    expect(winner.version).toBe(seen + 1);
    expect(byFile((await list()).quotes, "pacific-quote.pdf").shipping).toBe(winner.shipping);
    // on the version it now shows, the same tab saves fine
    const retried = await call(ann, "PUT", `/api/quotes/${pacific.id}`, { shipping: 30, version: seen + 1 });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.quote).toMatchObject({ shipping: 30, version: seen + 2 });
  });

  it("deleting a document leaves no correction behind", async () => {
    const pacific = byFile((await list()).quotes, "pacific-quote.pdf");
    expect(pacific.edited).toBe(true);
    expect((await QuoteCorrectionEntity.get({ documentId: pacific.documentId }).go()).data).not.toBeNull();
    expect((await call(ann, "DELETE", `/api/documents/${pacific.documentId}`)).status).toBe(200);
    expect((await QuoteCorrectionEntity.get({ documentId: pacific.documentId }).go({ consistent: true })).data).toBeNull();
    expect((await list()).quotes.map((q) => q.documentName)).toEqual(["acme-quote.pdf"]);
  });

  /** Rewrites acme's record as the analyze step would with other findings. */
  async function reanalyse(meta: Partial<Parameters<typeof Quote.toItem>[1]>) {
    const acme = byFile((await list()).quotes.concat((await list()).records), "acme-quote.pdf");
    const item = (await QuoteEntity.get({ documentId: acme.documentId }).go()).data!;
    const { id, documentId, projectId: project, userId } = item;
    const base = { id, documentId, projectId: project, userId, extractedBy: "gpt-5.5", documentType: "quote" as const };
    await QuoteEntity.put(Quote.toItem(Quote.present(item), { ...base, ...meta }) as never).go();
    return acme;
  }

  it("shows a model/rules disagreement for review with both readings, until a person corrects that field", async () => {
    const acme = await reanalyse({ disagreements: [{ field: "quoteNumber", model: VENDOR_QUOTE.quoteNumber, rules: "Q-1" }] });
    const flagged = byFile((await list()).quotes, "acme-quote.pdf");
    expect(flagged.status).toBe("needs_review");
    expect(flagged.flags).toContainEqual(
      expect.objectContaining({
        code: "model_disagrees",
        message: `The AI model read the number as "${VENDOR_QUOTE.quoteNumber}", the built-in rules as "Q-1".`,
      }),
    );
    const res = await call(ann, "PUT", `/api/quotes/${acme.id}`, { quoteNumber: VENDOR_QUOTE.quoteNumber });
    expect(res.status, res.text).toBe(200);
    expect(res.body.quote.flags.map((f: { code: string }) => f.code)).not.toContain("model_disagrees");
  });

  it("lists an invoice's commercial data with the invoices, not in the Quotes table", async () => {
    await reanalyse({ documentType: "invoice" });
    const { quotes, records, documents } = await list();
    expect(quotes.map((q) => q.documentName)).toEqual([]);
    expect(records).toEqual([
      expect.objectContaining({ documentName: "acme-quote.pdf", documentType: "invoice", total: VENDOR_QUOTE.total }),
    ]);
    // filed under vendor quotes but no quote: the Quotes section says what it was read as
    expect(documents.map((d) => d.fileName)).toEqual(["acme-quote.pdf"]);
  });
});
