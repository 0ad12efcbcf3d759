import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { Actor } from "../actor";
import { Invalid, NotFound, TooLarge } from "../error";
import { fn } from "../fn";
import { ConversationEntity, LIST_TYPES, MessageEntity, type ConversationItem, type ListType, type MessageItem } from "./entity";

export { LIST_TYPES, type ListType } from "./entity";

/** More would not be a chat; bounds the work of one save. */
export const MAX_MESSAGES = 2000;
const MAX_CONTENT = 100_000;
/** DynamoDB refuses items over 400 KB; a message is kept under this with room for its keys. */
const MAX_MESSAGE_BYTES = 350_000;
const PREVIEW_CHARS = 200;

/** File details kept with a message: names and types, never the file's data. */
const FileMeta = z.object({
  name: z.string().max(255).default(""),
  type: z.string().max(255).optional(),
  size: z.number().nonnegative().optional(),
  error: z.union([z.string().max(1000), z.boolean()]).optional(),
});

const MESSAGE_FIELDS = new Set(["id", "type", "content", "timestamp", "files"]);

/**
 * A message as the client sends it: id, type, content, timestamp, files, plus
 * whatever else it keeps on a message (the model that answered, each model's
 * answer...), which is stored and answered back as it came.
 */
const messageShape = {
  id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().min(1, "Message id is required").max(200, "Message id is too long")),
  type: z.enum(["user", "ai"], { message: "Message type must be user or ai" }),
  content: z
    .string()
    .max(MAX_CONTENT, "A message is too long")
    .nullish()
    .transform((v) => v ?? ""),
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
  files: z.array(FileMeta).max(20).nullish(),
};
export const MessageInput = z.object(messageShape).catchall(z.unknown());
export type MessageInput = z.input<typeof MessageInput>;

const Messages = z.array(MessageInput).max(MAX_MESSAGES, `A conversation can hold at most ${MAX_MESSAGES} messages`);
const Title = z.string().trim().max(200, "Title is too long");
const Id = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid conversation id");
const List = z.enum(LIST_TYPES);

export interface Message {
  id: string;
  type: "user" | "ai";
  content: string;
  timestamp: string | null;
  files: z.output<typeof FileMeta>[];
  [meta: string]: unknown;
}

export interface Summary {
  id: string;
  title: string;
  userId: string;
  listType: ListType;
  sessionId: string | null;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  lastMessage: { type: string; content: string; timestamp: string | null } | null;
}

function summary(c: ConversationItem): Summary {
  return {
    id: c.conversationId,
    title: c.title,
    userId: c.userId,
    listType: c.listType,
    sessionId: c.sessionId ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    messageCount: c.messageCount,
    lastMessage: c.lastMessageType
      ? { type: c.lastMessageType, content: c.lastMessagePreview ?? "", timestamp: c.lastMessageAt ?? null }
      : null,
  };
}

type Parsed = z.output<typeof MessageInput>;
type Record_ = Omit<MessageItem, "conversationId" | "userId">;

function toRecord(message: Parsed, messageId: string, position: number): Record_ {
  const meta = Object.fromEntries(Object.entries(message).filter(([key]) => !MESSAGE_FIELDS.has(key)));
  const timestamp = message.timestamp === null || message.timestamp === undefined ? undefined : String(message.timestamp);
  const hasDetails = (message.files?.length ?? 0) > 0 || Object.keys(meta).length > 0;
  const details = hasDetails ? JSON.stringify({ files: message.files ?? [], meta }) : undefined;
  const bytes = Buffer.byteLength(message.content) + Buffer.byteLength(details ?? "");
  if (bytes > MAX_MESSAGE_BYTES) throw new TooLarge("A message is too large to save");
  const hash = createHash("sha256")
    .update(JSON.stringify([message.type, message.content, timestamp, details]))
    .digest("base64url");
  return { messageId, position, type: message.type, content: message.content, timestamp, details, hash };
}

function fromRecord(item: MessageItem): Message {
  const details = item.details ? (JSON.parse(item.details) as { files?: Message["files"]; meta?: Record<string, unknown> }) : {};
  return {
    ...details.meta,
    id: item.messageId,
    type: item.type,
    content: item.content,
    timestamp: item.timestamp ?? null,
    files: details.files ?? [],
  };
}

/** Client ids are timestamps and can collide; a repeat gets a stable suffix so both messages survive every save. */
function uniqueIds(messages: Parsed[]): string[] {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const count = (seen.get(m.id) ?? 0) + 1;
    seen.set(m.id, count);
    return count === 1 ? m.id : `${m.id}~${count}`;
  });
}

function lastMessageFields(last: Record_ | undefined) {
  return last
    ? {
        lastMessageType: last.type,
        lastMessagePreview: last.content.slice(0, PREVIEW_CHARS),
        lastMessageAt: last.timestamp ?? new Date().toISOString(),
      }
    : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** BatchWriteItem may leave items unprocessed under load; they are sent again. */
async function putAll(items: MessageItem[]) {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 6) throw new Error(`${pending.length} messages could not be written`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const result = await MessageEntity.put(pending).go({ concurrency: 4 });
    const left = new Set(result.unprocessed.map((u) => (u as { messageId?: string }).messageId));
    pending = pending.filter((item) => left.has(item.messageId));
  }
}

async function deleteAll(conversationId: string, messageIds: string[]) {
  let pending = messageIds;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 6) throw new Error(`${pending.length} messages could not be deleted`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const result = await MessageEntity.delete(pending.map((messageId) => ({ conversationId, messageId }))).go({ concurrency: 4 });
    const left = new Set(result.unprocessed.map((u) => (u as { messageId?: string }).messageId));
    pending = pending.filter((id) => left.has(id));
  }
}

async function existingMessages(conversationId: string) {
  const result = await MessageEntity.query.primary({ conversationId }).go({ pages: "all", attributes: ["messageId", "hash", "position"] });
  return new Map(result.data.map((m) => [m.messageId as string, { hash: m.hash as string, position: m.position as number }]));
}

async function owned(listType: ListType, id: string): Promise<ConversationItem> {
  const conversation = (await ConversationEntity.get({ userId: Actor.userId(), conversationId: id }).go()).data;
  // Another user's conversation and one of the other list are equally "not found".
  if (!conversation || conversation.listType !== listType) throw new NotFound("Conversation");
  return conversation;
}

/**
 * Makes the stored messages equal to `messages`: new and changed ones are
 * written, unchanged ones skipped, missing ones deleted. Saving the same list
 * twice changes nothing.
 */
async function replaceMessages(conversation: ConversationItem, messages: Parsed[]): Promise<ConversationItem> {
  const ids = uniqueIds(messages);
  const records = messages.map((m, i) => toRecord(m, ids[i]!, i));
  const existing = await existingMessages(conversation.conversationId);
  const wanted = new Set(ids);
  const toWrite = records.filter((r) => {
    const stored = existing.get(r.messageId);
    return !stored || stored.hash !== r.hash || stored.position !== r.position;
  });
  const toDelete = [...existing.keys()].filter((id) => !wanted.has(id));
  const base = { conversationId: conversation.conversationId, userId: conversation.userId };
  await Promise.all([putAll(toWrite.map((r) => ({ ...base, ...r }))), deleteAll(conversation.conversationId, toDelete)]);

  const last = lastMessageFields(records[records.length - 1]);
  const update = ConversationEntity.patch({ userId: conversation.userId, conversationId: conversation.conversationId }).set({
    messageCount: records.length,
    ...last,
  });
  const result = await (last ? update : update.remove(["lastMessageType", "lastMessagePreview", "lastMessageAt"])).go({
    response: "all_new",
  });
  return result.data as ConversationItem;
}

export namespace Conversation {
  export const CreateInput = z.object({
    listType: List,
    title: Title.optional(),
    messages: Messages.default([]),
    sessionId: z.string().trim().max(200, "Session id is too long").nullish(),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  /** The body of a PUT: the full message list, or a new title (or both). */
  export const UpdateInput = z
    .object({
      title: Title.min(1, "Title cannot be empty").optional(),
      messages: Messages.optional(),
    })
    .refine((v) => v.title !== undefined || v.messages !== undefined, { message: "Send messages or a title" });
  export type UpdateInput = z.input<typeof UpdateInput>;

  export const AppendInput = z.object({
    listType: List,
    id: Id,
    // Ids are optional here: the server makes them for messages it writes itself.
    messages: z
      .array(z.object({ ...messageShape, id: messageShape.id.optional() }).catchall(z.unknown()))
      .min(1)
      .max(100),
  });

  /** The caller's conversations of one list, newest first: one Query that reads no message. */
  export const list = fn(List, async (listType): Promise<Summary[]> => {
    const result = await ConversationEntity.query.byList({ userId: Actor.userId(), listType }).go({ order: "desc", pages: "all" });
    return result.data.map(summary);
  });

  /** One conversation with its messages in order. */
  export const get = fn(z.object({ listType: List, id: Id }), async ({ listType, id }) => {
    const conversation = await owned(listType, id);
    const result = await MessageEntity.query.primary({ conversationId: id }).go({ pages: "all" });
    const messages = result.data
      .sort((a, b) => a.position - b.position || (a.timestamp ?? "").localeCompare(b.timestamp ?? ""))
      .map(fromRecord);
    return { ...summary(conversation), messages };
  });

  export const create = fn(CreateInput, async ({ listType, title, messages, sessionId }): Promise<Summary> => {
    const conversation = (
      await ConversationEntity.create({
        conversationId: randomUUID(),
        userId: Actor.userId(),
        listType,
        title: title ?? "New Conversation",
        ...(sessionId ? { sessionId } : {}),
      }).go()
    ).data as ConversationItem;
    if (messages.length === 0) return summary(conversation);
    return summary(await replaceMessages(conversation, messages));
  });

  export const update = fn(
    z.object({ listType: List, id: Id, changes: UpdateInput }),
    async ({ listType, id, changes }): Promise<Summary> => {
      let conversation = await owned(listType, id);
      if (changes.title !== undefined) {
        conversation = (
          await ConversationEntity.patch({ userId: conversation.userId, conversationId: id })
            .set({ title: changes.title })
            .go({ response: "all_new" })
        ).data as ConversationItem;
      }
      if (changes.messages !== undefined) conversation = await replaceMessages(conversation, changes.messages);
      return summary(conversation);
    },
  );

  /** Deletes the conversation and all its messages (the messages first, so a retry can finish the job). */
  export const remove = fn(z.object({ listType: List, id: Id }), async ({ listType, id }) => {
    const conversation = await owned(listType, id);
    await deleteAll(id, [...(await existingMessages(id)).keys()]);
    await ConversationEntity.delete({ userId: conversation.userId, conversationId: id }).go();
    return { id, deleted: true as const };
  });

  /**
   * Adds messages at the end without resending the list (the projects chat).
   * Positions come from an atomic counter, so concurrent appends never share one.
   */
  export const appendMessages = fn(AppendInput, async ({ listType, id, messages }): Promise<Summary> => {
    const conversation = await owned(listType, id);
    const withIds = messages.map((m, i) => ({ ...m, id: m.id ?? `${Date.now()}-${i}-${randomUUID().slice(0, 8)}` })) as Parsed[];
    const counted = await ConversationEntity.update({ userId: conversation.userId, conversationId: id })
      .add({ messageCount: withIds.length })
      .go({ response: "all_new" });
    const first = (counted.data.messageCount ?? withIds.length) - withIds.length;
    const records = withIds.map((m, i) => toRecord(m, m.id, first + i));
    await putAll(records.map((r) => ({ ...r, conversationId: id, userId: conversation.userId })));
    const updated = await ConversationEntity.patch({ userId: conversation.userId, conversationId: id })
      .set(lastMessageFields(records[records.length - 1])!)
      .go({ response: "all_new" });
    return summary(updated.data as ConversationItem);
  });

  /** The caller's newest conversation of a list with exactly this title (e.g. "All Projects Chat"). */
  export async function findByTitle(listType: ListType, title: string): Promise<Summary | undefined> {
    const all = await list(listType);
    return all.find((c) => c.title === title);
  }

  export function parseId(id: unknown): string {
    const parsed = Id.safeParse(id);
    if (!parsed.success) throw new Invalid("Invalid conversation id");
    return parsed.data;
  }
}
