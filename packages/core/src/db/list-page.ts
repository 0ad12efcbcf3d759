import { Invalid } from "../error";
import { MAX_LIST_PAGE, type ListPageQuery } from "../list-page";

export const INVALID_CURSOR = "cursor is not valid";

/** ElectroDB could not read the cursor, or DynamoDB refused the start key it gave: not an outage. */
function refusedCursor(error: unknown): boolean {
  for (let e = error as { name?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === "ValidationException" || (e.name === "ElectroError" && /cursor|start/i.test(e.message ?? ""))) return true;
  }
  return false;
}

/** How a page is read: the list's ElectroDB query run with these options. */
type PageOptions = { order: "desc"; count: number; cursor: string | null };

/**
 * One page of a newest-first list: `count` makes ElectroDB read on until it has that many
 * records that pass the query's filter. A cursor that is not one ElectroDB wrote (or that
 * points into another partition, which DynamoDB refuses) is the client's mistake: a 400.
 */
export async function listPage<T>(
  read: (options: PageOptions) => Promise<{ data: T[]; cursor: string | null }>,
  page: ListPageQuery = {},
): Promise<{ items: T[]; nextCursor?: string }> {
  let result: { data: T[]; cursor: string | null };
  try {
    result = await read({ order: "desc", count: page.limit ?? MAX_LIST_PAGE, cursor: page.cursor ?? null });
  } catch (error) {
    if (page.cursor && refusedCursor(error)) throw new Invalid(INVALID_CURSOR);
    throw error;
  }
  return result.cursor ? { items: result.data, nextCursor: result.cursor } : { items: result.data };
}
