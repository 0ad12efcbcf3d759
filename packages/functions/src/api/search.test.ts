import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SEARCH_QUERY_CHARS, SEARCH_QUERY_TOO_LONG } from "@quorum/core/search/limits";
import type { SearchResult } from "@quorum/core/search/schema";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

/** GET /api/search: the caller's conversations by title and by the text of every message, their documents' pages and their quotes. */

async function conversation(user: TestUser, title: string, messages: unknown[], path = "/api/conversations") {
  const res = await call(user, "POST", path, { title, messages });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

async function search(user: TestUser, q: string) {
  const res = await call(user, "GET", `/api/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, body: res.body as { results: SearchResult[]; error?: string } };
}

const marked = (r: SearchResult) => r.marks.map(([from, to]) => r.snippet.slice(from, to));

describe("searching conversations", () => {
  let ann: TestUser;
  let bob: TestUser;
  let pumps: string;
  let research: string;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    pumps = await conversation(ann, "Pump suppliers", [
      { id: "q1", type: "user", content: "Which supplier is cheaper for the pumps?" },
      { id: "a1", type: "ai", content: "Acme is cheaper at 1,200 EUR per pump; the **Brandt** offer includes the impeller warranty." },
    ]);
    research = await conversation(ann, "Roof options", [
      { id: "q1", type: "user", content: "Compare the roof membranes" },
      {
        id: "a1",
        type: "ai",
        content: "Both membranes last about 25 years.",
        details: { mode: "research", answers: [{ service: "GPT", status: "answered", response: "EPDM resists hail better than TPO." }] },
      },
    ]);
    await conversation(bob, "Bob's impeller notes", [{ id: "b1", type: "user", content: "My impeller order from Brandt is late." }]);
  });

  it("finds a word in an answer and points at that message, with the match marked", async () => {
    const { status, body } = await search(ann, "impeller");
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    const [hit] = body.results;
    expect(hit).toMatchObject({ kind: "message", id: "a1", title: "Pump suppliers", href: `/chat?conversation=${pumps}&message=a1` });
    expect(hit!.snippet).toContain("Brandt offer includes the impeller warranty");
    expect(marked(hit!)).toEqual(["impeller"]);
  });

  it("finds a word only one model wrote in research mode", async () => {
    const { body } = await search(ann, "hail");
    expect(body.results.map((r) => r.href)).toEqual([`/chat?conversation=${research}&message=a1`]);
    expect(body.results[0]!.snippet).toContain("EPDM resists hail");
  });

  it("finds a conversation by its title", async () => {
    const { body } = await search(ann, "roof options");
    expect(body.results[0]).toMatchObject({ title: "Roof options" });
  });

  it("never returns another account's messages", async () => {
    const { body } = await search(bob, "impeller");
    expect(body.results.map((r) => r.title)).toEqual(["Bob's impeller notes"]);
    const none = await search(bob, "cheaper pumps");
    expect(none.body.results).toEqual([]);
  });

  it("answers an empty or blank query with no results", async () => {
    for (const q of ["", "   ", "?!"]) {
      const { status, body } = await search(ann, q);
      expect(status).toBe(200);
      expect(body.results).toEqual([]);
    }
  });

  it(`refuses a query over ${MAX_SEARCH_QUERY_CHARS} characters with 400`, async () => {
    const { status, body } = await search(ann, "a".repeat(MAX_SEARCH_QUERY_CHARS + 1));
    expect(status).toBe(400);
    expect(body).toEqual({ error: SEARCH_QUERY_TOO_LONG });
    expect((await search(ann, `${"pump ".repeat(99)}pump`)).status).toBe(200);
  });

  it("refuses to search as someone else", async () => {
    const res = await call(ann, "GET", `/api/search?q=impeller&userId=${encodeURIComponent(bob.uid)}`);
    expect(res.status).toBe(403);
  });

  it("a deleted conversation is no longer found", async () => {
    const id = await conversation(ann, "Temporary", [{ id: "t1", type: "user", content: "zanzibar logistics" }]);
    expect((await search(ann, "zanzibar")).body.results).toHaveLength(1);
    expect((await call(ann, "DELETE", `/api/conversations/${id}`)).status).toBe(200);
    expect((await search(ann, "zanzibar")).body.results).toEqual([]);
  });

  it("asks for a signed-in caller", async () => {
    const res = await call(undefined, "GET", "/api/search?q=pump");
    expect(res.status).toBe(401);
  });
});

describe("searching documents and quotes", { timeout: 180_000 }, () => {
  let ann: TestUser;
  let bob: TestUser;
  let projectId: number;
  let spec: number;
  let quoted: number;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const project = await labelledProject(ann, ["riverside-specifications.pdf", "pacific-quote.pdf"]);
    projectId = project.projectId;
    spec = project.documentIds["riverside-specifications.pdf"]!;
    quoted = project.documentIds["pacific-quote.pdf"]!;
  }, 180_000);

  const ofKind = (results: SearchResult[], kind: SearchResult["kind"]) => results.filter((r) => r.kind === kind);
  const quoteOfDocument = async () => {
    const listed = await call(ann, "GET", `/api/projects/${projectId}/quotes`);
    return (listed.body.quotes as { id: number; documentId: number }[]).find((q) => q.documentId === quoted)!;
  };

  it("finds a word of a document's third page and opens the viewer at that page, the word marked", async () => {
    const { status, body } = await search(ann, "clerestory");
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    const [hit] = body.results;
    expect(hit).toMatchObject({
      kind: "document",
      id: String(spec),
      title: "riverside-specifications.pdf",
      href: `/projects/${projectId}/documents/${spec}?page=3`,
    });
    expect(hit!.snippet).toContain("daylight dimming near the clerestory windows");
    expect(marked(hit!)).toEqual(["clerestory"]);
  });

  it("finds a quote by its vendor and by an item's description, and opens it in the project's quotes", async () => {
    const quote = await quoteOfDocument();
    const byVendor = ofKind((await search(ann, "pacific fasteners")).body.results, "quote");
    expect(byVendor).toEqual([
      expect.objectContaining({
        id: String(quote.id),
        title: expect.stringContaining("Pacific Fasteners"),
        href: `/projects/${projectId}/quotes?quote=${quote.id}`,
      }),
    ]);
    const byItem = ofKind((await search(ann, "relief valve")).body.results, "quote");
    expect(byItem.map((r) => r.href)).toEqual([`/projects/${projectId}/quotes?quote=${quote.id}`]);
    expect(marked(byItem[0]!)).toEqual(["relief", "valve"]);
  });

  it("follows a corrected quote: the new vendor is found", async () => {
    const quote = await quoteOfDocument();
    expect(ofKind((await search(ann, "tidewater")).body.results, "quote")).toEqual([]);
    const res = await call(ann, "PUT", `/api/quotes/${quote.id}`, { vendorName: "Tidewater Hydraulics" });
    expect(res.status, res.text).toBe(200);
    const found = ofKind((await search(ann, "tidewater")).body.results, "quote");
    expect(found.map((r) => r.title)).toEqual([expect.stringContaining("Tidewater Hydraulics")]);
  });

  it("never finds another account's documents or quotes", async () => {
    for (const q of ["clerestory", "pacific fasteners", "relief valve"]) expect((await search(bob, q)).body.results).toEqual([]);
  });

  it("a deleted document, and its quote, are no longer found", async () => {
    expect(ofKind((await search(ann, "relief valve")).body.results, "document")).toHaveLength(1);
    expect((await call(ann, "DELETE", `/api/documents/${quoted}`)).status).toBe(200);
    expect((await search(ann, "relief valve")).body.results).toEqual([]);
    expect((await search(ann, "pacific")).body.results).toEqual([]);
    expect((await search(ann, "clerestory")).body.results).toHaveLength(1);
  });
});
