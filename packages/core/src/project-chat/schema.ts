import { z } from "zod";
import type { AnswerState } from "../chat/stored";

/**
 * The project chats (one project's, and all projects') as the API takes and answers them:
 * browser-safe (zod only), shared with the web.
 */

/** The longest question a chat takes. */
export const MAX_MESSAGE = 20_000;

/** The title of the conversation the all-projects chat keeps its history in. */
export const ALL_PROJECTS_TITLE = "All Projects Chat";

const Message = z
  .string({ message: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(MAX_MESSAGE, `A message can be at most ${MAX_MESSAGE} characters`);

/** Forms send ids as numbers or digits. */
const OptionalProjectId = z
  .union([z.number(), z.string().regex(/^\d+$/, "projectId must be a number")], { message: "projectId must be a number" })
  .transform(Number)
  .optional();

/** POST /api/projects/{id}/chat: `projectId`, when sent, must be the path's; the caller's `userId` is checked by the route. */
export const ProjectChatInput = z.object({
  message: Message,
  projectId: OptionalProjectId,
  userId: z.string().max(128).optional(),
});
export type ProjectChatInput = z.input<typeof ProjectChatInput>;

/** POST /api/projects-chat. */
export const AllProjectsChatInput = z.object({
  message: Message,
  userId: z.string().max(128).optional(),
});
export type AllProjectsChatInput = z.input<typeof AllProjectsChatInput>;

/**
 * A source of an answer: one passage of a document, numbered as the answer cites
 * it ("[2]"). The UI links it to the document view at its page.
 */
export const Citation = z.object({
  /** The number the answer uses: "[1]". */
  index: z.number().int(),
  documentId: z.number(),
  projectId: z.number(),
  /** Set in the all-projects chat, where sources come from several projects. */
  projectName: z.string().optional(),
  fileName: z.string(),
  page: z.number(),
  /** The passage's first and last line on its page (1-based), when known. */
  lineFrom: z.number().optional(),
  lineTo: z.number().optional(),
  /** The passage itself, shortened, for a tooltip. */
  snippet: z.string(),
});
export type Citation = z.infer<typeof Citation>;

const ANSWER_STATES = ["streaming", "stopped", "error"] as const satisfies readonly AnswerState[];

/** A message as the chat APIs answer it. */
export const ChatMessage = z.object({
  id: z.string(),
  type: z.enum(["user", "ai"]),
  content: z.string(),
  timestamp: z.string().nullable(),
  citations: z.array(Citation).optional(),
  /** Who wrote an AI message: a model choice, or "offline". */
  model: z.string().optional(),
  /** A streamed answer: being written, stopped, or broken off (why is in `error`). */
  state: z.enum(ANSWER_STATES).optional(),
  error: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET /api/projects/{id}/conversation: a page of the chat's messages, oldest first, and the `before` of the page before it. */
export const ChatPage = z.object({
  /** The conversation holding the history (null before the first question). */
  conversationId: z.string().nullable(),
  messages: z.array(ChatMessage),
  hasMore: z.boolean(),
  older: z.number().nullable(),
});
export type ChatPage = z.infer<typeof ChatPage>;

/** Both chats' JSON answer (without `Accept: text/event-stream`). */
export const ChatReply = z.object({
  /** The assistant's text (Markdown, citing sources as [1], [2] ...). */
  response: z.string(),
  citations: z.array(Citation),
  model: z.string(),
  offline: z.boolean(),
  /** Plain words about models that failed before one answered. */
  notes: z.array(z.string()),
  conversationId: z.string(),
  /** The two messages as stored (the question, then the answer). */
  messages: z.array(ChatMessage),
  timestamp: z.string(),
  retrieval: z.object({ documents: z.number(), chunks: z.number(), searchMs: z.number(), loadMs: z.number() }),
});
export type ChatReply = z.infer<typeof ChatReply>;

/** The stream's `start` event: the question and a placeholder answer are stored, under these ids. */
export const ChatStreamStart = z.object({
  conversationId: z.string(),
  version: z.number(),
  question: ChatMessage,
  answer: ChatMessage,
});
export type ChatStreamStart = z.infer<typeof ChatStreamStart>;

/**
 * The stream's last event, `done` or `error`: the reply as far as it got, and the stored answer
 * (`message`) unless storing it failed; `error` says why an answer broke off.
 */
export const ChatStreamEnd = ChatReply.partial().extend({ message: ChatMessage.optional(), error: z.string().optional() });
export type ChatStreamEnd = z.infer<typeof ChatStreamEnd>;
