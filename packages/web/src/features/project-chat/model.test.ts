import { describe, expect, it } from "vitest";
import type { ChatMessage, Citation } from "@quorum/core/project-chat/schema";
import { mergeThread, NO_RESPONSE_TEXT, replyMessage } from "./model";

const cite = (index: number): Citation => ({ index, documentId: 1, projectId: 1, fileName: "a.pdf", page: 1, snippet: "" });

describe("project chat model", () => {
  it("a reply without a response field becomes the spec's apology", () => {
    expect(replyMessage({}).content).toBe(NO_RESPONSE_TEXT);
    expect(replyMessage(null).content).toBe(NO_RESPONSE_TEXT);
    expect(replyMessage({ response: "Hi", citations: [cite(1)] })).toMatchObject({ type: "ai", content: "Hi", citations: [cite(1)] });
  });

  it("this visit's messages follow the loaded history, and show once when a reread history holds them too", () => {
    const m = (id: string): ChatMessage => ({ id, type: "user", content: id, timestamp: null });
    expect(mergeThread([m("a"), m("b")], [m("q"), m("r")]).map((x) => x.id)).toEqual(["a", "b", "q", "r"]);
    expect(mergeThread([m("a"), m("q"), m("r")], [m("q"), m("r"), m("failed")]).map((x) => x.id)).toEqual(["a", "q", "r", "failed"]);
  });
});
