/**
 * The search's limits, in one browser-safe module without zod: the server enforces
 * them, and the palette (loaded on demand) states them without carrying a schema library.
 */

/** A longer query is refused: nobody types more into a search box, and each character is matched against every message. */
export const MAX_SEARCH_QUERY_CHARS = 500;
/** Results in one answer: a palette shows a screenful, and the best come first. */
export const MAX_SEARCH_RESULTS = 20;
/** Words of a query that are matched; the rest are ignored (each one narrows, so more rarely change the answer). */
export const MAX_SEARCH_TERMS = 8;
/** Characters of a result's snippet around its match. */
export const SEARCH_SNIPPET_CHARS = 160;

export const SEARCH_QUERY_TOO_LONG = `The search is too long: use at most ${MAX_SEARCH_QUERY_CHARS} characters.`;

/** Longer runs of letters (a pasted key, base64) are not words anyone searches for: they are not indexed. */
export const MAX_SEARCH_TERM_CHARS = 40;
/** Distinct words indexed per message, the most frequent first: bounds what saving a very long answer writes. */
export const MAX_TERMS_PER_MESSAGE = 1_000;

/** Pages of a document indexed for the search box: beyond them a document is found by its first pages only. */
export const MAX_INDEXED_PAGES = 300;
/** Characters of a page indexed and quoted: a dense printed page holds some 5,000; a sheet may hold far more. */
export const MAX_INDEXED_PAGE_CHARS = 20_000;
