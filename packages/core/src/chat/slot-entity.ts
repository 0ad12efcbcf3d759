import { defineEntity } from "../db/entity";

/**
 * One item per user: the answers being written now, as lease id -> epoch seconds at which the
 * lease lapses. A function killed mid-answer never gives its lease back; the lapse frees it.
 * Written with a version condition, so two questions at once cannot both take the last slot.
 */
export const AnswerSlotsEntity = defineEntity({
  model: { entity: "answer_slots", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    leases: { type: "any" },
    version: { type: "number", required: true },
    /** The last lease's lapse: the table's TTL attribute. */
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
