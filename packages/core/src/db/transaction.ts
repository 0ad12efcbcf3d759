import type { Domain } from "./service";

/**
 * The one-table Service's transactions, its module loaded at the first one: the Service holds
 * every entity of the table, and building them all was the largest single part of a function's
 * cold start, paid by calls that never write across entities.
 */
export async function transactions(): Promise<(typeof Domain)["transaction"]> {
  return (await import("./service")).Domain.transaction;
}
