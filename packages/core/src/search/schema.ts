import { z } from "zod";

/**
 * GET /api/search: the caller's conversations searched by title and by the text of
 * every message (questions, answers and each model's answer in research mode).
 * Browser-safe: the palette types its results and shows the limits from here.
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

export const SearchQuery = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_QUERY_CHARS, SEARCH_QUERY_TOO_LONG)
    .optional()
    .transform((q) => (q ?? "").trim()),
});

export const SEARCH_KINDS = ["message", "document", "quote"] as const;

/** `[start, end)` offsets of the matched words within the snippet, for the reader to mark. */
export const SearchMark = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

export const SearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The message's id, or the conversation's when only its title matched. */
  id: z.string(),
  /** The conversation's title. */
  title: z.string(),
  snippet: z.string(),
  marks: z.array(SearchMark),
  /** Where the result opens: the conversation, scrolled to the message. */
  href: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchReply = z.object({ results: z.array(SearchResult) });
export type SearchReply = z.infer<typeof SearchReply>;
