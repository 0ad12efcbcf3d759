import { describe, expect, it } from "vitest";
import type { InAppNotification } from "@quorum/core/notify/schema";
import { destinationOf, isElsewhere } from "./in-app";

const base = { notificationId: "n1", createdAt: "2026-01-01T00:00:00.000Z" };
const documentReady: InAppNotification = { ...base, kind: "document-ready", projectId: 12, documentId: 3, documentName: "a.pdf" };
const answer = (listType: string): InAppNotification => ({ ...base, kind: "answer-ready", conversationId: "c1", listType, title: "T" });

describe("in-app toasts", () => {
  it("a document's toast shows everywhere but on its own project", () => {
    expect(isElsewhere(documentReady, "/customers")).toBe(true);
    expect(isElsewhere(documentReady, "/projects/1")).toBe(true);
    expect(isElsewhere(documentReady, "/projects/123")).toBe(true);
    expect(isElsewhere(documentReady, "/projects/12")).toBe(false);
    expect(isElsewhere(documentReady, "/projects/12/documents")).toBe(false);
    expect(destinationOf(documentReady)).toBe("/projects/12");
  });

  it("an answer's toast shows unless the user is in that chat area", () => {
    expect(isElsewhere(answer("general"), "/chat")).toBe(false);
    expect(isElsewhere(answer("general"), "/projects")).toBe(true);
    expect(isElsewhere(answer("projects"), "/projects")).toBe(false);
    expect(isElsewhere(answer("projects"), "/chat")).toBe(true);
    expect(destinationOf(answer("general"))).toBe("/chat");
  });
});
