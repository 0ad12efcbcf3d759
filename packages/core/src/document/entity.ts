import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { DOCUMENT_CATEGORIES, PROCESSING_STATUSES } from "./types";

/**
 * A document of a project. The file itself and what the pipeline derives from it
 * (full text, chunks) live in S3 (see keys.ts); the record keeps what lists show
 * and what the pipeline needs to coordinate.
 */
export const DocumentEntity = defineEntity({
  model: { entity: "document", version: "1", service: "quorum" },
  attributes: {
    id: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    projectId: { type: "number", required: true, readOnly: true },
    fileName: { type: "string", required: true, readOnly: true },
    /** The Content-Type it is stored and served with (decided by the server from the name). */
    fileType: { type: "string", required: true, readOnly: true },
    storageKey: { type: "string", required: true, readOnly: true },
    documentCategory: { type: DOCUMENT_CATEGORIES, required: true },
    processingStatus: { type: PROCESSING_STATUSES, required: true, default: "uploading" },
    /** The step the pipeline is in (validate, extract, analyze: index runs beside it), for failure reasons. */
    stage: { type: "string" },
    /** The execution that claimed the document: a duplicate S3 notification starts no second run. */
    executionId: { type: "string" },
    /** Bytes: as declared when the upload was requested, then as stored. */
    size: { type: "number" },
    /**
     * Bytes this document holds of its owner's document storage (quota/storage.ts): counted from the
     * upload request, settled to the stored size, given back when the upload never arrives or the
     * document is deleted. Absent: it holds none.
     */
    heldBytes: { type: "number" },
    /** What the content really is (extract's detectType). */
    detectedType: { type: "string" },
    pageCount: { type: "number" },
    hasText: { type: "boolean", required: true, default: false },
    /** The first few hundred characters of the text; the full text is in S3. */
    excerpt: { type: "string" },
    textSource: { type: ["parser", "ocr", "textract"] as const },
    /** Pages read from their pixels, with the reading's confidence (schema.ts `OcrPage`). */
    ocrPages: { type: "any" },
    documentType: { type: "string" },
    summary: { type: "string" },
    quoteId: { type: "number" },
    chunkCount: { type: "number" },
    warnings: { type: "list", items: { type: "string" } },
    failureReason: { type: "string" },
    processedAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["id"] },
      sk: { field: "sk", composite: [] },
    },
    byProject: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["projectId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});

export type DocumentItem = EntityItem<typeof DocumentEntity>;
