import { z } from "zod";
import { MAX_SEARCH_QUERY_CHARS, SEARCH_QUERY_TOO_LONG } from "./limits";

/**
 * GET /api/search: the caller's conversations searched by title and by the text of
 * every message (questions, answers and each model's answer in research mode), the
 * text of their documents' pages, and their quotes (vendor, number, items).
 * Browser-safe: the palette types its results from here (its limits are in ./limits).
 */

export const SearchQuery = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_QUERY_CHARS, SEARCH_QUERY_TOO_LONG)
    .optional()
    .transform((q) => (q ?? "").trim()),
});

const SEARCH_KINDS = ["message", "document", "quote"] as const;

/** `[start, end)` offsets of the matched words within the snippet, for the reader to mark. */
const SearchMark = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

export const SearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The message's id (the conversation's when only its title matched), the document's or the quote's. */
  id: z.string(),
  /** The conversation's title, the document's file name, or the quote's vendor and number. */
  title: z.string(),
  snippet: z.string(),
  marks: z.array(SearchMark),
  /** Where the result opens: the conversation scrolled to the message, the document's page in the viewer, the project's quotes. */
  href: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchReply = z.object({ results: z.array(SearchResult) });
export type SearchReply = z.infer<typeof SearchReply>;
