import type { LucideIcon } from "lucide-react";
import { FileSignature, FileSpreadsheet, Image, ListChecks, Receipt } from "lucide-react";
import i18next from "i18next";
import type { z } from "zod";
import {
  DOCUMENT_CATEGORIES,
  PROCESSING_STATUSES,
  type DocumentCategory,
  type DocumentRecord,
  type DocumentUploadTicket,
} from "@quorum/core/document/schema";

/** Documents as the API answers them, and the upload rules the server checks (core's contract). */
export {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES as MAX_UPLOAD_BYTES,
  type DocumentCategory,
} from "@quorum/core/document/schema";
export type ProjectDocument = DocumentRecord;
export type UploadTicket = z.infer<typeof DocumentUploadTicket>;

export const CATEGORY_ICONS: Record<DocumentCategory, LucideIcon> = {
  "vendor-quotes": Receipt,
  "customer-quotes": FileSpreadsheet,
  contracts: FileSignature,
  specifications: ListChecks,
  images: Image,
};

/** The label of a category in the language on screen, or the raw value for one this build does not know. */
export const categoryLabel = (category: string) =>
  (DOCUMENT_CATEGORIES as readonly string[]).includes(category) ? i18next.t(`documents:category.${category}`) : category;

const STATUSES: readonly string[] = PROCESSING_STATUSES;

/** A processing status in the language on screen; one this build does not know shows as stored. */
export const statusLabel = (status: string) => (STATUSES.includes(status) ? i18next.t(`documents:status.${status}`) : status);

/** An empty file has nothing to analyse; react-dropzone then says 'File is smaller than 1 byte'. */
export const MIN_UPLOAD_BYTES = 1;

/** A document still on its way: the list keeps polling while one exists. */
export const isInFlight = (doc: Pick<ProjectDocument, "processingStatus">) =>
  doc.processingStatus === "uploading" || doc.processingStatus === "processing";

/** 'completed' has the default badge, every other value the secondary one. */
export const statusVariant = (status: string) => (status === "completed" ? "default" : "secondary");

/** The documents grouped in the spec's category order; categories without documents are left out. */
export function groupByCategory(documents: ProjectDocument[]): { category: DocumentCategory | string; documents: ProjectDocument[] }[] {
  const known = DOCUMENT_CATEGORIES.map((category) => ({
    category,
    documents: documents.filter((d) => d.documentCategory === category),
  }));
  const unknown = [...new Set(documents.map((d) => d.documentCategory as string))]
    .filter((c) => !(DOCUMENT_CATEGORIES as readonly string[]).includes(c))
    .map((category) => ({ category, documents: documents.filter((d) => d.documentCategory === category) }));
  return [...known, ...unknown].filter((g) => g.documents.length > 0);
}
