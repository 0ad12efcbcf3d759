import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { LEARNED_HOWS } from "./schema";

/**
 * What a person's correction taught about one issuer's documents: for one field, the label the
 * right value follows and where (or, for the issuer's name and currency, the value itself).
 * One record per issuer key (tax number, IBAN, domain, name) so that the next document is
 * matched by whichever of them it prints; the records of one lesson share `memoryId`, and
 * forgetting it removes them all. Keyed by the user: nobody else's documents learn from it.
 */
export const QuoteMemoryEntity = defineEntity({
  model: { entity: "quote_memory", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    key: { type: "string", required: true, readOnly: true },
    field: { type: "string", required: true, readOnly: true },
    memoryId: { type: "string", required: true },
    /** The label as printed, when the value follows one. */
    label: { type: "string" },
    how: { type: LEARNED_HOWS, required: true },
    /** The value itself, for how = "value". */
    value: { type: "string" },
    /** Where the value was printed, as fractions of the page (for choosing among several labels). */
    y: { type: "number" },
    /** The issuer's name as the person knows it, to show with the lesson. */
    issuer: { type: "string" },
    /** The document the lesson was learned from. */
    documentId: { type: "number", required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["key", "field"] },
    },
  },
});
export type QuoteMemoryItem = EntityItem<typeof QuoteMemoryEntity>;
