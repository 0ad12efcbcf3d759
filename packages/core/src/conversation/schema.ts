import { z } from "zod";
import { NextCursor } from "../list-page";
import { CONVERSATION_FULL, MAX_CONVERSATION_MESSAGES, MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG } from "../chat/limits";

/**
 * The conversations API contract (both sidebars: /api/conversations and
 * /api/projects-conversations), browser-safe (zod only), shared with the web.
 */

/** The two sidebars: the general chat and the projects chat. */
export const LIST_TYPES = ["general", "projects"] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** File details kept with a message: names and types, never the file's data. */
export const FileMeta = z.object({
  name: z.string().max(255).default(""),
  type: z.string().max(255).optional(),
  size: z.number().nonnegative().optional(),
  error: z.union([z.string().max(1000), z.boolean()]).optional(),
});
export type FileMeta = z.output<typeof FileMeta>;

/**
 * A message as the client sends it: id, type, content, timestamp, files, plus
 * whatever else it keeps on a message (the model that answered, each model's
 * answer...), which is stored and answered back as it came.
 */
export const messageShape = {
  id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().min(1, "Message id is required").max(200, "Message id is too long")),
  type: z.enum(["user", "ai"], { message: "Message type must be user or ai" }),
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG)
    .nullish()
    .transform((v) => v ?? ""),
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
  files: z.array(FileMeta).max(20).nullish(),
};
export const MessageInput = z.object(messageShape).catchall(z.unknown());
export type MessageInput = z.input<typeof MessageInput>;

export const Messages = z.array(MessageInput).max(MAX_CONVERSATION_MESSAGES, CONVERSATION_FULL);
/** The longest conversation title; renaming in the sidebar stops typing there too. */
export const MAX_TITLE_CHARS = 200;
export const Title = z.string().trim().max(MAX_TITLE_CHARS, "Title is too long");
export const SessionId = z.string().trim().max(200, "Session id is too long").nullish();
export const ConversationId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid conversation id");

/** POST /api/conversations (the spec's body also carries userId: the route checks it is the caller's). */
export const ConversationCreateInput = z.object({
  title: Title.optional(),
  messages: Messages.default([]),
  sessionId: SessionId,
});
export type ConversationCreateInput = z.input<typeof ConversationCreateInput>;

/**
 * PUT /api/conversations/{id}: the full message list (the spec's), only the new or
 * changed messages (`upsert`), a new title, or a title with either. `version`, when
 * sent, must be the conversation's current one.
 */
export const ConversationUpdateInput = z
  .object({
    title: Title.min(1, "Title cannot be empty").optional(),
    messages: Messages.optional(),
    upsert: Messages.optional(),
    version: z.number({ message: "version must be a number" }).int().nonnegative().optional(),
  })
  .refine((v) => v.title !== undefined || v.messages !== undefined || v.upsert !== undefined, {
    message: "Send messages or a title",
  })
  .refine((v) => v.messages === undefined || v.upsert === undefined, { message: "Send messages or upsert, not both" });
export type ConversationUpdateInput = z.input<typeof ConversationUpdateInput>;

/** POST /api/conversations/{id}/stop: the answer being written stops, keeping what it wrote. */
export const ConversationStopInput = z.object({
  messageId: z.union([z.string(), z.number()], { message: "messageId is required" }).transform(String).pipe(z.string().min(1).max(200)),
  userId: z.string().max(128).optional(),
});

/** Where a shown message stands among its versions: `ids` oldest first, `index` 1-based into them. */
export const BranchPlace = z.object({ index: z.number().int().min(1), count: z.number().int().min(2), ids: z.array(z.string()) });
export type BranchPlace = z.infer<typeof BranchPlace>;

/** PUT /api/conversations/{id}/branch: show the branch holding this message (one of a message's versions). */
export const BranchSelectInput = z.object({
  messageId: z
    .union([z.string(), z.number()], { message: "messageId is required" })
    .transform(String)
    .pipe(z.string().trim().min(1).max(200)),
  userId: z.string().max(128).optional(),
});

/** A message as the API stores and answers it; the client's extra fields come back as they were sent. */
export const StoredMessage = z
  .object({
    id: z.string(),
    type: z.enum(["user", "ai"]),
    content: z.string(),
    timestamp: z.string().nullable(),
    files: z.array(FileMeta),
    /** In a branched conversation: the message it follows. */
    parentId: z.string().optional(),
    /** A shown message with other versions (an edited question, a regenerated answer): which of them it is, 1-based. */
    branch: BranchPlace.optional(),
  })
  .catchall(z.unknown());
export type StoredMessage = z.infer<typeof StoredMessage>;

/** A sidebar item: a conversation without its messages. */
export const ConversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  userId: z.string(),
  listType: z.enum(LIST_TYPES),
  sessionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number(),
  /** Send it back with the next save: a save against an older version is refused. */
  version: z.number(),
  lastMessage: z.object({ type: z.string(), content: z.string(), timestamp: z.string().nullable() }).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** One page of a conversation, oldest message first. */
export const ConversationPage = ConversationSummary.extend({
  messages: z.array(StoredMessage),
  /** Whether older messages exist before this page. */
  hasMore: z.boolean(),
  /** The `before` that fetches the page before this one; null at the conversation's start. */
  older: z.number().nullable(),
});
export type ConversationPage = z.infer<typeof ConversationPage>;

export const ConversationList = z.object({ conversations: z.array(ConversationSummary), ...NextCursor });
export const ConversationRemoved = z.object({ id: z.string(), deleted: z.literal(true) });
export const ConversationStopping = z.object({ id: z.string(), messageId: z.string(), stopping: z.literal(true) });

/** GET /api/conversations/{id}/export?format=md|pdf */
export const EXPORT_FORMATS = ["md", "pdf"] as const;
export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "format must be md or pdf" }),
  userId: z.string().max(128).optional(),
});
/**
 * An export holds the conversation's latest messages up to this many characters: a Lambda answer
 * stops at 6 MB, and a character takes up to 3 bytes of UTF-8 (a PDF of this many takes ~4 s).
 */
export const MAX_EXPORT_CHARS = 1_000_000;

/** POST /api/conversations/{id}/share: the link anyone with it can read the conversation at. */
export const ShareReply = z.object({ token: z.string(), url: z.string() });
export const ShareRevoked = z.object({ id: z.string(), shared: z.literal(false) });
/** Share tokens are 32 random bytes, base64url. */
export const ShareToken = z.object({
  token: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid share link"),
});

/** GET /api/shared/{token}: a shared conversation as anyone with the link reads it (no owner, no session). */
export const SharedConversation = z.object({
  title: z.string(),
  createdAt: z.string(),
  messages: z.array(StoredMessage),
  hasMore: z.boolean(),
  older: z.number().nullable(),
});
export type SharedConversation = z.infer<typeof SharedConversation>;
