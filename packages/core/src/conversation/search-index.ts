import { MAX_SEARCH_TERM_CHARS, MAX_TERMS_PER_MESSAGE } from "../search/limits";
import { WORDS } from "../search/match";
import { fold } from "../search/terms";
import { PostingEntity, type PostingItem } from "./entity";

/**
 * The owner's search index: one posting per distinct word of each message and of each
 * conversation's title. A search then reads the postings of its few words (and of the
 * words they start), never the messages themselves: its cost follows how often the
 * words occur, not how much the user has written. A message's postings are changed
 * with the message (only the words that came or went) and removed with it.
 */

/**
 * The partition of a word's postings: its first three letters. A search reads one
 * partition per word (the words a half-typed word starts share its first three), and
 * an owner's index is spread over many partitions instead of one hot one.
 */
export const bucketOf = (term: string) => term.slice(0, 3);

/** The posting of a conversation's title (message ids are the client's, never starting with "~"). */
export const TITLE_POSTING = "~title";
/**
 * A document's one posting per word, naming the pages that hold it: a price list repeats its
 * words on every page, and one item per word instead of one per word and page halves what
 * indexing a document writes.
 */
export const PAGES_POSTING = "~pages";

/** The messages a posting stands for: its own, or each page of a document's PAGES_POSTING. */
export const messagesOf = (p: Pick<PostingItem, "messageId" | "pages">): string[] =>
  p.messageId === PAGES_POSTING ? (p.pages ?? "").split(",").filter(Boolean) : [p.messageId];
/** Occurrences of a word that are counted: beyond a few, more say little. */
const MAX_COUNT = 5;

/**
 * Words that are in almost every message, in the four languages of the app: a posting
 * for each would be most of the index and find everything. A search leaves them out
 * (and finds a phrase with them by the other words; the real text ranks it).
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be by for from in is it of on or that the this to was were with " +
    "der die das und ist ein eine zu den mit von sie es im nicht " +
    "le la les et est un une des du en que qui pour pas dans " +
    "el los las y es un una que en por con para del se lo"
  ).split(" "),
);
export const isStopWord = (word: string) => STOP_WORDS.has(word);

/** A single letter or digit is not indexed: it is in nearly every message. */
export const MIN_TERM_CHARS = 2;

/**
 * On a document's pages, numbers shorter than this are not indexed: they are mostly pieces of
 * amounts, quantities and dates ("$2,152.30" is 2, 152 and 30), nine postings in ten of a price
 * list and of no use alone. A search finds such a number among the page's other words (see
 * `isPageOptional`); codes, years and longer numbers are indexed.
 */
export const MIN_PAGE_NUMBER_DIGITS = 4;

/** A query word a document page's postings may lack: a short number. */
export const isPageOptional = (word: string) => /^\d+$/.test(word) && word.length < MIN_PAGE_NUMBER_DIGITS;

/**
 * A text's words as the index keeps them: folded, not stop words, within length, the most frequent
 * first up to the cap; `page`: a document's page, whose short numbers are left out.
 */
export function indexTerms(text: string, page = false): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word] of fold(text).matchAll(WORDS)) {
    if (word.length < MIN_TERM_CHARS || word.length > MAX_SEARCH_TERM_CHARS || STOP_WORDS.has(word)) continue;
    if (page && isPageOptional(word)) continue;
    counts.set(word, Math.min(MAX_COUNT, (counts.get(word) ?? 0) + 1));
  }
  if (counts.size <= MAX_TERMS_PER_MESSAGE) return counts;
  return new Map([...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_TERMS_PER_MESSAGE));
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type PostingKey = Pick<PostingItem, "userId" | "bucket" | "term" | "conversationId" | "messageId">;
const keyOf = (p: PostingKey) => `${p.messageId}\u0000${p.term}`;

/** BatchWriteItem may leave items unprocessed under load; they are sent again. */
async function batch(action: "put" | "delete", items: PostingItem[] | PostingKey[]) {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 6) throw new Error(`${pending.length} search postings could not be written`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const result =
      action === "put"
        ? await PostingEntity.put(pending as PostingItem[]).go({ concurrency: 4 })
        : await PostingEntity.delete(pending as PostingKey[]).go({ concurrency: 4 });
    const left = new Set(result.unprocessed.map((u) => keyOf(u as PostingKey)));
    pending = pending.filter((p) => left.has(keyOf(p))) as typeof pending;
  }
}

async function postingsOf(conversationId: string, messageId?: string): Promise<PostingItem[]> {
  const query =
    messageId === undefined
      ? PostingEntity.query.byMessage({ conversationId })
      : PostingEntity.query.byMessage({ conversationId, messageId });
  const result = await query.go({ pages: "all" });
  // The key is read as a prefix: "12" would also find the postings of message "123".
  return messageId === undefined ? result.data : result.data.filter((p) => p.messageId === messageId);
}

/** Up to this many messages, each one's postings are read on their own; more, the conversation's at once. */
const READS_PER_MESSAGE_UP_TO = 10;

function byMessage(postings: PostingItem[]) {
  const grouped = new Map<string, PostingItem[]>();
  for (const p of postings) {
    const list = grouped.get(p.messageId);
    if (list) list.push(p);
    else grouped.set(p.messageId, [p]);
  }
  return grouped;
}

export interface IndexedText {
  messageId: string;
  text: string;
  /** Nothing of it is indexed yet (a message just added), so nothing is read first. */
  fresh?: boolean;
}

export namespace SearchIndex {
  /**
   * Makes the postings of these messages (or of the title, as TITLE_POSTING) match their
   * text: new words are added, gone ones removed, unchanged ones left alone.
   */
  export async function update(userId: string, conversationId: string, texts: IndexedText[]) {
    const puts: PostingItem[] = [];
    const deletes: PostingKey[] = [];
    // Many messages at once (a backfill, a long list saved again): the conversation's postings in one read.
    const known = texts.filter((t) => !t.fresh).length;
    const all = known > READS_PER_MESSAGE_UP_TO ? byMessage(await postingsOf(conversationId)) : undefined;
    await Promise.all(
      texts.map(async ({ messageId, text, fresh }) => {
        const wanted = indexTerms(text);
        const stored = fresh ? [] : all ? (all.get(messageId) ?? []) : await postingsOf(conversationId, messageId);
        for (const p of stored) if (wanted.get(p.term) === undefined) deletes.push(p);
        const had = new Map(stored.map((p) => [p.term, p.count]));
        for (const [term, count] of wanted)
          if (had.get(term) !== count) puts.push({ userId, bucket: bucketOf(term), term, conversationId, messageId, count });
      }),
    );
    await Promise.all([batch("put", puts), batch("delete", deletes)]);
  }

  /**
   * Makes a document's postings match its pages: one PAGES_POSTING per word, listing the pages
   * that hold it (counted at most as often as on the page it is most frequent on).
   */
  export async function updatePages(userId: string, conversationId: string, pages: { messageId: string; text: string }[]) {
    const wanted = new Map<string, { pages: string[]; count: number }>();
    for (const { messageId, text } of pages)
      for (const [term, count] of indexTerms(text, true)) {
        const entry = wanted.get(term) ?? { pages: [], count: 0 };
        entry.pages.push(messageId);
        entry.count = Math.max(entry.count, count);
        wanted.set(term, entry);
      }
    const stored = await postingsOf(conversationId);
    const had = new Map(stored.filter((p) => p.messageId === PAGES_POSTING).map((p) => [p.term, p]));
    // postings of one page each (written before pages were packed) go too
    const deletes = stored.filter((p) => p.messageId !== PAGES_POSTING || !wanted.has(p.term));
    const puts: PostingItem[] = [];
    for (const [term, { pages: list, count }] of wanted) {
      const joined = list.join(",");
      const old = had.get(term);
      if (old?.pages !== joined || old.count !== count)
        puts.push({ userId, bucket: bucketOf(term), term, conversationId, messageId: PAGES_POSTING, count, pages: joined });
    }
    await Promise.all([batch("put", puts), batch("delete", deletes)]);
  }

  /** Removes the postings of these messages, or of the whole conversation when none are named. */
  export async function remove(conversationId: string, messageIds?: string[]) {
    const stored = messageIds
      ? (await Promise.all(messageIds.map((id) => postingsOf(conversationId, id)))).flat()
      : await postingsOf(conversationId);
    await batch("delete", stored);
  }
}
