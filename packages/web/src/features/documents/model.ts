import type { LucideIcon } from "lucide-react";
import { FileSignature, FileSpreadsheet, Image, ListChecks, Receipt } from "lucide-react";
import i18next from "i18next";
import type { OcrPage } from "@quorum/core/document/schema";
import { currentLocale } from "@/i18n/languages";

/**
 * Documents as the API answers them (packages/core/src/document/index.ts `Document.Info`)
 * and the upload rules (accepted types and sizes). The web app does not import core (it is
 * built for the browser), so the constants are repeated here; model.test.ts checks they
 * still equal core's.
 */

export const DOCUMENT_CATEGORIES = ["vendor-quotes", "customer-quotes", "contracts", "specifications", "images"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** uploading -> processing -> completed | failed; deleting while a delete that stopped half way waits for the next one. */
export type ProcessingStatus = "uploading" | "processing" | "completed" | "failed" | "deleting";

export interface ProjectDocument {
  id: number;
  projectId: number;
  fileName: string;
  fileType: string;
  documentCategory: DocumentCategory;
  processingStatus: ProcessingStatus | string;
  /** The start of the extracted text, or null when none was extracted. */
  extractedText: string | null;
  hasText: boolean;
  size: number | null;
  pageCount: number | null;
  documentType: string | null;
  summary: string | null;
  quoteId: number | null;
  failureReason: string | null;
  /** Pages whose text was read from their pixels (OCR or Textract), with the reading's confidence. */
  ocrPages: OcrPage[];
  warnings: string[];
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
}

/** POST /api/documents/upload-url answers the new record and a presigned S3 POST. */
export interface UploadTicket {
  document: ProjectDocument;
  upload: { method: "POST"; url: string; fields: Record<string, string>; expiresAt: string; maxBytes: number };
}

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

const STATUSES: readonly string[] = ["uploading", "processing", "completed", "failed", "deleting"] satisfies ProcessingStatus[];

/** A processing status in the language on screen; one this build does not know shows as stored. */
export const statusLabel = (status: string) => (STATUSES.includes(status) ? i18next.t(`documents:status.${status}`) : status);

/** Spec §9: one file at a time, 100MB. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** An empty file has nothing to analyse; react-dropzone then says 'File is smaller than 1 byte'. */
export const MIN_UPLOAD_BYTES = 1;

/** react-dropzone's `accept`: PDF, any image, XLSX, XLS, CSV, DOC, DOCX, TXT (the same map the server checks). */
export const DOCUMENT_ACCEPT: Record<string, string[]> = {
  "application/pdf": [".pdf"],
  "image/*": [".jpg", ".jpeg", ".png"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-excel": [".xls"],
  "text/csv": [".csv"],
  "application/msword": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "text/plain": [".txt"],
};

/** A document still on its way: the list keeps polling while one exists. */
export const isInFlight = (doc: Pick<ProjectDocument, "processingStatus">) =>
  doc.processingStatus === "uploading" || doc.processingStatus === "processing";

/** Spec §4: 'completed' has the default badge, every other value the secondary one. */
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

/** "1.5 MB", "1,5 Mo": the number as the language on screen writes it, with its own unit abbreviation. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  const units = ["bytes", "kb", "mb", "gb"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const size = value.toLocaleString(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return i18next.t(`documents:size.${units[unit]}`, { size });
}
