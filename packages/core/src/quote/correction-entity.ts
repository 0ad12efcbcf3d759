import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";

/**
 * People correct what the extraction got wrong. A correction is its own record
 * (one per document, like the quote), holding the corrected fields and the values
 * they replaced. It is applied to the quote record at once AND every time a quote
 * is read, so it survives the pipeline analysing the document again (which
 * rewrites the quote record from the file).
 */
export const QuoteCorrectionEntity = defineEntity({
  model: { entity: "quote_correction", version: "1", service: "quorum" },
  attributes: {
    documentId: { type: "number", required: true, readOnly: true },
    quoteId: { type: "number", required: true },
    projectId: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    /** The corrected fields, as JSON (null clears a value). */
    fields: { type: "any", required: true },
    /** What each corrected field said before its first correction. */
    original: { type: "any", required: true },
    /**
     * Counts the saves: each one is written only if the version it read is still the stored one,
     * so two people correcting at once cannot silently drop each other's fields. Absent on
     * records written before it existed (read as version 1).
     */
    version: { type: "number" },
    /** Lessons this correction taught for the issuer's next documents (schema `Learned`). */
    taught: { type: "any" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["documentId"] },
      sk: { field: "sk", composite: [] },
    },
    byProject: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["projectId"] },
      sk: { field: "gsi1sk", composite: ["documentId"] },
    },
  },
});
export type QuoteCorrectionItem = EntityItem<typeof QuoteCorrectionEntity>;
