import { defineEntity } from "../db/entity";

/**
 * One counter item per limit, subject and window. Counting is a single
 * conditional UpdateItem (`ADD count 1` only while `count < max`), so concurrent
 * requests can neither exceed the limit nor lose a count; `expiresAt` is the
 * table's TTL attribute, so finished windows delete themselves.
 */
export const RateLimitCounterEntity = defineEntity({
  model: { entity: "rate_limit_counter", version: "1", service: "quorum" },
  attributes: {
    rateLimit: { type: "string", required: true, readOnly: true },
    /** A hash of the IP address, email address or user id: no personal data in keys. */
    subject: { type: "string", required: true, readOnly: true },
    /** Epoch seconds at which the window began. */
    windowStart: { type: "number", required: true, readOnly: true },
    count: { type: "number" },
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["rateLimit", "subject"] },
      sk: { field: "sk", composite: ["windowStart"] },
    },
  },
});
