import { beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { MAX_EXPORT_CHARS } from "@quorum/core/conversation/schema";
import { SHARED_READS_PER_IP } from "@quorum/core/ratelimit/index";
import { call, callFrom, gatewayUrl, newLoopbackIp, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * Export (Markdown, PDF) and read-only links: GET /api/conversations/{id}/export,
 * POST/DELETE /api/conversations/{id}/share and GET /api/shared/{token}.
 */

const at = "2026-11-20T09:30:00.000Z";
const MESSAGES = [
  {
    id: "q1",
    type: "user",
    content: "Which supplier is cheaper for the pumps?",
    timestamp: at,
    files: [{ name: "quotes.pdf", type: "application/pdf" }],
  },
  {
    id: "a1",
    type: "ai",
    content: "Acme is cheaper at 1,200 EUR per pump.",
    timestamp: at,
    files: [],
    details: {
      mode: "research",
      answers: [
        { model: "gpt", service: "GPT", status: "answered", response: "Acme, by about 10 percent." },
        { model: "grok", service: "Grok", status: "failed", error: "Grok did not answer within 16 s" },
      ],
    },
  },
  { id: "q2", type: "user", content: "Where does it say so?", timestamp: at, files: [] },
  {
    id: "a2",
    type: "ai",
    content: "The Acme quote lists 1,200 EUR per pump [1].",
    timestamp: at,
    files: [],
    citations: [
      { index: 1, documentId: 4, projectId: 2, fileName: "acme-quote.pdf", page: 2, lineFrom: 3, lineTo: 5, snippet: "Pump P-200" },
    ],
  },
];

async function conversation(user: TestUser, messages: unknown[] = MESSAGES, title = "Pump suppliers") {
  const res = await call(user, "POST", "/api/conversations", { title, messages });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

async function download(user: TestUser | undefined, path: string) {
  const res = await fetch(`${gatewayUrl()}${path}`, { headers: user?.headers ?? {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("exporting a conversation", () => {
  let ann: TestUser;
  let id: string;
  beforeAll(async () => {
    ann = await signedInUser();
    id = await conversation(ann);
  });

  it("as Markdown: every message with its author, each model's answer and the sources", async () => {
    const res = await download(ann, `/api/conversations/${id}/export?format=md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Pump suppliers\.md"/);
    const md = new TextDecoder().decode(res.bytes);
    expect(md).toMatch(/^# Pump suppliers\n/);
    expect(md).toContain("## You · 2026-11-20 09:30 UTC\n\nWhich supplier is cheaper for the pumps?");
    expect(md).toContain("Attachments: quotes.pdf");
    expect(md).toContain("## Quorum (research mode) · 2026-11-20 09:30 UTC\n\nAcme is cheaper at 1,200 EUR per pump.");
    expect(md).toContain("#### GPT\n\nAcme, by about 10 percent.");
    expect(md).toContain("#### Grok\n\nDid not answer: Grok did not answer within 16 s");
    expect(md).toContain("### Sources\n\n- [1] acme-quote.pdf, page 2, lines 3–5");
  });

  it("as PDF: a document that opens, with the same text", async () => {
    const res = await download(ann, `/api/conversations/${id}/export?format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/filename="Pump suppliers\.pdf"/);
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(res.bytes);
    for (const expected of [
      "Pump suppliers",
      "Which supplier is cheaper for the pumps?",
      "Acme, by about 10 percent.",
      "[1] acme-quote.pdf, page 2",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("of an empty conversation is a valid document that says so, in both formats", async () => {
    const empty = await conversation(ann, [], "New Conversation");
    const md = await download(ann, `/api/conversations/${empty}/export?format=md`);
    expect(md.status).toBe(200);
    expect(new TextDecoder().decode(md.bytes)).toContain("This conversation has no messages yet.");
    const pdf = await download(ann, `/api/conversations/${empty}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.bytes)).toContain("This conversation has no messages yet.");
  });

  it("a conversation longer than one export holds keeps its latest messages and says so", async () => {
    // Eleven messages of 100,000 characters: one more than fits in 1,000,000.
    const long = Array.from({ length: 11 }, (_, i) => ({
      id: `m${i}`,
      type: "user",
      content: `Message number ${i}. ${"x".repeat(MAX_EXPORT_CHARS / 10 - 30)}`,
      timestamp: at,
      files: [],
    }));
    const big = await conversation(ann, long, "Long");
    const md = new TextDecoder().decode((await download(ann, `/api/conversations/${big}/export?format=md`)).bytes);
    expect(md).toContain("Only the latest 10 messages fit in one export (1,000,000 characters); earlier ones are left out.");
    expect(md).toContain("Message number 10.");
    expect(md).toContain("Message number 1.");
    expect(md).not.toContain("Message number 0.");
  });

  it("characters the PDF fonts lack do not break the export", async () => {
    const other = await conversation(
      ann,
      [{ id: "u", type: "user", content: "价格 ✓\nPreis für Pumpen", timestamp: at, files: [] }],
      "Prices",
    );
    const pdf = await download(ann, `/api/conversations/${other}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("Preis für Pumpen");
    // A line break is a new line, not a character the font lacks.
    expect(text).not.toMatch(/\?Preis/);
  });

  it("an unknown format is a 400; another account's conversation is a 404", async () => {
    const bad = await call(ann, "GET", `/api/conversations/${id}/export?format=docx`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "format must be md or pdf" });
    const bob = await signedInUser();
    expect((await call(bob, "GET", `/api/conversations/${id}/export?format=md`)).status).toBe(404);
    expect((await call(undefined, "GET", `/api/conversations/${id}/export?format=md`)).status).toBe(401);
  });
});

describe("sharing a conversation", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser();
  });

  it("gives a link anyone can read without signing in, read-only and not indexed", async () => {
    const id = await conversation(ann);
    const shared = await call(ann, "POST", `/api/conversations/${id}/share`);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The site's page for it (the local stack's web app here).
    expect(new URL(shared.body.url).pathname).toBe(`/shared/${shared.body.token}`);

    const read = await call(undefined, "GET", `/api/shared/${shared.body.token}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(read.body).toMatchObject({ title: "Pump suppliers", hasMore: false, older: null });
    expect(read.body.messages.map((m: { id: string }) => m.id)).toEqual(["q1", "a1", "q2", "a2"]);
    expect(read.body.messages[3].citations[0].fileName).toBe("acme-quote.pdf");
    expect(JSON.stringify(read.body)).not.toContain(ann.uid);

    // Sharing again gives the same link.
    const again = await call(ann, "POST", `/api/conversations/${id}/share`);
    expect(again.body.token).toBe(shared.body.token);
  });

  it("revoking the link makes it a 404, as is an unknown token; a malformed one is a 400", async () => {
    const id = await conversation(ann);
    const { body } = await call(ann, "POST", `/api/conversations/${id}/share`);
    const revoked = await call(ann, "DELETE", `/api/conversations/${id}/share`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id, shared: false });
    expect((await call(undefined, "GET", `/api/shared/${body.token}`)).status).toBe(404);
    const unknown = await call(undefined, "GET", `/api/shared/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Shared conversation not found" });
    expect((await call(undefined, "GET", "/api/shared/not%20a%20token")).status).toBe(400);
    // Shared anew, it is a new link.
    const fresh = await call(ann, "POST", `/api/conversations/${id}/share`);
    expect(fresh.body.token).not.toBe(body.token);
  });

  it("one network may open shared links only so often, so tokens cannot be tried by the thousand", async () => {
    const ip = newLoopbackIp();
    const guesses = await Promise.all(
      Array.from({ length: SHARED_READS_PER_IP.max }, (_, i) =>
        callFrom(ip, undefined, "GET", `/api/shared/${String(i).padStart(43, "x")}`),
      ),
    );
    expect(guesses.every((r) => r.status === 404)).toBe(true);
    const refused = await callFrom(ip, undefined, "GET", `/api/shared/${"y".repeat(43)}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many shared conversations opened from your network\. Please try again in .+\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await callFrom(newLoopbackIp(), undefined, "GET", `/api/shared/${"y".repeat(43)}`)).status).toBe(404);
  });

  it("deleting the conversation ends its link", async () => {
    const id = await conversation(ann);
    const { body } = await call(ann, "POST", `/api/conversations/${id}/share`);
    expect((await call(ann, "DELETE", `/api/conversations/${id}`)).status).toBe(200);
    expect((await call(undefined, "GET", `/api/shared/${body.token}`)).status).toBe(404);
  });

  it("another account can neither share nor revoke someone else's conversation", async () => {
    const id = await conversation(ann);
    const bob = await signedInUser();
    expect((await call(bob, "POST", `/api/conversations/${id}/share`)).status).toBe(404);
    const { body } = await call(ann, "POST", `/api/conversations/${id}/share`);
    expect((await call(bob, "DELETE", `/api/conversations/${id}/share`)).status).toBe(404);
    expect((await call(undefined, "GET", `/api/shared/${body.token}`)).status).toBe(200);
  });
});
