import { Actor } from "../actor";
import { fn } from "../fn";
import { match, searchWords, snippet, type Match } from "../search/match";
import { MAX_SEARCH_RESULTS, SearchQuery, type SearchReply, type SearchResult } from "../search/schema";
import { fold } from "../search/terms";
import { ConversationEntity, MessageEntity, type ConversationItem } from "./entity";
import { putAll } from "./store";

/**
 * Search over the caller's conversations: titles and the text of every message.
 *
 * Why a bounded read of the owner's messages and not an inverted index: messages are
 * already indexed by owner (gsi2, written with each message, so nothing extra to keep
 * in step), a query then costs one Query per key range, and matching in memory finds
 * half-typed words and phrases anywhere in a message. An index item per word would
 * multiply every save by a message's distinct words (hundreds for an answer) and
 * still need the messages read back for snippets. The read grows with what the user
 * wrote: sixteen ranges read side by side keep it within a page or two each for
 * thousands of messages, and SEARCH_PAGES_PER_RANGE bounds it for the rest
 * (`npm run bench:search` measures it).
 */

/** Key ranges read side by side: the first hex digit of the (random UUID) conversation id. */
const RANGES = [..."0123456789abcdef"];
/** Pages (1 MB each) read per range at most: sixteen ranges of this bound a search to 64 MB of messages. */
const SEARCH_PAGES_PER_RANGE = 4;
/** Conversations saved before the owner index existed, brought into it per search at most (the next search takes the rest). */
const BACKFILL_PER_SEARCH = 50;

const HREF: Record<ConversationItem["listType"], string> = { general: "/chat", projects: "/projects" };

function hrefOf(conversation: ConversationItem, messageId?: string): string {
  const query = new URLSearchParams({ conversation: conversation.conversationId });
  if (messageId) query.set("message", messageId);
  return `${HREF[conversation.listType]}?${query}`;
}

/** A message's searchable text: what it says, and each model's own answer in research mode. */
export function searchableText(content: string, details: string | undefined): string {
  if (!details || !details.includes('"response"')) return content;
  try {
    const parsed = JSON.parse(details) as { meta?: { details?: { answers?: { response?: unknown }[] } } };
    const answers = parsed.meta?.details?.answers ?? [];
    const extra = answers.map((a) => (typeof a.response === "string" ? a.response : "")).filter(Boolean);
    return extra.length ? [content, ...extra].join("\n\n") : content;
  } catch {
    return content;
  }
}

async function ownConversations(userId: string): Promise<ConversationItem[]> {
  const result = await ConversationEntity.query.primary({ userId }).go({ pages: "all" });
  // Keys are case-folded by ElectroDB: the stored owner is compared as written.
  return (result.data as ConversationItem[]).filter((c) => c.userId === userId);
}

/** Puts the messages of conversations saved before the owner index into it (writing them again writes its keys). */
async function backfill(conversations: ConversationItem[]) {
  const older = conversations.filter((c) => !c.searchIndexed && c.messageCount > 0).slice(0, BACKFILL_PER_SEARCH);
  await Promise.all(
    older.map(async (c) => {
      const all = await MessageEntity.query.primary({ conversationId: c.conversationId }).go({ pages: "all" });
      await putAll(all.data);
      await ConversationEntity.patch({ userId: c.userId, conversationId: c.conversationId }).set({ searchIndexed: true }).go();
    }),
  );
}

interface Found {
  conversation: ConversationItem;
  messageId?: string;
  text: string;
  match: Match;
}

export namespace ConversationSearch {
  export const find = fn(SearchQuery, async ({ q }): Promise<SearchReply> => {
    const words = searchWords(q);
    if (words.length === 0) return { results: [] };
    const userId = Actor.userId();
    const conversations = await ownConversations(userId);
    await backfill(conversations);
    const byId = new Map(conversations.map((c) => [c.conversationId, c]));
    const titles = new Map(conversations.map((c) => [c.conversationId, fold(c.title)]));

    // The best message of each conversation: a conversation is one result.
    const best = new Map<string, Found>();
    const consider = (found: Found) => {
      const seen = best.get(found.conversation.conversationId);
      if (!seen || found.match.score > seen.match.score) best.set(found.conversation.conversationId, found);
    };
    await Promise.all(
      RANGES.map(async (range) => {
        const page = await MessageEntity.query
          .byOwner({ userId })
          .begins({ conversationId: range })
          .go({ pages: SEARCH_PAGES_PER_RANGE, attributes: ["conversationId", "messageId", "userId", "content", "details"] });
        for (const m of page.data) {
          const conversation = byId.get(m.conversationId as string);
          if (!conversation || m.userId !== userId) continue;
          const text = searchableText(m.content as string, m.details as string | undefined);
          const found = match(words, titles.get(conversation.conversationId)!, fold(text));
          // A message without the words, in a conversation whose title has them all, is left to the title's result below.
          if (found && found.at >= 0) consider({ conversation, messageId: m.messageId as string, text, match: found });
        }
      }),
    );
    // A conversation found by its title alone (no message holds the words) is found too.
    for (const c of conversations) {
      if (best.has(c.conversationId)) continue;
      const found = match(words, titles.get(c.conversationId)!, "");
      if (found) consider({ conversation: c, text: c.lastMessagePreview ?? "", match: found });
    }

    const ranked = [...best.values()].sort(
      (a, b) =>
        b.match.score - a.match.score ||
        (b.conversation.lastMessageAt ?? b.conversation.updatedAt).localeCompare(a.conversation.lastMessageAt ?? a.conversation.updatedAt),
    );
    const results: SearchResult[] = ranked.slice(0, MAX_SEARCH_RESULTS).map((f) => ({
      kind: "message",
      id: f.messageId ?? f.conversation.conversationId,
      title: f.conversation.title,
      ...snippet(f.text, words, f.match.at),
      href: hrefOf(f.conversation, f.messageId),
    }));
    return { results };
  });
}
