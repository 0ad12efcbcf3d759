import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { LIST_TYPES } from "./schema";

/**
 * A conversation without its messages: what a sidebar lists. The last message's
 * preview and the count live here so a list is one Query that reads no message.
 */
export const ConversationEntity = defineEntity({
  model: { entity: "conversation", version: "1", service: "quorum" },
  attributes: {
    conversationId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    title: { type: "string", required: true, default: "" },
    sessionId: { type: "string" },
    messageCount: { type: "number", required: true, default: 0 },
    lastMessageType: { type: "string" },
    /** The start of the last message, enough for the sidebar's 50-character preview. */
    lastMessagePreview: { type: "string" },
    lastMessageAt: { type: "string" },
    /** Bumped by every change to the messages: a save that names an older version is refused (two tabs). */
    version: { type: "number", required: true, default: 0 },
    /** The id of the answer whose generation the person asked to stop (read by the server writing it). */
    stopRequested: { type: "string" },
    /** Whether every message carries the position index (conversations saved before it existed get it on first read). */
    positionsIndexed: { type: "boolean" },
    /** Whether every message is in the owner's search index (conversations saved before it existed get it on their next save). */
    searchIndexed: { type: "boolean" },
    /** The token of its read-only link, while it is shared. */
    shareToken: { type: "string" },
    /** Whether a question was edited or an answer regenerated: its messages form a tree, not a line. */
    branched: { type: "boolean" },
    /** The last message of the branch the person chose to see (a branched conversation only). */
    selectedLeaf: { type: "string" },
    ...timestamps,
  },
  indexes: {
    // The owner is part of the key: another user's conversation is simply not found.
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["conversationId"] },
    },
    byList: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId", "listType"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});

export type ConversationItem = EntityItem<typeof ConversationEntity>;

/**
 * One message, an item of its own under its conversation: a long conversation
 * would outgrow DynamoDB's 400 KB item limit as a single record.
 */
export const MessageEntity = defineEntity({
  model: { entity: "message", version: "1", service: "quorum" },
  attributes: {
    conversationId: { type: "string", required: true, readOnly: true },
    /** The client's id (timestamp-based); saving the same list again overwrites, never duplicates. */
    messageId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true },
    /** Order in the conversation; padded so the index sorts it as text. */
    position: { type: "number", required: true, padding: { length: 10, char: "0" } },
    type: { type: ["user", "ai"] as const, required: true },
    content: { type: "string", required: true, default: "" },
    timestamp: { type: "string" },
    /** JSON: the files' names and types, and whatever else the client keeps on a message (model, answers...). */
    details: { type: "string" },
    /**
     * The message it follows, once its conversation has branches (an edited question and its
     * first version share one). Without it a message follows the one before it by position.
     */
    parentId: { type: "string" },
    /** Of everything above but the position: unchanged messages are not written again. */
    hash: { type: "string", required: true },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["conversationId"] },
      sk: { field: "sk", composite: ["messageId"] },
    },
    /** In order, so the latest page (and each older one) is one Query. */
    byPosition: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["conversationId"] },
      sk: { field: "gsi1sk", composite: ["position"] },
    },
  },
});

export type MessageItem = EntityItem<typeof MessageEntity>;

/**
 * A conversation's read-only link: the token is the key, so reading a shared
 * conversation is one GetItem here and one on the conversation, without sign-in.
 */
export const ShareEntity = defineEntity({
  model: { entity: "share", version: "1", service: "quorum" },
  attributes: {
    token: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    conversationId: { type: "string", required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["token"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/**
 * One word of one message (or of a conversation's title) in its owner's search index.
 * Keyed by owner and the word's first letters, then the word, so the messages holding
 * a word, or any word it starts ("pum" finds "pump" and "pumps"), are one Query; by conversation and message too,
 * so a changed or deleted message's words are found and removed.
 */
export const PostingEntity = defineEntity({
  model: { entity: "posting", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** The word's first three letters: see bucketOf in search-index.ts. */
    bucket: { type: "string", required: true, readOnly: true },
    term: { type: "string", required: true, readOnly: true },
    conversationId: { type: "string", required: true, readOnly: true },
    /** The message's id, TITLE_POSTING for the conversation's title, or PAGES_POSTING for a document's pages. */
    messageId: { type: "string", required: true, readOnly: true },
    /** How often the word occurs there (counted up to a few). */
    count: { type: "number", required: true },
    /** PAGES_POSTING's pages holding the word, comma-separated ("3,7,12"). */
    pages: { type: "string" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId", "bucket"] },
      sk: { field: "sk", composite: ["term", "conversationId", "messageId"] },
    },
    byMessage: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["conversationId"] },
      sk: { field: "gsi1sk", composite: ["messageId", "term"] },
    },
  },
});

export type PostingItem = EntityItem<typeof PostingEntity>;

/**
 * What a search ranks and quotes for a record that is not a message (see record-index.ts): one
 * page of a document's text, or a quote's vendor, number and items. Kept beside the postings
 * made from it, so a search reads a few small items, never a document's whole text.
 */
export const SearchTextEntity = defineEntity({
  model: { entity: "searchText", version: "1", service: "quorum" },
  attributes: {
    /** The postings' key: "~doc:<documentId>" or "~quote:<documentId>". */
    conversationId: { type: "string", required: true, readOnly: true },
    /** The page number, or "0" for a quote. */
    messageId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    text: { type: "string", required: true },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["conversationId"] },
      sk: { field: "sk", composite: ["messageId"] },
    },
  },
});

export type SearchTextItem = EntityItem<typeof SearchTextEntity>;
