import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import { ChatStreamEnd, type ChatMessage } from "@quorum/core/project-chat/schema";
/**
 * The small pure helpers the project chat's screens share (tested in model.test.ts);
 * the API's shapes are core's.
 */

/** The spec's text when a reply carries no response field (the screen passes it in the reader's language). */
export const NO_RESPONSE_TEXT = "I apologize, but I encountered an error processing your request.";
export const NOT_AUTHENTICATED = "User not authenticated";

/** The spec's message ids are timestamp-based. */
export const newMessageId = () => `${Date.now()}`;

/** The answer as the next event of its stream leaves it (done and error carry the stored answer). */
export function applyThreadEvent(message: ChatMessage, event: string, data: any, apology = NO_RESPONSE_TEXT): ChatMessage {
  if (event === STREAM_EVENTS.text) return { ...message, content: message.content + data.text };
  if (event === STREAM_EVENTS.restart) return { ...message, content: "" };
  if (event === STREAM_EVENTS.done || event === STREAM_EVENTS.error) {
    const end = ChatStreamEnd.safeParse(data);
    const reply = end.success ? end.data : null;
    // A reply without its stored answer reads as the spec's apology.
    if (!reply?.message)
      return { ...replyMessage(reply, apology), id: message.id, ...(reply?.error ? { state: "error", error: reply.error } : {}) };
    return reply.message;
  }
  return message;
}

/** The AI message a reply becomes (the spec's apology when it has no response). */
export function replyMessage(reply: ChatStreamEnd | null | undefined, apology = NO_RESPONSE_TEXT): ChatMessage {
  const hasResponse = !!reply && typeof reply.response === "string";
  return {
    id: newMessageId(),
    type: "ai",
    content: hasResponse ? reply.response! : apology,
    timestamp: reply?.timestamp ?? new Date().toISOString(),
    citations: hasResponse ? (reply!.citations ?? []) : [],
    model: reply?.model,
  };
}

/**
 * The loaded history followed by this visit's messages it does not hold yet: once
 * the history is read again it holds the exchanges (under the same ids), shown once.
 */
export function mergeThread(history: ChatMessage[], session: ChatMessage[]): ChatMessage[] {
  if (session.length === 0) return history;
  const stored = new Set(history.map((m) => m.id));
  return [...history, ...session.filter((m) => !stored.has(m.id))];
}
