import { describe, expect, it } from "vitest";
import { isAccepted, screenFiles } from "./files";
import {
  applyStreamEvent,
  autoTitle,
  continuationOf,
  fromStored,
  historyOf,
  loadedMessages,
  needsGeneratedTitle,
  newSessionId,
  outgoingText,
  previewText,
  toStored,
  usableGeneratedTitle,
  type ChatMessage,
} from "./model";

const msg = (type: "user" | "ai", content: string, id = String(Math.random())): ChatMessage => ({
  id,
  type,
  content,
  timestamp: "2026-01-01T10:00:00.000Z",
});

describe("chat rules", () => {
  it("a new conversation is titled after the first user message, cut to 30 characters plus '...'", () => {
    expect(autoTitle([msg("user", "Short question")])).toBe("Short question");
    expect(autoTitle([msg("user", "a".repeat(30))])).toBe("a".repeat(30));
    expect(autoTitle([msg("user", "What is the capital of Australia and why?")])).toBe("What is the capital of Austral...");
    expect(autoTitle([msg("ai", "Hello")])).toBe("New Conversation");
  });

  it("only empty, 'New Conversation' and 'Untitled Conversation' titles ask for a generated one", () => {
    for (const title of ["", "  ", "New Conversation", "Untitled Conversation", undefined]) expect(needsGeneratedTitle(title)).toBe(true);
    expect(needsGeneratedTitle("Trip to Lisbon")).toBe(false);
  });

  it("a generated title is used only when it is not empty and not 'New Conversation'", () => {
    expect(usableGeneratedTitle(" Lisbon trip ")).toBe("Lisbon trip");
    expect(usableGeneratedTitle("")).toBeNull();
    expect(usableGeneratedTitle("New Conversation")).toBeNull();
    expect(usableGeneratedTitle(undefined)).toBeNull();
  });

  it("the sidebar previews the last message's first 50 characters plus '...', or says there is none", () => {
    expect(previewText({ lastMessage: null })).toBe("");
    expect(previewText({ lastMessage: { type: "ai", content: "Hi there", timestamp: null } })).toBe("Hi there");
    expect(previewText({ lastMessage: { type: "ai", content: "x".repeat(60), timestamp: null } })).toBe(`${"x".repeat(50)}...`);
    // Markdown's markers are not shown in the one-line preview.
    expect(previewText({ lastMessage: { type: "ai", content: "## Plan\n**Offline model** — `KEY_NAME`", timestamp: null } })).toBe(
      "Plan Offline model — KEY_NAME",
    );
  });

  it("a session id is 'session_' + timestamp + a random string", () => {
    expect(newSessionId(1700000000000, () => 0.123456789)).toMatch(/^session_1700000000000_[a-z0-9]+$/);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it("history is the last 10 messages as type and content, without the greeting", () => {
    const messages = [msg("ai", "hello", "welcome"), ...Array.from({ length: 12 }, (_, i) => msg(i % 2 ? "ai" : "user", `m${i}`))];
    const history = historyOf(messages);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual({ type: "user", content: "m2" });
    expect(history.at(-1)).toEqual({ type: "ai", content: "m11" });
  });

  it("files alone ask for an analysis; blank text without files sends nothing", () => {
    expect(outgoingText("  ", 2)).toBe("Please analyze the uploaded file(s)");
    expect(outgoingText("  ", 0)).toBe("");
    expect(outgoingText(" hi ", 1)).toBe("hi");
  });

  it("a message keeps its attachments and reply details through a save and a load", () => {
    const original: ChatMessage = {
      ...msg("ai", "answer", "42"),
      attachments: [{ filename: "quote.pdf", type: "application/pdf" }],
      details: { model: "offline", offline: true, usage: { inputTokens: 0, outputTokens: 0 } },
    };
    const stored = toStored(original);
    expect(stored.files).toEqual([{ name: "quote.pdf", type: "application/pdf" }]);
    expect(fromStored(JSON.parse(JSON.stringify(stored)))).toEqual(original);
  });

  it("a loaded conversation drops the greeting", () => {
    const list = loadedMessages([
      { id: "welcome", type: "ai", content: "Hi", timestamp: null, files: [] },
      { id: "1", type: "user", content: "Q", timestamp: "2026-01-01T10:00:00.000Z", files: [] },
    ]);
    expect(list.map((m) => m.id)).toEqual(["1"]);
  });
});

describe("attachments", () => {
  it("documents: PDF, Word, Excel, CSV and text, by type or by extension", () => {
    for (const name of ["a.pdf", "a.doc", "a.docx", "a.xls", "a.xlsx", "a.csv", "a.txt", "A.PDF"])
      expect(isAccepted("document", { name, type: "" })).toBe(true);
    expect(isAccepted("document", { name: "data", type: "text/csv" })).toBe(true);
    expect(isAccepted("document", { name: "run.exe", type: "application/x-msdownload" })).toBe(false);
    expect(isAccepted("document", { name: "photo.png", type: "image/png" })).toBe(false);
  });

  it("images: JPEG and PNG only", () => {
    for (const name of ["a.jpg", "a.jpeg", "a.png"]) expect(isAccepted("image", { name, type: "" })).toBe(true);
    expect(isAccepted("image", { name: "a.gif", type: "image/gif" })).toBe(false);
    expect(isAccepted("image", { name: "a.pdf", type: "application/pdf" })).toBe(false);
  });

  it("a refused file keeps the accepted ones and says why", () => {
    const picked = [
      { name: "ok.pdf", type: "application/pdf", size: 10 },
      { name: "bad.zip", type: "application/zip", size: 10 },
    ];
    expect(screenFiles("document", picked)).toEqual({
      accepted: [picked[0]],
      refusal: { reason: "type", kind: "document" },
    });
    expect(screenFiles("image", [{ name: "x.webp", type: "image/webp", size: 10 }]).refusal).toEqual({ reason: "type", kind: "image" });
    expect(screenFiles("image", [{ name: "x.png", type: "image/png", size: 10 }]).refusal).toBeNull();
  });

  it("refuses a file over 20 MB, saying so, and more than 10 files on one message", () => {
    const big = { name: "scan.pdf", type: "application/pdf", size: 25 * 1024 * 1024 };
    const small = { name: "ok.pdf", type: "application/pdf", size: 10 };
    expect(screenFiles("document", [big, small])).toEqual({
      accepted: [small],
      refusal: { reason: "size", name: "scan.pdf", size: 25 * 1024 * 1024 },
    });
    expect(screenFiles("document", [small, small], 9)).toEqual({
      accepted: [small],
      refusal: { reason: "count" },
    });
  });
});

describe("research answers that show their work", () => {
  const research = (): ChatMessage => ({ ...msg("ai", "", "r1"), details: { mode: "research", answers: [] } });

  it("the points arrive whole each time, a failed synthesizer is noted, and a restart clears what the next one rewrites", () => {
    const points = { agree: [{ point: "330 m.", models: ["gpt", "gemini"] }], differ: [] };
    let m = applyStreamEvent(research(), "text", { text: "Combined" });
    m = applyStreamEvent(m, "comparison", points);
    expect(m.details?.comparison).toEqual(points);
    m = applyStreamEvent(m, "synthesis-failed", { model: "gemini", status: "failed", error: "Gemini had a server error (HTTP 500)" });
    m = applyStreamEvent(m, "restart", {});
    expect(m.content).toBe("");
    expect(m.details?.comparison).toBeUndefined();
    expect(m.details?.synthesisFailures).toEqual([expect.objectContaining({ model: "gemini" })]);
  });

  it("a thread whose last answer continued from a research card goes on with that card's model", () => {
    const continued: ChatMessage = { ...msg("ai", "Because...", "a2"), details: { requested: "deepseek", continuedFrom: "r1" } };
    expect(continuationOf([msg("user", "Q"), research(), msg("user", "Why?"), continued])).toEqual({ messageId: "r1", model: "deepseek" });
    expect(continuationOf([msg("user", "Q"), research()])).toBeNull();
    expect(continuationOf([continued, msg("user", "Q"), research()])).toBeNull();
  });
});
