/**
 * A record id from the address: a positive whole number, or undefined for anything else (a record
 * that does not exist). Written out rather than as a zod schema: the route table carries it, and
 * with it every first download.
 */
export function parseRecordId(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && Number.isSafeInteger(id) ? id : undefined;
}

/** A text parameter of the address, or `fallback` when it is missing, not text or longer than `max`. */
export function searchText<T extends string | undefined>(value: unknown, max: number, fallback: T): string | T {
  return typeof value === "string" && value.length <= max ? value : fallback;
}
