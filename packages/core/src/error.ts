import type { MeterName } from "./billing/schema";

/**
 * Errors whose message is safe to show to the user. The HTTP wrapper is the only
 * place that turns them into status codes and `{ "error": message }`.
 */
export class VisibleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends VisibleError {
  constructor(message: string) {
    super("invalid", message, 400);
  }
}
export class Unauthorized extends VisibleError {
  constructor(message = "Unauthorized") {
    super("unauthorized", message, 401);
  }
}
export class Forbidden extends VisibleError {
  constructor(message = "Forbidden") {
    super("forbidden", message, 403);
  }
}
export class NotFound extends VisibleError {
  constructor(what = "Record") {
    super("not_found", `${what} not found`, 404);
  }
}
export class Conflict extends VisibleError {
  constructor(message: string) {
    super("conflict", message, 409);
  }
}
export class TooLarge extends VisibleError {
  constructor(message: string) {
    super("too_large", message, 413);
  }
}
/** The plan's document storage is full: a 413 like a file too large, but counted work is given back for it. */
export class StorageFull extends TooLarge {}
/** A plan's limit was reached; `limit` (which meter, whether upgrading lifts it) goes into the 429's body. */
export class LimitReached extends VisibleError {
  constructor(
    message: string,
    readonly limit?: { meter: MeterName; upgrade: boolean },
  ) {
    super("limit_reached", message, 429);
  }
}
/** Too many requests in a window; the HTTP wrapper adds `Retry-After` from `retryAfterSeconds`. */
export class RateLimited extends LimitReached {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
export class Unavailable extends VisibleError {
  constructor(message: string) {
    super("unavailable", message, 503);
  }
}

/** What a request that met a store or service that is down is told, and how long to wait before trying again. */
export const STORE_UNAVAILABLE = "The service is briefly unavailable. Please try again in a few seconds.";
export const STORE_UNAVAILABLE_RETRY_SECONDS = 5;

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
]);
const UNAVAILABLE_NAMES = new Set([
  "TimeoutError",
  "ServiceUnavailable",
  "ServiceUnavailableException",
  "InternalServerError",
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "SlowDown",
]);

/**
 * True when `error` (or what it wraps: ElectroDB and the AWS SDK nest the cause) says a store or
 * service could not be reached or is overloaded: DynamoDB or S3 down, a connection refused, AWS's
 * own 5xx. That is no bug of ours and no mistake of the caller's: a 503 with Retry-After, not a 500.
 */
export function isUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error as Record<string, any> | undefined; e && typeof e === "object" && !seen.has(e); e = e.cause ?? e.originalError) {
    seen.add(e);
    if (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_CODES.has(e.errno) || UNAVAILABLE_NAMES.has(e.name)) return true;
    if (typeof e.$metadata?.httpStatusCode === "number" && e.$metadata.httpStatusCode >= 500) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner: unknown) => isUnavailable(inner))) return true;
  }
  return false;
}
