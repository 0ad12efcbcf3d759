import type { Page } from "../extract/types";
import { MAX_INDEXED_PAGE_CHARS, MAX_INDEXED_PAGES } from "../search/limits";
import { SearchTextEntity, type SearchTextItem } from "./entity";
import { SearchIndex } from "./search-index";

/**
 * Documents and quotes in the owner's search index, beside the conversations: each is a
 * "conversation" of its own under a reserved key no conversation id can take (those are
 * UUIDs), a document's pages its messages, a quote one message of its vendor, number and
 * items. The text the postings were made from is kept too (SearchTextEntity), for the
 * search to rank on and quote. Written when the pipeline reads a document and when a quote
 * is stored or corrected, removed with the document, so a search stays a pure read.
 */

const DOCUMENT = "~doc:";
const QUOTE = "~quote:";
const documentKey = (documentId: number) => `${DOCUMENT}${documentId}`;
const quoteKey = (documentId: number) => `${QUOTE}${documentId}`;
/** The only message of a quote's index. */
const QUOTE_TEXT = "0";

/** The document a posting key's page or quote belongs to; undefined for a conversation. */
export function recordOf(conversationId: string): { kind: "document" | "quote"; documentId: number } | undefined {
  const kind = conversationId.startsWith(DOCUMENT) ? "document" : conversationId.startsWith(QUOTE) ? "quote" : undefined;
  if (!kind) return undefined;
  return { kind, documentId: Number(conversationId.slice(kind === "document" ? DOCUMENT.length : QUOTE.length)) };
}

/** A quote's words as the search box finds them: who issued it, its number, what it sells. */
interface QuoteText {
  documentId: number;
  userId: string;
  vendorName?: string | null;
  quoteNumber?: string | null;
  lineItems: { description?: string | null }[];
}

const quoteTitle = (q: Pick<QuoteText, "vendorName" | "quoteNumber">) =>
  [q.vendorName?.trim(), q.quoteNumber?.trim()].filter(Boolean).join(" · ");

/** A quote's title in the results (its first line: vendor and number), or "" when it has neither. */
export const titleOfQuote = (text: string) => text.slice(0, Math.max(0, text.indexOf("\n")));

async function texts(key: string): Promise<SearchTextItem[]> {
  return (await SearchTextEntity.query.primary({ conversationId: key }).go({ pages: "all" })).data;
}

/**
 * Makes a key's postings and texts these (none: removes them all). What stays the same is not
 * written again: a corrected quote or a document read again changes only what changed. The
 * postings change first and the texts after, so a write that stopped half way is redone by the next.
 */
async function replace(userId: string, key: string, entries: { messageId: string; text: string }[], pages = false) {
  const stored = await texts(key);
  const had = new Map(stored.map((t) => [t.messageId, t.text]));
  const wanted = new Set(entries.map((e) => e.messageId));
  const gone = stored.filter((t) => !wanted.has(t.messageId));
  const changed = entries.filter((e) => had.get(e.messageId) !== e.text);
  if (pages && entries.length > 0) await SearchIndex.updatePages(userId, key, entries);
  else
    await Promise.all([
      // Nothing wanted: every posting of the key goes, those of a text never saved too.
      SearchIndex.remove(key, entries.length === 0 ? undefined : gone.map((t) => t.messageId)),
      SearchIndex.update(
        userId,
        key,
        changed.map((e) => ({ ...e, fresh: !had.has(e.messageId) })),
      ),
    ]);
  await Promise.all([
    gone.length ? SearchTextEntity.delete(gone).go({ concurrency: 4 }) : undefined,
    changed.length ? SearchTextEntity.put(changed.map((e) => ({ conversationId: key, userId, ...e }))).go({ concurrency: 4 }) : undefined,
  ]);
}

export namespace RecordIndex {
  /** A document's pages with text (the first MAX_INDEXED_PAGES, each up to MAX_INDEXED_PAGE_CHARS). */
  export async function document(item: { id: number; userId: string }, pages: Page[]) {
    const entries = pages
      .filter((p) => p.text.trim() !== "")
      .slice(0, MAX_INDEXED_PAGES)
      .map((p) => ({ messageId: String(p.page), text: p.text.slice(0, MAX_INDEXED_PAGE_CHARS) }));
    await replace(item.userId, documentKey(item.id), entries, true);
  }

  /** A quote as stored (corrections written onto it): its vendor, number and items' descriptions. */
  export async function quote(q: QuoteText) {
    const items = q.lineItems.map((l) => l.description?.trim() ?? "").filter(Boolean);
    const text = `${quoteTitle(q)}\n${items.join(" · ")}`.slice(0, MAX_INDEXED_PAGE_CHARS);
    await replace(q.userId, quoteKey(q.documentId), text.trim() ? [{ messageId: QUOTE_TEXT, text }] : []);
  }

  /** Takes a document, and its quote, out of the search. */
  export async function forget(documentId: number) {
    await Promise.all([replace("", documentKey(documentId), []), replace("", quoteKey(documentId), [])]);
  }

  /** Takes a document's quote out of the search (the analysis found none this time). */
  export const forgetQuote = (documentId: number) => replace("", quoteKey(documentId), []);
}
