import { HISTORY_MESSAGES, historyTrimmedNote, trimToTokenBudget } from "../chat/limits";
import type { Message } from "./types";

/**
 * The conversation a model sees before the question: the last HISTORY_MESSAGES
 * messages, cut to the token budget oldest first. When anything was cut the note
 * says so, and goes out with the answer.
 */
export function boundedHistory(recent: Message[]): { messages: Message[]; note?: string } {
  const considered = recent.slice(-HISTORY_MESSAGES);
  const { kept, dropped } = trimToTokenBudget(considered);
  return dropped > 0 ? { messages: kept, note: historyTrimmedNote(dropped, considered.length) } : { messages: kept };
}
