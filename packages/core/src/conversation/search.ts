import { Actor } from "../actor";
import { fn } from "../fn";
import { REPEAT_BONUS, START, TITLE_BONUS, WHOLE, match, searchWords, snippet, type Match } from "../search/match";
import { MAX_SEARCH_RESULTS } from "../search/limits";
import { SearchQuery, type SearchReply, type SearchResult } from "../search/schema";
import { fold } from "../search/terms";
import { DocumentEntity } from "../document/entity";
import { ConversationEntity, MessageEntity, PostingEntity, SearchTextEntity, type ConversationItem, type PostingItem } from "./entity";
import { recordOf, titleOfQuote } from "./record-index";
import { MIN_TERM_CHARS, TITLE_POSTING, bucketOf, isPageOptional, isStopWord, messagesOf, searchableText } from "./search-index";

/**
 * Search over the caller's conversations (titles and the text of every message), the text
 * of their documents' pages and their quotes (vendor, number, items), ranked together.
 *
 * The index (search-index.ts) is read for the query's words: a word of three letters
 * or more reads every indexed word it starts (so a half-typed word finds), a shorter
 * one only itself. Messages holding every word (or whose conversation's title holds
 * the rest) are candidates, scored from their postings; the best few are then read
 * and ranked again on their real text (a phrase side by side counts there), which also
 * gives the snippet. The reading follows how often the words occur, never how much
 * the user has written; MAX_POSTINGS_PER_WORD bounds a word found nearly everywhere. A search
 * only reads (as every GET does): conversations saved before the index existed are
 * indexed on their next save (Conversation.update and appendMessages), documents and
 * quotes when the pipeline reads them or a quote is corrected (record-index.ts).
 */

/** A word of this many letters or more also finds the words it starts. */
const PREFIX_FROM = 3;
/**
 * Postings read per word at most (two requests of some 75 KB): a word in nearly every message is
 * ranked among this many that hold it, half from each end of its postings (conversations' first,
 * documents' and quotes' last, in key order), which keeps such a search to two small reads per
 * word and every kind of result in reach; a second word narrows it to what the person means. Rare
 * words, the ones people search for, have fewer postings than half this and are read whole at once.
 */
export const MAX_POSTINGS_PER_WORD = 500;
/** Candidates read and ranked on their text, per result shown: the postings' order is close, not final. */
const CANDIDATES_PER_RESULT = 2;

const HREF: Record<ConversationItem["listType"], string> = { general: "/chat", projects: "/projects" };

function hrefOf(conversation: ConversationItem, messageId?: string): string {
  const query = new URLSearchParams({ conversation: conversation.conversationId });
  if (messageId) query.set("message", messageId);
  return `${HREF[conversation.listType]}?${query}`;
}

const POSTING_ATTRIBUTES = ["userId", "bucket", "term", "conversationId", "messageId", "count", "pages"] as const;

/** A word's postings, and whether they are all of them (false when the word is in more places than are read). */
async function postingsFor(userId: string, word: string): Promise<{ postings: PostingItem[]; complete: boolean }> {
  const bucket = bucketOf(word);
  const query =
    word.length >= PREFIX_FROM
      ? PostingEntity.query.primary({ userId, bucket }).begins({ term: word })
      : PostingEntity.query.primary({ userId, bucket, term: word });
  const options = { limit: MAX_POSTINGS_PER_WORD / 2, pages: 1, attributes: POSTING_ATTRIBUTES };
  const first = await query.go(options);
  const complete = first.cursor === null;
  const last = complete ? [] : (await query.go({ ...options, order: "desc" })).data;
  const keyOf = (p: PostingItem) => `${p.term}\u0000${p.conversationId}\u0000${p.messageId}`;
  const seen = new Set(first.data.map(keyOf));
  const postings = [...first.data, ...last.filter((p) => !seen.has(keyOf(p)))];
  // Keys are case-folded by ElectroDB: the stored owner is compared as written.
  return { postings: postings.filter((p) => p.userId === userId), complete };
}

/** A candidate: a message (or, with TITLE_POSTING, a conversation by its title alone) and its score from the postings. */
interface Candidate {
  conversationId: string;
  messageId: string;
  score: number;
}

/**
 * Messages that hold every word, in them or in their conversation's title, scored from the postings.
 * A word whose postings were not all read is not required of a message found by the others (the
 * ranking on the real text checks it): "pump" in most messages and "XR-20" in one still finds it.
 */
function candidates(words: string[], read: { postings: PostingItem[]; complete: boolean }[]): Candidate[] {
  const postings = read.map((r) => r.postings);
  const required = words.map((_, w) => read[w]!.complete || read.every((r) => !r.complete));
  // a document's page has no postings of short numbers: its other words find it, the text ranks it
  const requiredOf = (conversationId: string) =>
    recordOf(conversationId)?.kind === "document" ? required.map((r, w) => r && !isPageOptional(words[w]!)) : required;
  // Per message, per word: the best quality and count found.
  const found = new Map<string, { conversationId: string; messageId: string; words: Map<number, number> }>();
  const titled = new Map<string, Set<number>>();
  postings.forEach((list, w) => {
    for (const p of list) {
      if (p.messageId === TITLE_POSTING) {
        titled.set(p.conversationId, (titled.get(p.conversationId) ?? new Set()).add(w));
        continue;
      }
      const score = (p.term === words[w] ? WHOLE : START) + REPEAT_BONUS * (p.count - 1);
      for (const messageId of messagesOf(p)) {
        const key = `${p.conversationId}\u0000${messageId}`;
        const entry = found.get(key) ?? { conversationId: p.conversationId, messageId, words: new Map() };
        entry.words.set(w, Math.max(entry.words.get(w) ?? 0, score));
        found.set(key, entry);
      }
    }
  });
  const out: Candidate[] = [];
  for (const entry of found.values()) {
    const title = titled.get(entry.conversationId);
    const needed = requiredOf(entry.conversationId);
    if (!words.every((_, w) => !needed[w] || entry.words.has(w) || title?.has(w))) continue;
    let score = 0;
    for (const s of entry.words.values()) score += s;
    if (title?.size === words.length) score += TITLE_BONUS;
    out.push({ conversationId: entry.conversationId, messageId: entry.messageId, score });
  }
  for (const [conversationId, title] of titled)
    if (words.every((_, w) => !required[w] || title.has(w))) out.push({ conversationId, messageId: TITLE_POSTING, score: TITLE_BONUS });
  return out;
}

/** The best candidate of each conversation (and of each document, and each quote), best first, as many as are read. */
function bestPerConversation(all: Candidate[], limit: number): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of all) {
    const seen = best.get(c.conversationId);
    if (!seen || c.score > seen.score) best.set(c.conversationId, c);
  }
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/** A candidate ranked on its real text, with what its result shows. */
interface Ranked {
  kind: SearchResult["kind"];
  id: string;
  title: string;
  text: string;
  href: string;
  match: Match;
  /** Newest first among equals. */
  date: string;
}

/** The conversations' candidates, read and ranked on their text. */
async function rankMessages(userId: string, chosen: Candidate[], words: string[], all: string[]): Promise<Ranked[]> {
  if (chosen.length === 0) return [];
  const messageKeys = chosen
    .filter((c) => c.messageId !== TITLE_POSTING)
    .map((c) => ({ conversationId: c.conversationId, messageId: c.messageId }));
  const [conversations, messages] = await Promise.all([
    ConversationEntity.get(chosen.map((c) => ({ userId, conversationId: c.conversationId }))).go({ concurrency: 4 }),
    messageKeys.length === 0
      ? { data: [] }
      : MessageEntity.get(messageKeys).go({
          concurrency: 4,
          attributes: ["conversationId", "messageId", "userId", "content", "details"],
        }),
  ]);
  const byId = new Map(
    (conversations.data as ConversationItem[]).filter((c) => c.userId === userId).map((c) => [c.conversationId, c] as const),
  );
  const texts = new Map(
    messages.data
      .filter((m) => m.userId === userId)
      .map((m) => [`${m.conversationId}\u0000${m.messageId}`, searchableText(m.content as string, m.details as string | undefined)]),
  );

  // Ranked again on the real text; the query's stop words count in a phrase.
  const ranked: Ranked[] = [];
  for (const c of chosen) {
    const conversation = byId.get(c.conversationId);
    if (!conversation) continue;
    const title = fold(conversation.title);
    const base = { kind: "message" as const, title: conversation.title, date: conversation.lastMessageAt ?? conversation.updatedAt };
    if (c.messageId === TITLE_POSTING) {
      const found = match(words, title, "");
      const href = hrefOf(conversation);
      if (found) ranked.push({ ...base, id: conversation.conversationId, href, text: conversation.lastMessagePreview ?? "", match: found });
      continue;
    }
    const text = texts.get(`${c.conversationId}\u0000${c.messageId}`);
    const found = text === undefined ? undefined : match(words, title, fold(text), all);
    // A candidate whose words only start a word of the text but were indexed apart (or a message changed since) is dropped here.
    if (found && text !== undefined) ranked.push({ ...base, id: c.messageId, href: hrefOf(conversation, c.messageId), text, match: found });
  }
  return ranked;
}

/**
 * The documents' pages and quotes among the candidates, read and ranked on their kept text.
 * The href is built from the document's record as it is now; a document being deleted is left out.
 */
async function rankRecords(userId: string, chosen: Candidate[], words: string[], all: string[]): Promise<Ranked[]> {
  const records = chosen.flatMap((c) => {
    const record = recordOf(c.conversationId);
    return record ? [{ ...c, ...record }] : [];
  });
  if (records.length === 0) return [];
  const [texts, documents] = await Promise.all([
    SearchTextEntity.get(records.map((r) => ({ conversationId: r.conversationId, messageId: r.messageId }))).go({ concurrency: 4 }),
    DocumentEntity.get([...new Set(records.map((r) => r.documentId))].map((id) => ({ id }))).go({
      concurrency: 4,
      attributes: ["id", "userId", "projectId", "fileName", "processingStatus", "quoteId", "processedAt", "updatedAt"],
    }),
  ]);
  const byId = new Map(
    documents.data.filter((d) => d.userId === userId && d.processingStatus !== "deleting").map((d) => [d.id, d] as const),
  );
  const textOf = new Map(
    texts.data.filter((t) => t.userId === userId).map((t) => [`${t.conversationId}\u0000${t.messageId}`, t.text] as const),
  );
  const ranked: Ranked[] = [];
  for (const r of records) {
    const document = byId.get(r.documentId);
    const text = textOf.get(`${r.conversationId}\u0000${r.messageId}`);
    if (!document || text === undefined) continue;
    const date = document.processedAt ?? document.updatedAt;
    const project = `/projects/${document.projectId}`;
    if (r.kind === "document") {
      const found = match(words, fold(document.fileName), fold(text), all);
      const href = `${project}/documents/${document.id}?page=${r.messageId}`;
      if (found) ranked.push({ kind: "document", id: String(document.id), title: document.fileName, text, href, match: found, date });
    } else {
      const found = match(words, "", fold(text), all);
      const title = titleOfQuote(text) || document.fileName;
      const id = String(document.quoteId ?? document.id);
      // the quotes section opens this quote's detail
      const href = document.quoteId ? `${project}/quotes?quote=${document.quoteId}` : `${project}/quotes`;
      if (found) ranked.push({ kind: "quote", id, title, text, href, match: found, date });
    }
  }
  return ranked;
}

export namespace ConversationSearch {
  export const find = fn(SearchQuery, async ({ q }): Promise<SearchReply> => {
    const all = searchWords(q);
    // Stop words and single characters are not indexed: they are left to the ranking on the text (stop words are looked up when they are all there is).
    const looked = all.filter((w) => !isStopWord(w) && w.length >= MIN_TERM_CHARS);
    const words = looked.length > 0 ? looked : all.filter((w) => w.length >= MIN_TERM_CHARS);
    if (words.length === 0) return { results: [] };
    const userId = Actor.userId();

    const read = await Promise.all(words.map((w) => postingsFor(userId, w)));
    const chosen = bestPerConversation(candidates(words, read), MAX_SEARCH_RESULTS * CANDIDATES_PER_RESULT);
    const isMessage = (c: Candidate) => recordOf(c.conversationId) === undefined;
    const ranked = (
      await Promise.all([rankMessages(userId, chosen.filter(isMessage), words, all), rankRecords(userId, chosen, words, all)])
    ).flat();
    ranked.sort((a, b) => b.match.score - a.match.score || b.date.localeCompare(a.date));
    const results: SearchResult[] = ranked.slice(0, MAX_SEARCH_RESULTS).map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      ...snippet(r.text, words, r.match.at),
      href: r.href,
    }));
    return { results };
  });
}
