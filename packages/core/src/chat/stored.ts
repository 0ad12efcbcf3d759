/**
 * How a chat exchange is stored, in one browser-safe module: the web saves an
 * answer it received as JSON with these, and the server saves a streamed answer
 * with the same, so the stored messages are identical either way.
 */

/** The characters of the first message that make a conversation's automatic title. */
export const TITLE_CHARS = 30;
export const NEW_CONVERSATION = "New Conversation";

/** The first user message cut to 30 characters plus '...' when longer; 'New Conversation' without one. */
export function autoTitle(messages: { type: string; content: string }[]): string {
  const first = messages.find((m) => m.type === "user")?.content.trim();
  if (!first) return NEW_CONVERSATION;
  return first.length > TITLE_CHARS ? `${first.slice(0, TITLE_CHARS)}...` : first;
}

/** An answer's fields beyond `response` that the UI shows under it (the shape of POST /api/chat's answer). */
export interface ReplyLike {
  model?: string;
  mode?: "single" | "research";
  modelId?: string;
  offline?: boolean;
  answers?: unknown[];
  synthesizer?: unknown;
  agreement?: unknown;
  comparison?: unknown;
  synthesisFailures?: unknown[];
  continuedFrom?: string;
  usage?: { inputTokens: number; outputTokens: number };
  cost?: number;
  latencyMs?: number;
  notes?: string[];
}

/** What an AI message keeps of its reply, so a loaded conversation shows the same details. */
export function detailsOf<R extends ReplyLike>(reply: R, requested?: string) {
  return {
    requested,
    model: reply.model,
    mode: reply.mode,
    modelId: reply.modelId,
    offline: reply.offline,
    answers: reply.answers as R["answers"],
    synthesizer: (reply.synthesizer ?? null) as R["synthesizer"] | null,
    agreement: (reply.agreement ?? null) as R["agreement"] | null,
    ...(reply.comparison ? { comparison: reply.comparison as R["comparison"] } : {}),
    ...(reply.synthesisFailures?.length ? { synthesisFailures: reply.synthesisFailures as R["synthesisFailures"] } : {}),
    ...(reply.continuedFrom ? { continuedFrom: reply.continuedFrom } : {}),
    usage: reply.usage,
    cost: reply.cost,
    latencyMs: reply.latencyMs,
    notes: reply.notes,
  };
}

/** Kept here too for the project chat, which stores its answers the same way. */
export type { AnswerState } from "./schema";

/** The events of a streamed answer (`Accept: text/event-stream`), in the order they come. */
export const STREAM_EVENTS = {
  /** The question and a placeholder answer are stored: `{ conversationId, version, question, answer }`. */
  start: "start",
  /** Research mode: a model was asked, its card appears: `{ model, service }`. */
  model: "model",
  /** Research mode: a piece of one model's answer: `{ model, text }`. */
  modelText: "model-text",
  /** Research mode: one model finished or failed: its ModelAnswer (latency, tokens, error). */
  modelDone: "model-done",
  /** A piece of the main answer: `{ text }`. */
  text: "text",
  /** The main answer starts over (a synthesizer broke off; the next one writes it): `{}`. */
  restart: "restart",
  /** Research mode: a model could not write the combined answer: its ModelAnswer, with why. */
  synthesisFailed: "synthesis-failed",
  /** Research mode: where the models agree and differ so far: `{ agree, differ }`, whole each time. */
  comparison: "comparison",
  /** Last event: the whole answer as the JSON reply has it, plus `conversationId`, `version` and the stored `message`. */
  done: "done",
  /** Last event instead of `done` when the answer broke off: `{ error }`, plus what `done` carries when it was stored. */
  error: "error",
} as const;
