import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";

/**
 * A project's leveling as it was last arranged (quotes chosen, currency, rates, awards), one per
 * project: the awards a person made stay with the project, on any device, not only in a link.
 */
export const SavedLevelingEntity = defineEntity({
  model: { entity: "saved_leveling", version: "1", service: "quorum" },
  attributes: {
    projectId: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    quotes: { type: "string", required: true },
    base: { type: "string" },
    rates: { type: "string" },
    award: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["projectId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

export type SavedLevelingItem = EntityItem<typeof SavedLevelingEntity>;
