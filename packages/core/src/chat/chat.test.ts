import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Chat, HISTORY_LIMIT } from "./index";
import { HISTORY_TOKEN_BUDGET } from "./limits";
import { memoryStatusStore } from "../ai/status";
import { testConfig } from "@quorum/testing/model-config";
import { openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";
import { money, quoteCsv, quotePdf, VENDOR_QUOTE } from "@quorum/testing/quote-files";

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f80000000049454e44ae426082",
  "hex",
);

let gemini: FakeServer;
let deps: Parameters<typeof Chat.respond>[1];
beforeAll(async () => {
  gemini = await startFakeServer(openAiReplies("Answer from Gemini."));
  deps = { config: testConfig({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${gemini.url}/v1` }), store: memoryStatusStore() };
});
afterAll(() => gemini.close());
beforeEach(() => {
  gemini.calls.length = 0;
});

const sentMessages = () => gemini.calls.at(-1)!.body.messages as { role: string; content: any }[];
const userText = (m: { content: any }) => (typeof m.content === "string" ? m.content : m.content[0].text);

describe("chat", () => {
  it("answers with the spec's response field and the model's own answer", async () => {
    const answer = await Chat.respond({ model: "gemini", message: "Hello?", files: [], history: [], userId: "u1" }, deps);
    expect(answer).toMatchObject({ response: "Answer from Gemini.", model: "gemini", offline: false, attachments: [] });
    expect(answer.answers).toHaveLength(1);
    expect(typeof answer.timestamp).toBe("string");
  });

  it("sends only the last 10 messages of the history, in order, before the question", async () => {
    const history = Array.from({ length: 15 }, (_, i) => ({
      type: i % 2 === 0 ? ("user" as const) : ("ai" as const),
      content: `message ${i + 1}`,
    }));
    await Chat.respond({ model: "gemini", message: "And now?", history }, deps);
    const messages = sentMessages();
    expect(messages[0]!.role).toBe("system");
    expect(messages.slice(1, -1).map((m) => m.content)).toEqual(history.slice(-HISTORY_LIMIT).map((h) => h.content));
    expect(messages.slice(1, -1).map((m) => m.role)).toEqual(
      history.slice(-HISTORY_LIMIT).map((h) => (h.type === "user" ? "user" : "assistant")),
    );
    expect(messages.at(-1)).toEqual({ role: "user", content: "And now?" });
  });

  it("cuts the history to its token budget, oldest first, and says so under the answer", async () => {
    // Each message about a quarter of the budget: only the newest three fit.
    const long = (i: number) => `${i} ${"word ".repeat(HISTORY_TOKEN_BUDGET / 5)}`;
    const history = Array.from({ length: 10 }, (_, i) => ({ type: i % 2 === 0 ? ("user" as const) : ("ai" as const), content: long(i) }));
    const answer = await Chat.respond({ model: "gemini", message: "Summarise", history }, deps);
    expect(
      sentMessages()
        .slice(1, -1)
        .map((m) => m.content),
    ).toEqual(history.slice(-3).map((h) => h.content));
    expect(answer.notes).toContain(
      "The 7 oldest of the last 10 messages were left out of what the model saw, to keep the history within 8,000 tokens.",
    );
  });

  it("does not send the question twice when the client put it at the end of the history", async () => {
    await Chat.respond(
      {
        model: "gemini",
        message: "Same question",
        history: [
          { type: "ai", content: "Hi" },
          { type: "user", content: "Same question" },
        ],
      },
      deps,
    );
    expect(
      sentMessages()
        .slice(1)
        .map((m) => m.content),
    ).toEqual(["Hi", "Same question"]);
  });

  it("extracts attached documents on the server and gives their text to the model", async () => {
    const answer = await Chat.respond(
      {
        model: "gemini",
        message: "What is the total of these quotes?",
        files: [
          { name: "quote.pdf", type: "application/pdf", data: dataUrl("application/pdf", quotePdf()) },
          { name: "quote.csv", type: "text/csv", data: dataUrl("text/csv", quoteCsv()) },
        ],
      },
      deps,
    );
    const text = userText(sentMessages().at(-1)!);
    expect(text.startsWith("What is the total of these quotes?")).toBe(true);
    expect(text).toContain('Attached document "quote.pdf"');
    expect(text).toContain('Attached document "quote.csv"');
    expect(text.split(money(VENDOR_QUOTE.total)).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Hydraulic pump HP-220");
    expect(answer.attachments).toEqual([
      expect.objectContaining({ name: "quote.pdf", kind: "document", status: "read", pages: 1 }),
      expect.objectContaining({ name: "quote.csv", kind: "document", status: "read" }),
    ]);
    expect(answer.attachments[0]!.characters).toBeGreaterThan(100);
  });

  it("says when an attachment's text was cut short", async () => {
    const long = "A line of a very long export file.\n".repeat(200_000);
    const answer = await Chat.respond(
      {
        model: "gemini",
        message: "Summarise",
        files: [{ name: "export.txt", type: "text/plain", data: dataUrl("text/plain", Buffer.from(long)) }],
      },
      deps,
    );
    expect(answer.attachments[0]).toMatchObject({
      status: "read",
      warnings: expect.arrayContaining([expect.stringMatching(/^Only the first/)]),
    });
    expect(answer.notes[0]).toMatch(/^"export\.txt": Only the first/);
    // What the model got fits its budget: the most relevant passages, not 7 MB.
    expect(userText(sentMessages().at(-1)!).length).toBeLessThan(70_000);
  });

  it("sends images to a model that sees them", async () => {
    const answer = await Chat.respond(
      { model: "gemini", message: "What is this?", files: [{ name: "dot.png", type: "image/png", data: dataUrl("image/png", PNG) }] },
      deps,
    );
    const content = sentMessages().at(-1)!.content;
    expect(content[1]).toEqual({ type: "image_url", image_url: { url: dataUrl("image/png", PNG) } });
    expect(answer.attachments).toEqual([{ name: "dot.png", type: "image/png", kind: "image", status: "read" }]);
  });

  it("reports an unreadable file instead of failing, and tells the model", async () => {
    const answer = await Chat.respond(
      {
        model: "gemini",
        message: "Summarise",
        files: [
          { name: "scan.pdf", type: "application/pdf", error: "Failed to read file" },
          { name: "photo.jpg", type: "image/jpeg", data: null, error: { message: "NotReadableError" } },
          { name: "notes.txt", type: "text/plain", error: true },
          { name: "anim.gif", type: "image/gif", data: dataUrl("image/gif", Buffer.from("GIF89a......")) },
          { name: "tool.exe", type: "application/octet-stream", data: dataUrl("application/octet-stream", Buffer.from("MZ")) },
          { name: "broken.pdf", type: "application/pdf", data: dataUrl("application/pdf", Buffer.from("%PDF-1.4 garbage")) },
        ],
      },
      deps,
    );
    expect(answer.response).toBe("Answer from Gemini.");
    expect(answer.attachments.map((a) => [a.name, a.status, a.error])).toEqual([
      ["scan.pdf", "unreadable", "Failed to read file"],
      ["photo.jpg", "unreadable", "NotReadableError"],
      ["notes.txt", "unreadable", "the browser could not read the file"],
      ["anim.gif", "unreadable", "Supported image types: JPG, PNG"],
      ["tool.exe", "unreadable", "Supported file types: PDFs, Word documents, Excel files, CSV, and text files"],
      ["broken.pdf", "unreadable", expect.any(String)],
    ]);
    expect(answer.notes[0]).toBe('The attachment "scan.pdf" could not be read: Failed to read file.');
    expect(userText(sentMessages().at(-1)!)).toContain('(The attachment "scan.pdf" could not be read: Failed to read file.)');
  });

  it("asks to analyse the files when only files are sent, and refuses an empty message", async () => {
    await Chat.respond(
      { model: "gemini", message: "  ", files: [{ name: "q.csv", type: "text/csv", data: dataUrl("text/csv", quoteCsv()) }] },
      deps,
    );
    expect(userText(sentMessages().at(-1)!).startsWith("Please analyze the uploaded file(s)")).toBe(true);
    await expect(Chat.respond({ model: "gemini", message: "   " }, deps)).rejects.toThrow("Please enter a message");
    await expect(Chat.respond({ model: "gpt-9" as never, message: "x" }, deps)).rejects.toThrow(
      "model must be one of claude, gpt, gemini, grok, deepseek, quorum",
    );
  });

  it("works offline: the offline model quotes the attached quote's total", async () => {
    const answer = await Chat.respond(
      {
        model: "quorum",
        message: "What is the total?",
        files: [{ name: "quote.pdf", type: "application/pdf", data: dataUrl("application/pdf", quotePdf()) }],
      },
      { config: testConfig(), store: memoryStatusStore() },
    );
    expect(answer).toMatchObject({ model: "offline", offline: true, mode: "research" });
    // The PDF reader keeps a table row's cells together, separated by " | ".
    expect(answer.response).toContain(`> Total: | ${money(VENDOR_QUOTE.total)}`);
    expect(answer.response).toContain('From "quote.pdf", page 1');
  });
});
