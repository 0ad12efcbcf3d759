/** Marks an attempt whose transaction lost a race: read again and try again. */
export const RETRY = Symbol("retry");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Optimistic concurrency: each attempt reads, then writes in one transaction
 * conditioned on what it read. A cancelled transaction (a condition no longer
 * holds, or DynamoDB's TransactionConflict) means someone else won; the next
 * attempt reads their result. Jittered backoff spreads the losers out.
 */
export async function optimistic<T>(attempt: () => Promise<T | typeof RETRY>, onGiveUp: () => Error, maxAttempts = 80): Promise<T> {
  for (let i = 0; i < maxAttempts; i++) {
    const result = await attempt();
    if (result !== RETRY) return result;
    await sleep(Math.random() * Math.min(120, 4 * 2 ** Math.min(i, 5)));
  }
  throw onGiveUp();
}

/** True when DynamoDB refused a write because its condition did not hold. */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === "ConditionalCheckFailedException" || /conditional request failed/i.test(e.message ?? "")) return true;
  }
  return false;
}
