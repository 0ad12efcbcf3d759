import type { EntityItem } from "electrodb";
import { defineEntity } from "../db/entity";

/**
 * One question asked (chat or research mode): which model was asked, and each model
 * call it made with its tokens, latency and outcome. Written only for people whose
 * analytics setting is on; what billing counts is the quota's counters, not these.
 * Kept for USAGE_EVENT_DAYS (the table's TTL attribute), sorted by time under the user.
 */
export const UsageEventEntity = defineEntity({
  model: { entity: "usage_event", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** ISO time the question was asked. */
    at: { type: "string", required: true, readOnly: true },
    id: { type: "string", required: true, readOnly: true },
    kind: { type: ["question"] as const, required: true },
    /** What the question was sent to: a model choice, "custom" or "quorum" (research mode). */
    model: { type: "string", required: true },
    mode: { type: ["single", "research"] as const, required: true },
    /** It failed for a model's or the server's sake (the offline model stood in, or it broke off). */
    failed: { type: "boolean", required: true },
    latencyMs: { type: "number", required: true },
    calls: {
      type: "list",
      required: true,
      items: {
        type: "map",
        properties: {
          model: { type: "string", required: true },
          inputTokens: { type: "number", required: true },
          outputTokens: { type: "number", required: true },
          latencyMs: { type: "number", required: true },
          ok: { type: "boolean", required: true },
        },
      },
    },
    /** Epoch seconds: the table's TTL attribute. */
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["at", "id"] },
    },
  },
});

export type UsageEventItem = EntityItem<typeof UsageEventEntity>;
