import type { LucideIcon } from "lucide-react";
import { FileSignature, FileSpreadsheet, Image, ListChecks, Receipt } from "lucide-react";
import type { z } from "zod";
import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentRecord, type DocumentUploadTicket } from "@quorum/core/document/schema";

/** Documents as the API answers them, and the upload rules the server checks (core's contract). */
export {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES as MAX_UPLOAD_BYTES,
  type DocumentCategory,
} from "@quorum/core/document/schema";
export type ProjectDocument = DocumentRecord;
export type UploadTicket = z.infer<typeof DocumentUploadTicket>;

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  "vendor-quotes": "Vendor Quotes",
  "customer-quotes": "Customer Quotes",
  contracts: "Contracts",
  specifications: "Specifications",
  images: "Images",
};

export const CATEGORY_ICONS: Record<DocumentCategory, LucideIcon> = {
  "vendor-quotes": Receipt,
  "customer-quotes": FileSpreadsheet,
  contracts: FileSignature,
  specifications: ListChecks,
  images: Image,
};

/** The label of a category, or the raw value for one this build does not know. */
export const categoryLabel = (category: string) => CATEGORY_LABELS[category as DocumentCategory] ?? category;

/** An empty file has nothing to analyse; react-dropzone then says 'File is smaller than 1 byte'. */
export const MIN_UPLOAD_BYTES = 1;

/** The short list the drop zone shows people (the exact list is in DOCUMENT_ACCEPT). */
export const ACCEPTED_TYPES_HINT = "PDF, images, Excel, CSV, Word or text";

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

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
