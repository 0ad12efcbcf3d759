import { currentLocale } from "@/i18n/languages";
import { HISTORY_MESSAGES, STREAM_ABANDONED_SECONDS } from "@quorum/core/chat/limits";
import { autoTitle, NEW_CONVERSATION, STREAM_EVENTS, type AnswerState } from "@quorum/core/chat/stored";
// Relative, so the rules can be unit-tested from the repository root (which knows no "@" alias).
import { PRODUCT_NAME } from "../../lib/product";

/**
 * The chat's shapes and constants (models, limits, titles). Pure: no React,
 * no network, so the rules can be tested on their own.
 */

/** The values POST /api/chat accepts (core's MODEL_VALUES). */
export type ModelValue = "claude" | "gpt" | "gemini" | "grok" | "deepseek" | "quorum";

export interface ModelOption {
  value: ModelValue;
  label: string;
  tag: string;
}

/** The product's own multi-model value: research mode. */
export const RESEARCH_MODEL: ModelValue = "quorum";
export const DEFAULT_MODEL: ModelValue = "gemini";

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
export { autoTitle, NEW_CONVERSATION, type AnswerState };
/** Characters of the last message a sidebar item previews. */
export const PREVIEW_CHARS = 50;
/** GET /api/ai-status is polled this often. */
export const STATUS_POLL_MS = 60_000;

export const UNTITLED_CONVERSATION = "Untitled Conversation";
/** A message with this id is a greeting, never saved nor shown from a load. */
export const WELCOME_ID = "welcome";
export const FILES_ONLY_MESSAGE = "Please analyze the uploaded file(s)";

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** One model's own answer in a reply (core's ModelAnswer). */
export interface ModelAnswer {
  model: string;
  service: string;
  modelId: string;
  provider: string;
  /** "streaming" only while the answer is being written. */
  status: "answered" | "failed" | "timed_out" | "stopped" | "streaming";
  response?: string;
  error?: string;
  latencyMs: number;
  usage: Usage;
  truncated?: boolean;
}

export interface Agreement {
  agreed: string[];
  differed: string[];
  source: "synthesizer" | "lexical";
}

/** What an AI message keeps of its reply, so a loaded conversation shows the same details. */
export interface ReplyDetails {
  /** The choice the question was sent to; the answer may come from another (the offline model). */
  requested?: string;
  model?: string;
  mode?: "single" | "research";
  modelId?: string;
  offline?: boolean;
  answers?: ModelAnswer[];
  synthesizer?: ModelAnswer | null;
  agreement?: Agreement | null;
  usage?: Usage;
  latencyMs?: number;
  notes?: string[];
}

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
  details?: ReplyDetails;
  /** A streamed answer: being written, stopped by the person, or broken off (why is in `error`). */
  state?: AnswerState;
  error?: string;
}

/** A message as the conversations API stores and answers it. */
export interface StoredMessage {
  id: string;
  type: "user" | "ai";
  content: string;
  timestamp: string | number | null;
  files?: { name: string; type?: string; size?: number; error?: string | boolean }[] | null;
  details?: ReplyDetails;
  [meta: string]: unknown;
}

export type ListType = "general" | "projects";

/** A sidebar item (GET /api/conversations). */
export interface ConversationSummary {
  id: string;
  title: string;
  userId: string;
  sessionId: string | null;
  createdAt: string;
  updatedAt?: string;
  messageCount?: number;
  /** Sent back with the next save: a save from an older version is refused with 409. */
  version?: number;
  lastMessage?: { type: string; content: string; timestamp: string | null } | null;
  /** Other back ends answer the messages themselves. */
  messages?: StoredMessage[];
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
export function previewText(conversation: Pick<ConversationSummary, "lastMessage" | "messages">): string {
  const content = conversation.lastMessage?.content ?? conversation.messages?.at(-1)?.content ?? "";
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

export function toStored(message: ChatMessage): StoredMessage {
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
  const time = ts === null || ts === undefined || ts === "" ? new Date(0) : new Date(typeof ts === "number" ? ts : String(ts));
  return {
    id: String(message.id),
    type: message.type === "user" ? "user" : "ai",
    content: typeof message.content === "string" ? message.content : "",
    timestamp: Number.isNaN(time.getTime()) ? new Date(0).toISOString() : time.toISOString(),
    attachments: (message.files ?? []).map((f) => ({ filename: f.name, type: f.type ?? "" })),
    ...(message.details && typeof message.details === "object" ? { details: message.details } : {}),
    ...(isAnswerState(message.state) ? { state: message.state } : {}),
    ...(typeof message.error === "string" ? { error: message.error } : {}),
  };
}

const isAnswerState = (value: unknown): value is AnswerState => value === "streaming" || value === "stopped" || value === "error";

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
export function applyStreamEvent(message: ChatMessage, event: string, data: any): ChatMessage {
  const details = message.details ?? {};
  const answers = details.answers ?? [];
  switch (event) {
    case STREAM_EVENTS.model:
      return {
        ...message,
        details: {
          ...details,
          answers: [
            ...answers,
            {
              model: data.model,
              service: data.service,
              modelId: "",
              provider: "",
              status: "streaming",
              response: "",
              latencyMs: 0,
              usage: { inputTokens: 0, outputTokens: 0 },
            },
          ],
        },
      };
    case STREAM_EVENTS.modelText:
      return {
        ...message,
        details: {
          ...details,
          answers: answers.map((a) => (a.model === data.model ? { ...a, response: (a.response ?? "") + data.text } : a)),
        },
      };
    case STREAM_EVENTS.modelDone:
      return { ...message, details: { ...details, answers: answers.map((a) => (a.model === data.model ? data : a)) } };
    case STREAM_EVENTS.text:
      return { ...message, content: message.content + data.text };
    case STREAM_EVENTS.restart:
      return { ...message, content: "" };
    case STREAM_EVENTS.done:
    case STREAM_EVENTS.error:
      if (data.message) return fromStored(data.message);
      return { ...message, state: "error", error: data.error };
    default:
      return message;
  }
}

/** "840 ms", "1.2 s", "12 s". */
export function formatLatency(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  const digits = s < 10 ? 1 : 0;
  return `${s.toLocaleString(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits })} s`;
}

export function timeOfDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || d.getTime() === 0) return "";
  return d.toLocaleTimeString(currentLocale(), { hour: "numeric", minute: "2-digit" });
}
