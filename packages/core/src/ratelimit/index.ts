import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { raiseWithin } from "../db/bounded-counter";
import { RateLimited } from "../error";
import type { RateLimit } from "./limits";
import { RateLimitCounterEntity } from "./entity";

export * from "./limits";

const subjectKey = (subject: string) => createHash("sha256").update(subject).digest("base64url").slice(0, 32);

/**
 * The network a source address counts for: an IPv4 address itself, an IPv6
 * address its /64 (one subscriber usually holds a whole /64, so counting single
 * IPv6 addresses would let one client rotate through billions of them).
 */
export function networkOf(sourceIp: string): string {
  const mappedIPv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(sourceIp);
  if (mappedIPv4) return mappedIPv4[1]!;
  if (!isIPv6(sourceIp)) return sourceIp;
  const compressed = sourceIp.includes("::");
  const [head = "", tail = ""] = sourceIp.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = compressed ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  const prefix = groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":");
  return `${prefix}::/64`;
}

/** "less than a minute", "1 minute", "7 minutes", "1 hour", "2 hours". */
export function describeWait(seconds: number) {
  if (seconds < 60) return "less than a minute";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

export namespace RateLimiter {
  /**
   * Counts one request of `subject` against `limit`; past the limit it throws
   * `RateLimited`, which the API answers with 429 and `Retry-After`.
   */
  export async function consume(limit: RateLimit, subject: string, now: Date = new Date()): Promise<void> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
    const windowEnd = windowStart + limit.windowSeconds;
    // A minute past the window's end: DynamoDB's TTL deletes it some time after that.
    const update = RateLimitCounterEntity.update({ rateLimit: limit.name, subject: subjectKey(subject), windowStart });
    if ((await raiseWithin(update, 1, limit.max, windowEnd + 60)) !== null) return;
    const retryAfter = Math.max(1, windowEnd - nowSeconds);
    throw new RateLimited(`${limit.refusal} Please try again in ${describeWait(retryAfter)}.`, retryAfter);
  }
}
