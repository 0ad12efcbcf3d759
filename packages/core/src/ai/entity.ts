import { defineEntity } from "../db/entity";

/**
 * The outcome of the last call to each model, kept in DynamoDB so every Lambda
 * instance reports the same status (an instance's memory would only know its own calls).
 */
export const AiStatusEntity = defineEntity({
  model: { entity: "aiStatus", version: "1", service: "quorum" },
  attributes: {
    choice: { type: "string", required: true },
    modelId: { type: "string", required: true },
    ok: { type: "boolean", required: true },
    /** The plain-words reason of a failure. */
    error: { type: "string" },
    latencyMs: { type: "number" },
    at: { type: "string", required: true },
  },
  indexes: {
    // One small partition holds every model's record: the status is one Query.
    primary: {
      pk: { field: "pk", composite: [] },
      sk: { field: "sk", composite: ["choice"] },
    },
  },
});
