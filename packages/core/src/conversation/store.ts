import { createHash } from "node:crypto";
import { TooLarge } from "../error";
import { FIRST_MESSAGE } from "./branches";
import { MessageEntity, type MessageItem } from "./entity";
import type { FileMeta, StoredMessage } from "./schema";

/**
 * How messages are kept: one item each, written in batches, compared by hash so an
 * unchanged message is never written again.
 */

/** DynamoDB refuses items over 400 KB; a message is kept under this with room for its keys. */
const MAX_MESSAGE_BYTES = 350_000;
const PREVIEW_CHARS = 200;
// `parentId` and `branch` are the server's to set: a client's copy is never kept as its own field.
const MESSAGE_FIELDS = new Set(["id", "type", "content", "timestamp", "files", "parentId", "branch"]);

export type Message = StoredMessage;

/** A message as parsed from a request (the client's extra fields ride along). */
export interface ParsedMessage {
  id: string;
  type: "user" | "ai";
  content: string;
  timestamp?: string | number | null;
  files?: FileMeta[] | null;
  [meta: string]: unknown;
}

export type MessageRecord = Omit<MessageItem, "conversationId" | "userId">;

export function toRecord(message: ParsedMessage, messageId: string, position: number, parentId?: string): MessageRecord {
  const meta = Object.fromEntries(Object.entries(message).filter(([key]) => !MESSAGE_FIELDS.has(key)));
  const timestamp = message.timestamp === null || message.timestamp === undefined ? undefined : String(message.timestamp);
  const hasDetails = (message.files?.length ?? 0) > 0 || Object.keys(meta).length > 0;
  const details = hasDetails ? JSON.stringify({ files: message.files ?? [], meta }) : undefined;
  const bytes = Buffer.byteLength(message.content) + Buffer.byteLength(details ?? "");
  if (bytes > MAX_MESSAGE_BYTES) throw new TooLarge("A message is too large to save");
  const hash = createHash("sha256")
    .update(JSON.stringify([message.type, message.content, timestamp, details, ...(parentId ? [parentId] : [])]))
    .digest("base64url");
  return { messageId, position, type: message.type, content: message.content, timestamp, details, hash, ...(parentId ? { parentId } : {}) };
}

export function fromRecord(item: MessageItem): Message {
  const details = item.details ? (JSON.parse(item.details) as { files?: Message["files"]; meta?: Record<string, unknown> }) : {};
  return {
    ...details.meta,
    id: item.messageId,
    type: item.type,
    content: item.content,
    timestamp: item.timestamp ?? null,
    files: details.files ?? [],
    ...(item.parentId && item.parentId !== FIRST_MESSAGE ? { parentId: item.parentId } : {}),
  };
}

/** What a stored message weighs in a response, near enough to keep a page under its byte cap. */
export const recordBytes = (item: MessageItem) => item.content.length + (item.details?.length ?? 0) + 200;

/** Client ids are timestamps and can collide; a repeat gets a stable suffix so both messages survive every save. */
export function uniqueIds(messages: { id: string }[]): string[] {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const count = (seen.get(m.id) ?? 0) + 1;
    seen.set(m.id, count);
    return count === 1 ? m.id : `${m.id}~${count}`;
  });
}

export function lastMessageFields(last: MessageRecord | undefined) {
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
export async function putAll(items: MessageItem[]) {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 6) throw new Error(`${pending.length} messages could not be written`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const result = await MessageEntity.put(pending).go({ concurrency: 4 });
    const left = new Set(result.unprocessed.map((u) => (u as { messageId?: string }).messageId));
    pending = pending.filter((item) => left.has(item.messageId));
  }
}

export async function deleteAll(conversationId: string, messageIds: string[]) {
  let pending = messageIds;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 6) throw new Error(`${pending.length} messages could not be deleted`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const result = await MessageEntity.delete(pending.map((messageId) => ({ conversationId, messageId }))).go({ concurrency: 4 });
    const left = new Set(result.unprocessed.map((u) => (u as { messageId?: string }).messageId));
    pending = pending.filter((id) => left.has(id));
  }
}

/** Every stored message's hash and position, by id (one Query on the table, strongly consistent). */
export async function storedMessages(conversationId: string) {
  const result = await MessageEntity.query.primary({ conversationId }).go({ pages: "all", attributes: ["messageId", "hash", "position"] });
  return new Map(result.data.map((m) => [m.messageId as string, { hash: m.hash as string, position: m.position as number }]));
}

/** The stored hash, position and parent of just these ids (a batch get, not the whole conversation). */
export async function storedSubset(conversationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, { hash: string; position: number; parentId?: string }>();
  const result = await MessageEntity.get(messageIds.map((messageId) => ({ conversationId, messageId }))).go({
    attributes: ["messageId", "hash", "position", "parentId"],
    concurrency: 4,
  });
  return new Map(
    result.data.map((m) => [m.messageId as string, { hash: m.hash as string, position: m.position as number, parentId: m.parentId }]),
  );
}
