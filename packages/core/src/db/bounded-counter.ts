import { isConditionFailure } from "./optimistic";

/**
 * The part of an ElectroDB update a counter item needs: every counter entity has a
 * numeric `count` and an `expiresAt` (the table's TTL attribute).
 */
export interface CounterUpdate {
  add(values: { count: number }): CounterChain;
  subtract(values: { count: number }): CounterChain;
}
interface CounterChain {
  set(values: { expiresAt: number }): CounterChain;
  where(condition: (attributes: any, op: any) => string): CounterChain;
  go(options: { response: "all_new" }): Promise<{ data: { count?: number } }>;
}

/**
 * Raises a counter by `by` in one conditional UpdateItem (`ADD count :by` only while
 * the result stays within `max`), so concurrent callers can neither pass the bound
 * nor lose a count. Returns the new count, or null when it would pass `max`.
 * `max` null: no bound (the count is still kept, for the usage shown to the user).
 */
export async function raiseWithin(update: CounterUpdate, by: number, max: number | null, expiresAt: number): Promise<number | null> {
  if (max !== null && by > max) return null;
  const raised = update.add({ count: by }).set({ expiresAt });
  try {
    const result = await (max === null ? raised : raised.where((a, op) => `${op.notExists(a.count)} OR ${op.lte(a.count, max - by)}`)).go({
      response: "all_new",
    });
    return result.data.count ?? by;
  } catch (error) {
    if (max !== null && isConditionFailure(error)) return null;
    throw error;
  }
}

/** Gives counts back (what was counted but not used); never below zero. */
export async function lowerBy(update: CounterUpdate, by: number): Promise<void> {
  if (by <= 0) return;
  try {
    await update
      .subtract({ count: by })
      .where((a, op) => op.gte(a.count, by))
      .go({ response: "all_new" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
