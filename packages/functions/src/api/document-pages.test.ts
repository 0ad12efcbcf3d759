import { beforeAll, describe, expect, it } from "vitest";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

/** One page of a document as the viewer reads it: its lines and where each is printed, for its owner only. */
describe("GET /api/documents/{id}/pages/{page}", () => {
  let ann: TestUser;
  let documentId: number;

  beforeAll(async () => {
    ann = await signedInUser();
    const { documentIds } = await labelledProject(ann, ["acme-quote.pdf"]);
    documentId = documentIds["acme-quote.pdf"]!;
  }, 180_000);

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
