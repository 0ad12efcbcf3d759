import { Entity, type Schema } from "electrodb";
import { Dynamo } from "./client";

/**
 * Builds an ElectroDB entity on the single table. Configuration is read when the
 * entity's module is first imported: the local stack and tests set the environment first.
 */
export function defineEntity<A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(schema: S) {
  return new Entity(schema, { client: Dynamo.client(), table: Dynamo.table() });
}

/** ISO timestamps everywhere; `createdAt` doubles as the newest-first sort key of lists. */
export const timestamps = {
  createdAt: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => new Date().toISOString(),
  },
  updatedAt: {
    type: "string",
    watch: "*",
    required: true,
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} as const;
