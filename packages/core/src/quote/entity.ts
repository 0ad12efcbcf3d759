import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { COMMERCIAL_TYPES, QUOTE_KINDS } from "./schema";

/**
 * The commercial data extracted from one document: a quote (or estimate, proposal, proforma),
 * an invoice or a credit note, as `documentType` says (records written before it existed are
 * quotes). One per document: the primary key is the document's id, so deleting a document
 * removes its record in the same transaction and a retried analysis replaces rather than
 * duplicates it. Scalars that were not found are absent; nested values (line items, sources,
 * flags) are stored as JSON maps and validated by the zod schema when read.
 */
export const QuoteEntity = defineEntity({
  model: { entity: "quote", version: "1", service: "quorum" },
  attributes: {
    documentId: { type: "number", required: true, readOnly: true },
    id: { type: "number", required: true, readOnly: true },
    projectId: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    kind: { type: QUOTE_KINDS, required: true },
    documentType: { type: [...COMMERCIAL_TYPES] as const },
    vendorName: { type: "string" },
    customerName: { type: "string" },
    quoteNumber: { type: "string" },
    quoteDate: { type: "string" },
    validUntil: { type: "string" },
    currency: { type: "string" },
    lineItems: { type: "any", required: true },
    subtotal: { type: "number" },
    tax: { type: "number" },
    shipping: { type: "number" },
    total: { type: "number" },
    paymentTerms: { type: "string" },
    confidence: { type: "number", required: true },
    sources: { type: "any", required: true },
    flags: { type: "any", required: true },
    /** Fields a configured model and the rules read differently (schema `Disagreement`). */
    disagreements: { type: "any" },
    /** Lessons from the user's corrections that read this quote (schema `Learned`). */
    learned: { type: "any" },
    /** Set when a person changes the extracted values (the quotes API). */
    edited: { type: "boolean", required: true, default: false },
    /** Who extracted it: "offline" (the rules) or a model id. */
    extractedBy: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["documentId"] },
      sk: { field: "sk", composite: [] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["id"] },
      sk: { field: "gsi1sk", composite: [] },
    },
    byProject: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["projectId"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});

export type QuoteItem = EntityItem<typeof QuoteEntity>;
