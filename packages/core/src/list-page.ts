import { z } from "zod";
import { wholeNumber } from "./validation";

/**
 * Lists (projects, customers, contacts, documents, conversations) answer in pages, so no
 * request reads or returns a user's every record. Browser-safe: the web pages with the same
 * numbers. Without `limit` a list answers its first MAX_LIST_PAGE records in the spec's shape;
 * `nextCursor` appears only when there are more, and `?cursor=` asks for them.
 */
export const MAX_LIST_PAGE = 200;

export const ListPageQuery = z.object({
  limit: wholeNumber("limit", 1, MAX_LIST_PAGE).optional(),
  cursor: z.string().min(1).max(2048, "cursor is not valid").optional(),
});
export type ListPageQuery = z.infer<typeof ListPageQuery>;

/** What a page adds to a list's answer: where the next one starts, when there is one. */
export const NextCursor = { nextCursor: z.string().optional() };
