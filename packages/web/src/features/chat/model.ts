import { currentLocale } from "@/i18n/languages";
import { HISTORY_MESSAGES, STREAM_ABANDONED_SECONDS } from "@quorum/core/chat/limits";
import type { Comparison, ModelAnswer } from "@quorum/core/ai/schema";
import { RESEARCH } from "@quorum/core/ai/types";
import { autoTitle, NEW_CONVERSATION, STREAM_EVENTS } from "@quorum/core/chat/stored";
import {
  ANSWER_STATES,
  FILES_ONLY_MESSAGE,
  type AnswerState,
  type ModelValue,
  type ReplyDetails,
  type StreamEnd,
  type StreamModel,
  type StreamModelText,
  type StreamText,
} from "@quorum/core/chat/schema";
import type { BranchPlace, ConversationSummary, MessageInput, StoredMessage } from "@quorum/core/conversation/schema";
// Relative, so the rules can be unit-tested from the repository root (which knows no "@" alias).
import { PRODUCT_NAME } from "../../lib/product";

/**
 * The chat's shapes and constants (models, limits, titles). Pure: no React,
 * no network, so the rules can be tested on their own.
 */

export interface ModelOption {
  value: ModelValue;
  label: string;
  tag: string;
}

/** The product's own multi-model value: research mode. */
export const RESEARCH_MODEL = RESEARCH;

/** The spec's choices and tags, in its order; the multi-model choice last. */
export const MODEL_OPTIONS: ModelOption[] = [
  { value: "claude", label: "Claude", tag: "advanced reasoning" },
  { value: "gpt", label: "GPT", tag: "creative writing and programming" },
  { value: "gemini", label: "Gemini", tag: "multimodal, strong vision" },
  { value: "grok", label: "Grok", tag: "real-time information" },
  { value: "deepseek", label: "Deepseek", tag: "technical reasoning" },
  { value: "quorum", label: PRODUCT_NAME, tag: "multi-model synthesis" },
];

export function modelOption(value: string): ModelOption | undefined {
  return MODEL_OPTIONS.find((o) => o.value === value);
}

/** History sent with a chat call (the server cuts it further to its token budget). */
export const HISTORY_LIMIT = HISTORY_MESSAGES;
export { autoTitle, NEW_CONVERSATION };
/** Characters of the last message a sidebar item previews. */
export const PREVIEW_CHARS = 50;
/** GET /api/ai-status is polled this often. */
export const STATUS_POLL_MS = 60_000;

export const UNTITLED_CONVERSATION = "Untitled Conversation";
/** A message with this id is a greeting, never saved nor shown from a load. */
export const WELCOME_ID = "welcome";

/** A model's card as shown: core's answer, or one still being written (research mode, while its model answers). */
export type ShownModelAnswer = Omit<ModelAnswer, "status"> & { status: ModelAnswer["status"] | "streaming" };

/** An AI message's details as shown: core's, with the cards of models still answering. */
export type ShownDetails = Omit<ReplyDetails, "answers"> & { answers?: ShownModelAnswer[] };

export interface Attachment {
  filename: string;
  type: string;
}

/** A message as the chat holds it. */
export interface ChatMessage {
  id: string;
  type: "user" | "ai";
  content: string;
  /** ISO time. */
  timestamp: string;
  attachments?: Attachment[];
  details?: ShownDetails;
  /** A streamed answer: being written, stopped by the person, or broken off (why is in `error`). */
  state?: AnswerState;
  error?: string;
  /** One of several versions (edited, regenerated): which, for ‹ n/m ›. */
  branch?: BranchPlace;
}

/** Titles that ask for a generated one. */
export function needsGeneratedTitle(title: string | null | undefined): boolean {
  const t = (title ?? "").trim();
  return t === "" || t === NEW_CONVERSATION || t === UNTITLED_CONVERSATION;
}

/** A generated title is applied only when it says something. */
export function usableGeneratedTitle(title: unknown): string | null {
  if (typeof title !== "string") return null;
  const t = title.trim();
  return t && t !== NEW_CONVERSATION ? t : null;
}

/** The last message's first 50 characters plus '...', or "" when there is none (the screen says so in words). */
export function previewText(conversation: Pick<ConversationSummary, "lastMessage">): string {
  const content = conversation.lastMessage?.content ?? "";
  if (!content) return "";
  // Markdown's markers would only be noise in one line of plain text.
  const flat = content
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s*(#{1,6}|>)\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}...` : flat;
}

/** 'session_' + timestamp + a random string: a fresh chat's session. */
export function newSessionId(now = Date.now(), random = Math.random): string {
  return `session_${now}_${random().toString(36).slice(2, 11)}`;
}

/** The last 10 messages as {type, content}, without the greeting. */
export function historyOf(messages: ChatMessage[]): { type: "user" | "ai"; content: string }[] {
  return messages
    .filter((m) => m.id !== WELCOME_ID)
    .slice(-HISTORY_LIMIT)
    .map((m) => ({ type: m.type, content: m.content }));
}

/** The message text actually sent: files alone ask for an analysis (in the reader's words when given). */
export function outgoingText(text: string, fileCount: number, filesOnly = FILES_ONLY_MESSAGE): string {
  const trimmed = text.trim();
  return trimmed || (fileCount > 0 ? filesOnly : "");
}

export function toStored(message: ChatMessage): MessageInput {
  return {
    id: message.id,
    type: message.type,
    content: message.content,
    timestamp: message.timestamp,
    files: (message.attachments ?? []).map((a) => ({ name: a.filename, type: a.type })),
    ...(message.details ? { details: message.details } : {}),
    ...(message.state ? { state: message.state } : {}),
    ...(message.error ? { error: message.error } : {}),
  };
}

/** A loaded message; the greeting is dropped by the caller. */
export function fromStored(message: StoredMessage): ChatMessage {
  const ts = message.timestamp;
  const time = ts === null || ts === "" ? new Date(0) : new Date(ts);
  return {
    id: String(message.id),
    type: message.type === "user" ? "user" : "ai",
    content: typeof message.content === "string" ? message.content : "",
    timestamp: Number.isNaN(time.getTime()) ? new Date(0).toISOString() : time.toISOString(),
    attachments: message.files.map((f) => ({ filename: f.name, type: f.type ?? "" })),
    ...(message.details && typeof message.details === "object" ? { details: message.details as ShownDetails } : {}),
    ...(isAnswerState(message.state) ? { state: message.state } : {}),
    ...(typeof message.error === "string" ? { error: message.error } : {}),
    ...(message.branch ? { branch: message.branch } : {}),
  };
}

const isAnswerState = (value: unknown): value is AnswerState => (ANSWER_STATES as readonly unknown[]).includes(value);

export function loadedMessages(messages: StoredMessage[] | undefined): ChatMessage[] {
  return (messages ?? []).filter((m) => String(m.id) !== WELCOME_ID).map(fromStored);
}

/** The placeholder answer shown from the moment a question is sent until its first words. */
export function streamingAnswer(id: string, requested: ModelValue): ChatMessage {
  return {
    id,
    type: "ai",
    content: "",
    timestamp: new Date().toISOString(),
    state: "streaming",
    details: { requested, mode: requested === RESEARCH_MODEL ? "research" : "single", answers: [] },
  };
}

/** An answer the server is still writing (one marked so long ago was cut off, and is not waited for). */
export function isBeingWritten(message: ChatMessage, now = Date.now()): boolean {
  return message.state === "streaming" && now - new Date(message.timestamp).getTime() < STREAM_ABANDONED_SECONDS * 1000;
}

/** The answer as the next event of its stream leaves it (pure, so the order of events can be tested). */
export function applyStreamEvent(message: ChatMessage, event: string, data: unknown): ChatMessage {
  const details = message.details ?? {};
  const answers = details.answers ?? [];
  switch (event) {
    case STREAM_EVENTS.model: {
      const { model, service } = data as StreamModel;
      const card: ShownModelAnswer = {
        model,
        service,
        modelId: "",
        provider: "",
        status: "streaming",
        response: "",
        latencyMs: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
      };
      return { ...message, details: { ...details, answers: [...answers, card] } };
    }
    case STREAM_EVENTS.modelText: {
      const { model, text } = data as StreamModelText;
      return {
        ...message,
        details: { ...details, answers: answers.map((a) => (a.model === model ? { ...a, response: (a.response ?? "") + text } : a)) },
      };
    }
    case STREAM_EVENTS.modelDone: {
      const done = data as ModelAnswer;
      return { ...message, details: { ...details, answers: answers.map((a) => (a.model === done.model ? done : a)) } };
    }
    case STREAM_EVENTS.text:
      return { ...message, content: message.content + (data as StreamText).text };
    case STREAM_EVENTS.restart:
      // The next synthesizer writes its own points too.
      return { ...message, content: "", details: { ...details, comparison: undefined } };
    case STREAM_EVENTS.comparison:
      return { ...message, details: { ...details, comparison: data as Comparison } };
    case STREAM_EVENTS.synthesisFailed:
      return { ...message, details: { ...details, synthesisFailures: [...(details.synthesisFailures ?? []), data as ModelAnswer] } };
    case STREAM_EVENTS.done:
    case STREAM_EVENTS.error: {
      const end = data as StreamEnd;
      if (end.message) return fromStored(end.message);
      return { ...message, state: "error", error: end.error };
    }
    default:
      return message;
  }
}

/** "Continue with this model": the research answer whose card a single model carries on from. */
export interface Continuation {
  messageId: string;
  model: ModelValue;
}

/**
 * The continuation a loaded thread is in: its last answer continued from a research
 * answer's card, so its model goes on with it (null when the last answer did not).
 */
export function continuationOf(messages: ChatMessage[]): Continuation | null {
  const last = messages.findLast((m) => m.type === "ai");
  const from = last?.details?.continuedFrom;
  const model = last?.details?.requested;
  return from && model && model !== RESEARCH ? { messageId: from, model: model as ModelValue } : null;
}

/** Where a research answer's card for `model` is on the page (chips scroll to it). */
export const cardAnchor = (messageId: string, model: string) => `card-${messageId}-${model}`;

/** "840 ms", "1.2 s", "12 s". */
export function formatLatency(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  const digits = s < 10 ? 1 : 0;
  return `${s.toLocaleString(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits })} s`;
}
