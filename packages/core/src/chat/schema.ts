import { z } from "zod";
import { AnswerResult, Comparison, ModelAnswer } from "../ai/schema";
import { CHOICES, CUSTOM, RESEARCH } from "../ai/types";
import { StoredMessage } from "../conversation/schema";
import { PresignedUpload } from "../document/schema";
import { PLANS } from "../user/schema";
import { STREAM_EVENTS } from "./stored";
import { wholeNumber } from "../validation";
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_MESSAGE_CHARS,
  MAX_RESEARCH_BUDGET_SECONDS,
  MESSAGE_TOO_LONG,
  TOO_MANY_ATTACHMENTS,
} from "./limits";

/**
 * The chat API contract (POST /api/chat and its stream, titles, attachments' uploads,
 * the model selector), browser-safe (zod only), shared by the server and the web.
 */

/** Every value POST /api/chat takes as `model`: the single models, the organisation's own, research mode. */
export const MODEL_VALUES = [...CHOICES, CUSTOM, RESEARCH] as const;
export type ModelValue = (typeof MODEL_VALUES)[number];
/** The model a question goes to when none is named. */
export const DEFAULT_MODEL = "gemini" satisfies ModelValue;

/** The accepted attachments by extension, with the MIME types browsers give them. */
export const ATTACHMENT_TYPES = {
  document: {
    pdf: ["application/pdf"],
    doc: ["application/msword"],
    docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    xls: ["application/vnd.ms-excel"],
    xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    csv: ["text/csv", "application/csv"],
    txt: ["text/plain"],
  },
  image: {
    jpg: ["image/jpeg"],
    jpeg: ["image/jpeg"],
    png: ["image/png"],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPES;

/** A data URL of the largest attachment (base64 is 4/3 of the bytes); the request's own cap comes first anyway. */
const MAX_DATA_URL_CHARS = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 1024;

function errorReason(marker: unknown): string | false {
  if (!marker) return false;
  if (typeof marker === "string") return marker.trim().slice(0, 1000) || "the browser could not read the file";
  const message = typeof marker === "object" ? (marker as { message?: unknown }).message : undefined;
  return typeof message === "string" && message.trim() ? message.trim().slice(0, 1000) : "the browser could not read the file";
}

/**
 * The spec's file payload: `{ name, type, data }` (a data URL), or an error marker when
 * the browser could not read it; or `{ name, type, key }` for a file uploaded to S3 first.
 */
export const FileInput = z.object({
  name: z.string().trim().max(255, "File name is too long").default("attachment"),
  type: z.string().trim().max(255).default(""),
  data: z.string().max(MAX_DATA_URL_CHARS, "File is too large").nullish(),
  key: z.string().trim().max(1024).nullish(),
  // The marker's shape is the client's: any truthy value means "could not be read"; a text (or an error's message) says why.
  error: z.unknown().optional().transform(errorReason),
});
export type FileInput = z.output<typeof FileInput>;
/** A file as the client sends it. */
export type FilePayload = z.input<typeof FileInput>;

/** The question's text when only files are sent. */
export const FILES_ONLY_MESSAGE = "Please analyze the uploaded file(s)";

export const HistoryItem = z.object({
  // "assistant" is what other clients call the model's turn.
  type: z
    .enum(["user", "ai", "assistant"], { message: "history type must be user or ai" })
    .transform((t) => (t === "assistant" ? "ai" : t)),
  content: z.string().max(MAX_MESSAGE_CHARS, "A history message is too long").default(""),
});

/** "Continue with this model" names the conversation and one model to continue with. */
export const CONTINUE_NEEDS_MODEL = "continueFrom needs the conversationId and a single model";

/** POST /api/chat's fields, before the checks across them. */
const ChatFields = z.object({
  model: z
    .string()
    .trim()
    .toLowerCase()
    // The message names the spec's values: the custom model is only Enterprise's to know.
    .pipe(z.enum(MODEL_VALUES, { message: `model must be one of ${[...CHOICES, RESEARCH].join(", ")}` }))
    .default(DEFAULT_MODEL),
  message: z.string().max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG).default(""),
  files: z.array(FileInput).max(MAX_ATTACHMENTS, TOO_MANY_ATTACHMENTS).default([]),
  // The client sends 10; more is accepted and cut, far more is refused.
  history: z.array(HistoryItem).max(500, "History is too long").default([]),
  userId: z.string().max(128).optional(),
  // A streamed answer is stored by the server: into this conversation, or a new one.
  conversationId: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid conversation id")
    .nullish(),
  sessionId: z.string().trim().max(200, "Session id is too long").nullish(),
  // Research mode: the model that writes the combined answer (the strongest available when none is named).
  synthesizer: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum([...CHOICES, CUSTOM], { message: `synthesizer must be one of ${CHOICES.join(", ")}` }))
    .optional(),
  // "Continue with this model": the id of the research answer whose card for `model` the question follows on from.
  continueFrom: z.string().trim().min(1).max(200, "continueFrom is too long").optional(),
  budgetSeconds: wholeNumber(
    "budgetSeconds",
    10,
    MAX_RESEARCH_BUDGET_SECONDS,
    `budgetSeconds can be at most ${MAX_RESEARCH_BUDGET_SECONDS}`,
  ).optional(),
});

/** POST /api/chat. */
export const ChatInput = ChatFields
  // Refused while parsing, before anything counts against the plan's daily questions.
  .refine((input) => input.message.trim() !== "" || input.files.length > 0, { message: "Please enter a message", path: ["message"] })
  .refine((input) => !input.continueFrom || (input.conversationId && input.model !== RESEARCH), {
    message: CONTINUE_NEEDS_MODEL,
    path: ["continueFrom"],
  });
export type ChatInput = z.input<typeof ChatInput>;

/**
 * POST /api/conversations/{id}/messages/{messageId}/regenerate: the answer is written again,
 * by this model (or research mode), beside the earlier one.
 */
export const RegenerateInput = ChatFields.pick({ model: true, synthesizer: true, budgetSeconds: true, userId: true });
export type RegenerateInput = z.input<typeof RegenerateInput>;

/** POST /api/conversations/{id}/messages/{messageId}/edit: the question asked again in new words, beside the earlier one. */
export const EditInput = RegenerateInput.extend({
  message: z.string().max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG).trim().min(1, "Please enter a message"),
});
export type EditInput = z.input<typeof EditInput>;

/** How one attachment was read, shown under the question. */
export const AttachmentReport = z.object({
  name: z.string(),
  type: z.string(),
  kind: z.enum(["document", "image", "unknown"]),
  status: z.enum(["read", "unreadable"]),
  pages: z.number().optional(),
  characters: z.number().optional(),
  /** Things worth knowing that did not stop the reading (text cut short, scanned pages). */
  warnings: z.array(z.string()).optional(),
  /** Why it could not be read, in plain words. */
  error: z.string().optional(),
});
export type AttachmentReport = z.infer<typeof AttachmentReport>;

/** POST /api/chat's JSON answer (without `Accept: text/event-stream`). */
export const ChatAnswer = AnswerResult.extend({ attachments: z.array(AttachmentReport), timestamp: z.string() });
export type ChatAnswer = z.infer<typeof ChatAnswer>;

/**
 * How a streamed answer stands while it is stored: being written (the server is
 * still at it), stopped by the person, or broken off by the model. A finished
 * answer carries no state, exactly like one saved from a JSON reply.
 */
export const ANSWER_STATES = ["streaming", "stopped", "error"] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

/** What an AI message keeps of its reply, so a loaded conversation shows the same details. */
export const ReplyDetails = AnswerResult.pick({
  model: true,
  mode: true,
  modelId: true,
  offline: true,
  answers: true,
  synthesizer: true,
  agreement: true,
  comparison: true,
  synthesisFailures: true,
  continuedFrom: true,
  usage: true,
  cost: true,
  latencyMs: true,
  notes: true,
})
  .partial()
  /** The choice the question was sent to; the answer may come from another (the offline model). */
  .extend({ requested: z.string().optional() });
export type ReplyDetails = z.infer<typeof ReplyDetails>;

/** The stream's events' data (`Accept: text/event-stream`; names in STREAM_EVENTS). */
export const StreamStart = z.object({ conversationId: z.string(), version: z.number(), question: StoredMessage, answer: StoredMessage });
export const StreamModel = z.object({ model: z.string(), service: z.string() });
export type StreamModel = z.infer<typeof StreamModel>;
export const StreamModelText = z.object({ model: z.string(), text: z.string() });
export type StreamModelText = z.infer<typeof StreamModelText>;
export const StreamText = z.object({ text: z.string() });
export type StreamText = z.infer<typeof StreamText>;
/** `done`, or `error` once the answer was stored: the reply with the conversation and the stored message. */
export const StreamEnd = ChatAnswer.partial().extend({
  response: z.string().optional(),
  conversationId: z.string().optional(),
  version: z.number().optional(),
  message: StoredMessage.optional(),
  error: z.string().optional(),
});
export type StreamEnd = z.infer<typeof StreamEnd>;

/** Each event's data by its name. */
export const STREAM_EVENT_DATA = {
  [STREAM_EVENTS.start]: StreamStart,
  [STREAM_EVENTS.model]: StreamModel,
  [STREAM_EVENTS.modelText]: StreamModelText,
  [STREAM_EVENTS.modelDone]: ModelAnswer,
  [STREAM_EVENTS.text]: StreamText,
  [STREAM_EVENTS.restart]: z.object({}),
  [STREAM_EVENTS.synthesisFailed]: ModelAnswer,
  [STREAM_EVENTS.comparison]: Comparison,
  [STREAM_EVENTS.done]: StreamEnd,
  [STREAM_EVENTS.error]: StreamEnd,
} as const;

/** POST /api/chat/generate-title. */
export const TitleInput = z.object({
  message: z.string().max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG).default(""),
  userId: z.string().max(128).optional(),
});
export const TitleReply = z.object({ title: z.string() });

/** POST /api/chat/attachments/upload-url: a presigned upload for an attachment too large for the chat request. */
export const AttachmentUploadRequest = z.object({
  fileName: z.string({ message: "fileName is required" }).trim().min(1, "fileName is required").max(255, "File name is too long"),
  contentType: z.string().trim().max(255).default(""),
  size: z.number({ message: "size must be a number of bytes" }).int("size must be a whole number of bytes"),
});
export type AttachmentUploadRequest = z.input<typeof AttachmentUploadRequest>;
/** Where the file goes (`key`, which the question then names) and the presigned POST that puts it there. */
export const AttachmentUploadTicket = z.object({ key: z.string(), upload: PresignedUpload });

const MeteredPlan = z.enum(PLANS).exclude(["basic"]);

/** One choice of the model selector: its tier, whether the caller's plan includes it, and the cheapest plan that does. */
export const ModelEntry = z.object({
  value: z.enum([...CHOICES, CUSTOM, RESEARCH]),
  label: z.string(),
  tier: z.enum(["basic", "premium", "custom", "research"]),
  /** The caller's plan includes it. */
  allowed: z.boolean(),
  /** The cheapest plan that includes it. */
  requiredPlan: MeteredPlan,
});
export type ModelEntry = z.infer<typeof ModelEntry>;

/** GET /api/models: the selector's choices; Enterprise also sees how its own model is set up (never the key). */
export const ModelCatalog = z.object({
  plan: MeteredPlan,
  models: z.array(ModelEntry),
  custom: z.object({ name: z.string(), modelId: z.string(), configured: z.boolean() }).nullable(),
  /** The longest research budget the plan allows (RESEARCH_BUDGET_CAP_SECONDS): longer choices are locked. */
  researchBudgetCapSeconds: z.number(),
});
export type ModelCatalog = z.infer<typeof ModelCatalog>;
