import { listPage } from "../db/list-page";
import type { ListPageQuery } from "../list-page";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Actor } from "../actor";
import { isConditionFailure } from "../db/optimistic";
import { Conflict, Invalid, NotFound } from "../error";
import { fn } from "../fn";
import { CONVERSATION_FULL, MAX_CONVERSATION_MESSAGES, MAX_MESSAGE_PAGE, MAX_PAGE_BYTES, STALE_CONVERSATION } from "../chat/limits";
import { deleteAnswerEvents } from "./answer-events";
import { FIRST_MESSAGE, MessageTree } from "./branches";
import { ConversationEntity, MessageEntity, ShareEntity, type ConversationItem, type MessageItem } from "./entity";
import { SearchIndex, TITLE_POSTING, searchableText } from "./search-index";
import {
  ConversationCreateInput,
  ConversationId as Id,
  ConversationUpdateInput,
  LIST_TYPES,
  MessageInput,
  messageShape,
  type ConversationPage,
  type ConversationSummary,
  type ListType,
} from "./schema";
import {
  deleteAll,
  fromRecord,
  lastMessageFields,
  putAll,
  recordBytes,
  storedMessages,
  storedSubset,
  toRecord,
  uniqueIds,
  type MessageRecord,
  type Message,
  type ParsedMessage,
} from "./store";

export type { ListType } from "./schema";
export type { Message } from "./store";

const List = z.enum(LIST_TYPES);

export type Summary = ConversationSummary;
export type Page = ConversationPage;

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
    version: c.version ?? 0,
    lastMessage: c.lastMessageType
      ? { type: c.lastMessageType, content: c.lastMessagePreview ?? "", timestamp: c.lastMessageAt ?? null }
      : null,
  };
}

async function owned(listType: ListType, id: string): Promise<ConversationItem> {
  const conversation = (await ConversationEntity.get({ userId: Actor.userId(), conversationId: id }).go()).data;
  // Another user's conversation and one of the other list are equally "not found".
  if (!conversation || conversation.listType !== listType) throw new NotFound("Conversation");
  return conversation;
}

const keyOf = (c: ConversationItem) => ({ userId: c.userId, conversationId: c.conversationId });

/**
 * Takes the next version, and room for `added` messages, in one conditional update:
 * of two saves made from the same version only the first gets through, and no
 * conversation grows past the cap. The answer's messageCount ends the new positions.
 */
async function claim(conversation: ConversationItem, expected: number | undefined, added: number): Promise<ConversationItem> {
  try {
    const result = await ConversationEntity.update(keyOf(conversation))
      .add({ version: 1, messageCount: added })
      .where((a, o) => {
        const room = o.lte(a.messageCount, MAX_CONVERSATION_MESSAGES - added);
        if (expected === undefined) return room;
        // Conversations saved before versions existed count as version 0.
        const current = expected === 0 ? `(${o.notExists(a.version)} OR ${o.eq(a.version, 0)})` : o.eq(a.version, expected);
        return `${current} AND ${room}`;
      })
      .go({ response: "all_new" });
    return result.data as ConversationItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = (await ConversationEntity.get(keyOf(conversation)).go()).data;
    if (!now) throw new NotFound("Conversation");
    if (expected !== undefined && (now.version ?? 0) !== expected) throw new Conflict(STALE_CONVERSATION);
    throw new Invalid(CONVERSATION_FULL);
  }
}

type Parsed = z.output<typeof MessageInput>;

/** `fresh`: the message is new, so it has no postings to read first. */
const indexedText = (r: MessageRecord, fresh: boolean) => ({ messageId: r.messageId, text: searchableText(r.content, r.details), fresh });

/**
 * Makes the stored messages equal to `messages` (the spec's full-list save): new and
 * changed ones are written, unchanged ones skipped, missing ones deleted.
 */
async function replaceMessages(conversation: ConversationItem, messages: Parsed[], expected?: number): Promise<ConversationItem> {
  await claim(conversation, expected, 0);
  const ids = uniqueIds(messages);
  const records = messages.map((m, i) => toRecord(m, ids[i]!, i));
  const existing = await storedMessages(conversation.conversationId);
  const wanted = new Set(ids);
  const toWrite = records.filter((r) => {
    const stored = existing.get(r.messageId);
    return !stored || stored.hash !== r.hash || stored.position !== r.position;
  });
  // A message that only moved keeps its words.
  const changed = toWrite.filter((r) => existing.get(r.messageId)?.hash !== r.hash);
  const toDelete = [...existing.keys()].filter((id) => !wanted.has(id));
  const base = { conversationId: conversation.conversationId, userId: conversation.userId };
  await Promise.all([
    putAll(toWrite.map((r) => ({ ...base, ...r }))),
    deleteAll(conversation.conversationId, toDelete),
    SearchIndex.update(
      conversation.userId,
      conversation.conversationId,
      changed.map((r) => indexedText(r, !existing.has(r.messageId))),
    ),
    SearchIndex.remove(conversation.conversationId, toDelete),
  ]);

  const last = lastMessageFields(records[records.length - 1]);
  const update = ConversationEntity.patch(keyOf(conversation)).set({ messageCount: records.length, ...last });
  // The list sent is the whole conversation, in order: any branches it had are now this one line.
  const emptied: ("lastMessageType" | "lastMessagePreview" | "lastMessageAt" | "branched" | "selectedLeaf")[] = last
    ? []
    : ["lastMessageType", "lastMessagePreview", "lastMessageAt"];
  if (conversation.branched) emptied.push("branched", "selectedLeaf");
  const result = await (emptied.length ? update.remove(emptied) : update).go({ response: "all_new" });
  return result.data as ConversationItem;
}

/**
 * Writes only the given messages: one whose id is stored is updated in place, a new
 * one goes at the end in the order given. The rest of the conversation is not read.
 */
async function upsertMessages(conversation: ConversationItem, messages: ParsedMessage[], expected?: number): Promise<ConversationItem> {
  const ids = uniqueIds(messages);
  const stored = await storedSubset(conversation.conversationId, ids);
  const fresh = messages.flatMap((m, i) => (stored.has(ids[i]!) ? [] : [i]));
  const claimed = await claim(conversation, expected, fresh.length);
  let next = claimed.messageCount - fresh.length;
  // In a branched conversation a new message follows the end of the branch shown; one rewritten keeps its place in the tree.
  let branchEnd = conversation.branched ? conversation.selectedLeaf : undefined;
  const records: MessageRecord[] = [];
  messages.forEach((m, i) => {
    const id = ids[i]!;
    const kept = stored.get(id);
    const parentId = kept ? kept.parentId : branchEnd;
    if (!kept && conversation.branched) branchEnd = id;
    const record = toRecord(m, id, kept ? kept.position : next++, parentId);
    if (!kept || kept.hash !== record.hash) records.push(record);
  });
  await Promise.all([
    putAll(records.map((r) => ({ ...r, conversationId: conversation.conversationId, userId: conversation.userId }))),
    SearchIndex.update(
      conversation.userId,
      conversation.conversationId,
      records.map((r) => indexedText(r, !stored.has(r.messageId))),
    ),
  ]);
  const newest = records.filter((r) => r.position === claimed.messageCount - 1).pop();
  const selected = branchEnd !== conversation.selectedLeaf ? { selectedLeaf: branchEnd } : {};
  if (!newest && !selected.selectedLeaf) return claimed;
  const updated = await ConversationEntity.patch(keyOf(conversation))
    .set({ ...(newest ? lastMessageFields(newest) : {}), ...selected })
    .go({ response: "all_new" });
  return updated.data as ConversationItem;
}

/**
 * Conversations saved before the position index get it on their next save: their
 * messages are written once more. Until then a read pages them in memory (they hold
 * at most the old cap of 2,000), so reading stays read-only.
 */
async function indexPositions(conversation: ConversationItem) {
  if (conversation.positionsIndexed) return;
  const all = await MessageEntity.query.primary({ conversationId: conversation.conversationId }).go({ pages: "all" });
  await putAll(all.data);
  await ConversationEntity.patch(keyOf(conversation)).set({ positionsIndexed: true }).go();
}

/**
 * Conversations saved before the search index get it on their next save: every message
 * and the title are indexed once (a search only reads, so it cannot do it).
 */
async function indexForSearch(conversation: ConversationItem) {
  if (conversation.searchIndexed) return;
  const all = await MessageEntity.query.primary({ conversationId: conversation.conversationId }).go({ pages: "all" });
  await SearchIndex.update(conversation.userId, conversation.conversationId, [
    ...all.data.map((m) => ({ messageId: m.messageId, text: searchableText(m.content, m.details) })),
    { messageId: TITLE_POSTING, text: conversation.title },
  ]);
  await ConversationEntity.patch(keyOf(conversation)).set({ searchIndexed: true }).go();
}

async function treeOf(conversationId: string) {
  return new MessageTree((await MessageEntity.query.primary({ conversationId }).go({ pages: "all" })).data);
}

/** A shown message with other versions says which one it is and names them all, for ‹ n/m ›. */
function withPlace(message: Message, tree: MessageTree<MessageItem> | undefined): Message {
  const place = tree?.placeOf(message.id);
  return place ? { ...message, branch: place } : message;
}

/** One page of a conversation read (see Conversation.get); `tree` when it is branched. */
async function pageOf(
  conversation: ConversationItem,
  tree: MessageTree<MessageItem> | undefined,
  limit: number,
  before?: number,
): Promise<Page> {
  const id = conversation.conversationId;
  const data = tree
    ? tree
        .shownPath(conversation.selectedLeaf)
        .filter((m) => before === undefined || m.position < before)
        .reverse()
        .slice(0, limit + 1)
    : conversation.positionsIndexed
      ? (await positionQuery(id, before).go({ order: "desc", limit: limit + 1 })).data
      : (await MessageEntity.query.primary({ conversationId: id }).go({ pages: "all" })).data
          .filter((m) => before === undefined || m.position < before)
          .sort((a, b) => b.position - a.position)
          .slice(0, limit + 1);
  const page: typeof data = [];
  let bytes = 0;
  for (const item of data.slice(0, limit)) {
    bytes += recordBytes(item);
    if (page.length > 0 && bytes > MAX_PAGE_BYTES) break;
    page.push(item);
  }
  const hasMore = data.length > page.length;
  return {
    ...summary(conversation),
    messages: page.reverse().map((item) => withPlace(fromRecord(item), tree)),
    hasMore,
    older: hasMore ? page[0]!.position : null,
  };
}

function positionQuery(conversationId: string, before: number | undefined) {
  const query = MessageEntity.query.byPosition({ conversationId });
  return before === undefined ? query : query.lt({ position: before });
}

export namespace Conversation {
  export const CreateInput = ConversationCreateInput.extend({ listType: List });
  export type CreateInput = z.input<typeof CreateInput>;
  export const UpdateInput = ConversationUpdateInput;

  export const AppendInput = z.object({
    listType: List,
    id: Id,
    // Ids are optional here: the server makes them for messages it writes itself.
    messages: z
      .array(z.object({ ...messageShape, id: messageShape.id.optional() }).catchall(z.unknown()))
      .min(1)
      .max(100),
  });

  export const PageInput = z.object({
    listType: List,
    id: Id,
    limit: z.coerce
      .number({ message: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_MESSAGE_PAGE, `limit can be at most ${MAX_MESSAGE_PAGE}`)
      .default(MAX_MESSAGE_PAGE),
    before: z.coerce.number({ message: "before must be a number" }).int().nonnegative().optional(),
  });
  export type PageInput = z.input<typeof PageInput>;

  /** The caller's conversations of one list, newest first: one Query that reads no message. */
  export const list = fn(List, async (listType): Promise<Summary[]> => {
    const result = await ConversationEntity.query.byList({ userId: Actor.userId(), listType }).go({ order: "desc", pages: "all" });
    return result.data.map(summary);
  });

  /** One page of the caller's conversations in one list, newest first (GET /api/conversations). */
  export async function page(listType: ListType, query: ListPageQuery = {}) {
    const userId = Actor.userId();
    const { items, nextCursor } = await listPage((options) => ConversationEntity.query.byList({ userId, listType }).go(options), query);
    return { items: items.map(summary), nextCursor };
  }

  /**
   * One page of a conversation: the latest messages, or those before `before`, in
   * order. One Query on the position index however long the conversation is; a page
   * also stops at MAX_PAGE_BYTES so it always fits one response.
   */
  export const get = fn(PageInput, async ({ listType, id, limit, before }): Promise<Page> => {
    const conversation = await owned(listType, id);
    // A branched conversation is read whole once: which messages are shown depends on the tree.
    return pageOf(conversation, conversation.branched ? await treeOf(id) : undefined, limit, before);
  });

  export const create = fn(CreateInput, async ({ listType, title, messages, sessionId }): Promise<Summary> => {
    const conversation = (
      await ConversationEntity.create({
        conversationId: randomUUID(),
        userId: Actor.userId(),
        listType,
        title: title ?? "New Conversation",
        positionsIndexed: true,
        searchIndexed: true,
        ...(sessionId ? { sessionId } : {}),
      }).go()
    ).data as ConversationItem;
    await SearchIndex.update(conversation.userId, conversation.conversationId, [
      { messageId: TITLE_POSTING, text: conversation.title, fresh: true },
    ]);
    if (messages.length === 0) return summary(conversation);
    return summary(await replaceMessages(conversation, messages));
  });

  export const update = fn(
    z.object({ listType: List, id: Id, changes: UpdateInput }),
    async ({ listType, id, changes }): Promise<Summary> => {
      let conversation = await owned(listType, id);
      await Promise.all([indexPositions(conversation), indexForSearch(conversation)]);
      // A rename is not a change to the messages: it neither needs nor moves the version.
      if (changes.title !== undefined) {
        conversation = (await ConversationEntity.patch(keyOf(conversation)).set({ title: changes.title }).go({ response: "all_new" }))
          .data as ConversationItem;
        await SearchIndex.update(conversation.userId, conversation.conversationId, [{ messageId: TITLE_POSTING, text: changes.title }]);
      }
      if (changes.messages !== undefined) conversation = await replaceMessages(conversation, changes.messages, changes.version);
      if (changes.upsert !== undefined) conversation = await upsertMessages(conversation, changes.upsert, changes.version);
      return summary(conversation);
    },
  );

  /** Deletes the conversation and all its messages (the messages first, so a retry can finish the job). */
  export const remove = fn(z.object({ listType: List, id: Id }), async ({ listType, id }) => {
    const conversation = await owned(listType, id);
    await Promise.all([
      deleteAll(id, [...(await storedMessages(id)).keys()]),
      deleteAnswerEvents(id),
      SearchIndex.remove(id),
      // Its link stops working with it.
      conversation.shareToken ? ShareEntity.delete({ token: conversation.shareToken }).go() : undefined,
    ]);
    await ConversationEntity.delete(keyOf(conversation)).go();
    return { id, deleted: true as const };
  });

  /**
   * Adds messages at the end without resending the list (the projects chat).
   * Positions come from the same atomic claim as every save, so concurrent appends
   * never share one and none goes past the cap.
   */
  export const appendMessages = fn(AppendInput, async ({ listType, id, messages }): Promise<Summary> => {
    const conversation = await owned(listType, id);
    await Promise.all([indexPositions(conversation), indexForSearch(conversation)]);
    const withIds = messages.map((m, i) => ({ ...m, id: m.id ?? `${Date.now()}-${i}-${randomUUID().slice(0, 8)}` }));
    return summary(await upsertMessages(conversation, withIds));
  });

  /**
   * Asks the server writing the answer `messageId` to stop. The request is kept on
   * the conversation, so it reaches that server wherever it runs.
   */
  export const requestStop = fn(z.object({ listType: List, id: Id, messageId: messageShape.id }), async ({ listType, id, messageId }) => {
    const conversation = await owned(listType, id);
    await ConversationEntity.patch(keyOf(conversation)).set({ stopRequested: messageId }).go();
    return { id, messageId, stopping: true as const };
  });

  /** Whether Stop was pressed for the answer `messageId` (one GetItem). */
  export async function stopRequestedFor(id: string, messageId: string): Promise<boolean> {
    const conversation = (await ConversationEntity.get({ userId: Actor.userId(), conversationId: id }).go()).data;
    return conversation?.stopRequested === messageId;
  }

  /** The caller's conversation of a list, without its messages (404 when it is not theirs). */
  export async function summaryOf(listType: ListType, id: string): Promise<Summary> {
    return summary(await owned(listType, parseId(id)));
  }

  /** Whether `adding` more messages would take the conversation past the cap (asked before a model is). */
  export function assertRoom(conversation: Pick<Summary, "messageCount">, adding: number) {
    if (conversation.messageCount + adding > MAX_CONVERSATION_MESSAGES) throw new Invalid(CONVERSATION_FULL);
  }

  /** The caller's newest conversation of a list with exactly this title (e.g. "All Projects Chat"). */
  export async function findByTitle(listType: ListType, title: string): Promise<Summary | undefined> {
    const all = await list(listType);
    return all.find((c) => c.title === title);
  }

  /**
   * The conversation's latest messages, in order, up to `maxChars` of text (the
   * newest are kept when it is longer): one Query per page of messages.
   */
  export async function latestMessages(listType: ListType, id: string, maxChars: number) {
    const conversation = await owned(listType, parseId(id));
    const messages: Message[] = [];
    let chars = 0;
    let before: number | undefined;
    for (;;) {
      const page = await get({ listType, id: conversation.conversationId, before });
      const kept = [];
      for (const m of [...page.messages].reverse()) {
        chars += m.content.length;
        if (chars > maxChars) return { summary: summary(conversation), messages: [...messages, ...kept].reverse(), complete: false };
        kept.push(m);
      }
      messages.push(...kept);
      if (!page.hasMore || page.older === null) return { summary: summary(conversation), messages: messages.reverse(), complete: true };
      before = page.older;
    }
  }

  /**
   * One answer of the caller's conversation and the message before it (its question):
   * 404 when the conversation is not theirs or holds no such answer.
   */
  export async function exchange(listType: ListType, id: string, messageId: string): Promise<{ answer: Message; question?: Message }> {
    const conversation = await owned(listType, parseId(id));
    const item = (await MessageEntity.get({ conversationId: conversation.conversationId, messageId }).go()).data;
    if (!item || item.type !== "ai") throw new NotFound("Message");
    if (item.parentId) {
      const parent = (await MessageEntity.get({ conversationId: conversation.conversationId, messageId: item.parentId }).go()).data;
      return { answer: fromRecord(item), question: parent ? fromRecord(parent) : undefined };
    }
    const before = await get({ listType, id: conversation.conversationId, before: item.position, limit: 1 });
    return { answer: fromRecord(item), question: before.messages[0] };
  }

  /**
   * Shows the branch that holds `messageId` (one of the ‹ n/m › versions): the newest
   * branch under it, which stays chosen across reloads and devices. Answers the page shown.
   */
  export const selectBranch = fn(
    z.object({ listType: List, id: Id, messageId: messageShape.id }),
    async ({ listType, id, messageId }): Promise<Page> => {
      const conversation = await owned(listType, id);
      const tree = await treeOf(id);
      if (!tree.get(messageId)) throw new NotFound("Message");
      const leaf = tree.get(tree.newestLeaf(messageId))!;
      // The sidebar's preview follows the branch shown.
      const updated = await ConversationEntity.patch(keyOf(conversation))
        .set({ branched: true, selectedLeaf: leaf.messageId, ...lastMessageFields(leaf) })
        .go({ response: "all_new" });
      return pageOf(updated.data as ConversationItem, tree, MAX_MESSAGE_PAGE);
    },
  );

  /**
   * Where an edited question or a regenerated answer goes: beside `messageId`, following
   * what it followed. Answers the message to follow (the edited question's parent, or the
   * regenerated answer's question), the messages before it for the model's history, and
   * the conversation. Messages with files cannot branch: their files are not kept.
   */
  export async function branchPoint(listType: ListType, id: string, messageId: string, kind: "user" | "ai") {
    const conversation = await owned(listType, parseId(id));
    const tree = await treeOf(conversation.conversationId);
    const target = tree.get(messageId);
    if (!target) throw new NotFound("Message");
    if (target.type !== kind) throw new Invalid(kind === "user" ? "Only a question can be edited" : "Only an answer can be regenerated");
    const parent = tree.parentOf(messageId);
    const question = kind === "ai" ? parent : target;
    if (kind === "ai" && question?.type !== "user") throw new Invalid("This answer has no question to ask again");
    if (question && fromRecord(question).files.length > 0)
      throw new Invalid("A question with attachments cannot be asked again here: send it again with its files");
    const before = tree.pathTo(kind === "ai" ? question!.messageId : parent?.messageId).map(fromRecord);
    return {
      summary: summary(conversation),
      parentId: parent?.messageId,
      question: question ? fromRecord(question) : undefined,
      history: kind === "ai" ? before.slice(0, -1) : before,
    };
  }

  /**
   * Stores a new branch's messages (an edited question and its answer's placeholder, or a
   * regenerated answer's placeholder), each following the one before it and the first following
   * `parentId`, and shows it. The rest of the conversation is not read.
   */
  export async function addBranch(listType: ListType, id: string, parentId: string | undefined, messages: ParsedMessage[]) {
    const conversation = await owned(listType, parseId(id));
    await Promise.all([indexPositions(conversation), indexForSearch(conversation)]);
    const claimed = await claim(conversation, undefined, messages.length);
    let position = claimed.messageCount - messages.length;
    let parent = parentId ?? FIRST_MESSAGE;
    const records = messages.map((m) => {
      const record = toRecord(m, m.id, position++, parent);
      parent = m.id;
      return record;
    });
    await Promise.all([
      putAll(records.map((r) => ({ ...r, conversationId: conversation.conversationId, userId: conversation.userId }))),
      SearchIndex.update(
        conversation.userId,
        conversation.conversationId,
        records.map((r) => indexedText(r, true)),
      ),
    ]);
    const updated = await ConversationEntity.patch(keyOf(conversation))
      .set({ branched: true, selectedLeaf: parent, ...lastMessageFields(records.at(-1)) })
      .go({ response: "all_new" });
    return summary(updated.data as ConversationItem);
  }

  /** Messages of the caller's conversation by id, as stored (the other versions an export lists). */
  export async function messagesById(listType: ListType, id: string, messageIds: string[]): Promise<Message[]> {
    const conversation = await owned(listType, parseId(id));
    if (messageIds.length === 0) return [];
    const result = await MessageEntity.get(messageIds.map((messageId) => ({ conversationId: conversation.conversationId, messageId }))).go({
      concurrency: 4,
    });
    const byId = new Map(result.data.map((m) => [m.messageId, fromRecord(m)]));
    return messageIds.flatMap((m) => byId.get(m) ?? []);
  }

  /** The conversation's record as it is stored (for its share link). */
  export async function record(listType: ListType, id: string) {
    return owned(listType, parseId(id));
  }

  export function parseId(id: unknown): string {
    const parsed = Id.safeParse(id);
    if (!parsed.success) throw new Invalid("Invalid conversation id");
    return parsed.data;
  }
}
