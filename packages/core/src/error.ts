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
