import { defineEntity } from "../db/entity";

/**
 * One counter item per user, meter and period (a UTC day or month), raised by a
 * conditional UpdateItem (`ADD count n` only while it stays within the plan's
 * limit), so concurrent requests can neither exceed a limit nor lose a count.
 */
export const UsageCountEntity = defineEntity({
  model: { entity: "usage_count", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    meter: { type: "string", required: true, readOnly: true },
    /** The UTC day (YYYY-MM-DD) or month (YYYY-MM). */
    period: { type: "string", required: true, readOnly: true },
    count: { type: "number" },
    /** Epoch seconds two days after the period ends: the table's TTL attribute. */
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["meter", "period"] },
    },
  },
});

/**
 * An upload whose file has not arrived yet: its document holds `bytes` of the owner's storage.
 * The pipeline removes the mark when the file arrives; a mark older than the upload's deadline is
 * an abandoned upload, whose bytes are given back (quota/storage.ts). One Query per user finds them.
 */
export const PendingUploadEntity = defineEntity({
  model: { entity: "pending_upload", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    documentId: { type: "number", required: true, readOnly: true },
    bytes: { type: "number", required: true, readOnly: true },
    /** ISO time the upload was requested. */
    requestedAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["documentId"] },
    },
  },
});
