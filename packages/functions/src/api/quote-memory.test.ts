import { beforeAll, describe, expect, it } from "vitest";
import { commercialDocument, renderPdf, type DocSpec } from "@quorum/testing/quote-documents";
import { addProject, call, signedInUser, uploadDocument, waitCompleted, type TestUser } from "@quorum/local/testing";

/**
 * Learning from corrections, over the wire: a person corrects a field on one quote of an issuer,
 * and the issuer's next quote is read right; nobody else's uploads learn from it; a lesson can
 * be forgotten from the quote that shows it.
 */

const ISSUER = "Kessler Haustechnik GmbH";

/** A quote of the issuer whose number follows a label no rule knows, beside a customer that prints its own VAT number. */
function quote(number: string, customer: string, date: string): DocSpec {
  const spec = commercialDocument({
    language: "de",
    kind: "quote",
    vendor: ISSUER,
    vendorAddress: ["Werkstraße 12", "70565 Stuttgart", "USt-IdNr.: DE812345678"],
    customer,
    customerAddress: ["Hafenweg 3", "20457 Hamburg", "USt-IdNr.: DE298765432"],
    number,
    date,
    validUntil: "2031-06-30",
    lines: [
      { description: "Wärmepumpe Montage", quantity: 1, unitPrice: 4200 },
      { description: "Pufferspeicher 300 l", quantity: 1, unitPrice: 1350 },
    ],
  });
  return {
    ...spec,
    fields: [["Vorgangskennung", number], ["Kundennr.", "40-1177"], ...spec.fields.slice(1)],
    footer: [`${ISSUER} · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX`],
  };
}

interface Listed {
  id: number;
  documentId: number;
  quoteNumber: string | null;
  sources: Record<string, { page: number; box?: number[]; confidence: number } | null>;
  learned: { key: string; field: string; how: string; label: string | null; role: string }[];
}

async function upload(user: TestUser, projectId: number, name: string, spec: DocSpec) {
  const id = await uploadDocument(
    user,
    projectId,
    { fileName: name, contentType: "application/pdf", category: "vendor-quotes" },
    await renderPdf(spec),
  );
  await waitCompleted(user, projectId, [id]);
  return id;
}

async function quoteOf(user: TestUser, projectId: number, documentId: number): Promise<Listed> {
  const res = await call(user, "GET", `/api/projects/${projectId}/quotes`);
  expect(res.status, res.text).toBe(200);
  return (res.body.quotes as Listed[]).find((q) => q.documentId === documentId)!;
}

describe("learning from corrections", { shuffle: false }, () => {
  let ann: TestUser;
  let projectId: number;
  let second: number;

  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann);
  }, 120_000);

  it("a correction of one quote teaches how the issuer prints that field, and the issuer's next quote is read with it", async () => {
    const first = await upload(ann, projectId, "kessler-angebot-118.pdf", quote("AB-2031-118", "Nordlicht Bau AG", "2031-04-03"));
    const before = await quoteOf(ann, projectId, first);
    const fixed = await call(ann, "PUT", `/api/quotes/${before.id}`, { quoteNumber: "AB-2031-118" });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.quote.learned).toEqual([
      expect.objectContaining({
        field: "quoteNumber",
        role: "taught",
        label: "Vorgangskennung",
        key: expect.stringMatching(/^(tax|iban|domain):/),
      }),
    ]);

    second = await upload(ann, projectId, "kessler-angebot-207.pdf", quote("AB-2031-207", "Elbufer Immobilien KG", "2031-05-12"));
    const next = await quoteOf(ann, projectId, second);
    expect(next.quoteNumber).toBe("AB-2031-207");
    expect(next.learned).toEqual([expect.objectContaining({ field: "quoteNumber", role: "applied", label: "Vorgangskennung" })]);
    // read from where the lesson says, and placed on the page like any value
    expect(next.sources.quoteNumber).toMatchObject({ page: 1, confidence: 0.9, box: expect.any(Array) });
  });

  it("another account's upload of the same issuer learns nothing", async () => {
    const bob = await signedInUser();
    const project = await addProject(bob);
    const id = await upload(bob, project, "kessler-angebot-207.pdf", quote("AB-2031-207", "Elbufer Immobilien KG", "2031-05-12"));
    const theirs = await quoteOf(bob, project, id);
    expect(theirs.learned).toEqual([]);
    // the rules alone do not know this label
    expect(theirs.quoteNumber).not.toBe("AB-2031-207");
    // nor can it forget someone else's lesson: nothing of theirs is touched
    const lesson = (await quoteOf(ann, projectId, second)).learned[0]!;
    const res = await call(bob, "POST", "/api/quote-memories/forget", { key: lesson.key, field: lesson.field });
    expect(res.status, res.text).toBe(200);
    expect((await quoteOf(ann, projectId, second)).learned).toHaveLength(1);
  });

  it("a lesson forgotten on the quote is gone from every quote it read, and the next upload is read without it", async () => {
    const lesson = (await quoteOf(ann, projectId, second)).learned[0]!;
    const res = await call(ann, "POST", "/api/quote-memories/forget", { key: lesson.key, field: lesson.field });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ forgotten: true });
    expect((await quoteOf(ann, projectId, second)).learned).toEqual([]);
    const third = await upload(ann, projectId, "kessler-angebot-311.pdf", quote("AB-2031-311", "Elbufer Immobilien KG", "2031-06-01"));
    expect((await quoteOf(ann, projectId, third)).learned).toEqual([]);
  });

  it("refuses to forget a lesson of a field that does not exist", async () => {
    const res = await call(ann, "POST", "/api/quote-memories/forget", { key: "tax:DE812345678", field: "colour" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "field must be a quote field" });
  });
});
