import { beforeAll, describe, expect, it } from "vitest";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

let ann: TestUser;
let documentId: number;

beforeAll(async () => {
  ann = await signedInUser();
  const { documentIds } = await labelledProject(ann, ["acme-quote.pdf"]);
  documentId = documentIds["acme-quote.pdf"]!;
}, 180_000);

/** One page of a document as the viewer reads it: its lines and where each is printed, for its owner only. */
describe("GET /api/documents/{id}/pages/{page}", () => {
  it("answers the page's lines, each with its box on the page", async () => {
    const res = await call(ann, "GET", `/api/documents/${documentId}/pages/1`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pages: 1, truncated: false });
    const total = (res.body.lines as { text: string; box?: number[] }[]).find((l) => l.text.includes("2,269.49"))!;
    expect(total.box).toHaveLength(4);
    const [x0, y0, x1, y1] = total.box!;
    expect(0 <= x0! && x0! < x1! && x1! <= 1 && 0 <= y0! && y0! < y1! && y1! <= 1).toBe(true);
  });

  it("a page past the last, someone else's document and a page that is no number answer 404, 404 and 400", async () => {
    expect((await call(ann, "GET", `/api/documents/${documentId}/pages/9`)).status).toBe(404);
    const bob = await signedInUser();
    const theirs = await call(bob, "GET", `/api/documents/${documentId}/pages/1`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: "Document not found" });
    const bad = await call(ann, "GET", `/api/documents/${documentId}/pages/first`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "page must be a page number" });
  });
});

/** Search in a document's extracted text: what the viewer pages through in scans, pictures, Word files and spreadsheets. */
describe("GET /api/documents/{id}/find", () => {
  it("answers each line holding the words, case ignored, with its page, line and box, the same line the page lists", async () => {
    const res = await call(ann, "GET", `/api/documents/${documentId}/find?q=${encodeURIComponent("2,269.49")}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.truncated).toBe(false);
    expect(res.body.matches.length).toBeGreaterThan(0);
    const [first] = res.body.matches as { page: number; line: number; box?: number[] }[];
    const page = await call(ann, "GET", `/api/documents/${documentId}/pages/${first!.page}`);
    const line = page.body.lines[first!.line - 1];
    expect(line.text).toContain("2,269.49");
    expect(first!.box).toEqual(line.box);

    const upper = await call(ann, "GET", `/api/documents/${documentId}/find?q=ACME`);
    const lower = await call(ann, "GET", `/api/documents/${documentId}/find?q=acme`);
    expect(upper.body.matches.length).toBeGreaterThan(0);
    expect(upper.body).toEqual(lower.body);
    expect((await call(ann, "GET", `/api/documents/${documentId}/find?q=no%20such%20words`)).body).toEqual({
      matches: [],
      truncated: false,
    });
  });

  it("an empty or overlong query is a 400 in a sentence; someone else's document is a 404", async () => {
    const empty = await call(ann, "GET", `/api/documents/${documentId}/find?q=%20`);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: "q must be the words to find" });
    const long = await call(ann, "GET", `/api/documents/${documentId}/find?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: "q must be at most 200 characters" });
    const bob = await signedInUser();
    expect((await call(bob, "GET", `/api/documents/${documentId}/find?q=acme`)).status).toBe(404);
  });
});
