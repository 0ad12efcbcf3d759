import { searchText } from "./route-params";

/**
 * A search result's address (`?conversation=…&message=…`), read by the screens it opens rather
 * than by their routes, whose options every first download carries. The router reads a value that
 * looks like a number (a timestamp id) as one: it is turned back into text.
 */
export function openedFrom(search: Record<string, unknown>): { conversation?: string; message?: string } {
  const text = (value: unknown, max: number) => searchText(typeof value === "number" ? String(value) : value, max, undefined);
  return { conversation: text(search.conversation, 100), message: text(search.message, 200) };
}
