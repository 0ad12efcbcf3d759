import { defineEntity, timestamps } from "../db/entity";
import { FONT_SIZES, LANGUAGES } from "./schema";

export const SettingsEntity = defineEntity({
  model: { entity: "settings", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    notifications: {
      type: "map",
      required: true,
      properties: { email: { type: "boolean" }, push: { type: "boolean" }, chat: { type: "boolean" } },
    },
    privacy: {
      type: "map",
      required: true,
      properties: { shareData: { type: "boolean" }, analytics: { type: "boolean" } },
    },
    preferences: {
      type: "map",
      required: true,
      properties: { language: { type: LANGUAGES }, fontSize: { type: FONT_SIZES } },
    },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
