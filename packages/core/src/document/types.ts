import { declaredKind } from "../extract/detect";
import type { DocumentKind } from "../extract/types";

export const DOCUMENT_CATEGORIES = ["vendor-quotes", "customer-quotes", "contracts", "specifications", "images"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * uploading -> processing -> completed | failed (the spec's badge shows the value as text);
 * any of them -> deleting while a delete removes the files, until it removes the record.
 */
export const PROCESSING_STATUSES = ["uploading", "processing", "completed", "failed", "deleting"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** The spec's upload limit: 100MB, the same number react-dropzone's `maxSize` gets. */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

/**
 * The accepted types in react-dropzone's `accept` shape, so the web uploader and
 * the server accept the same files and word their refusal the same way.
 */
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

/** react-dropzone's texts (getInvalidTypeRejectionErr / getTooLargeRejectionErr / getTooSmallRejectionErr). */
const acceptAttribute = Object.entries(DOCUMENT_ACCEPT)
  .flatMap(([mime, extensions]) => [mime, ...extensions])
  .join(",");
export const TYPE_REJECTION = `File type must be one of ${acceptAttribute.split(",").join(", ")}`;
export const tooLarge = (max = MAX_DOCUMENT_BYTES) => `File is larger than ${max} ${max === 1 ? "byte" : "bytes"}`;
export const tooSmall = (min = 1) => `File is smaller than ${min} ${min === 1 ? "byte" : "bytes"}`;

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  csv: "text/csv",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
};

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";

/**
 * The Content-Type a document is stored (and later served) with, or undefined when
 * the file is not one of the accepted types. As in the browser's accept check, the
 * extension or the declared type may qualify a file; "any image" admits image/*
 * except SVG, which can carry scripts into the tab that opens it.
 */
export function acceptedContentType(fileName: string, contentType = ""): string | undefined {
  const byExtension = CONTENT_TYPES[extensionOf(fileName)];
  if (byExtension) return byExtension;
  const declared = contentType.split(";")[0]!.trim().toLowerCase();
  if (declared === "image/svg+xml") return undefined;
  if (/^image\/[a-z0-9.+-]+$/.test(declared)) return declared;
  return Object.keys(DOCUMENT_ACCEPT).includes(declared) && !declared.endsWith("*") ? declared : undefined;
}

/** What the name or type claims, in the extractors' terms (for the content check after upload). */
export function claimedKind(fileName: string, contentType: string): DocumentKind {
  return declaredKind(fileName, contentType);
}

/** A storage-safe file name: letters, digits, dot, dash and underscore, the extension kept. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[._]+/, "");
  const extension = extensionOf(cleaned);
  const stem = extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned;
  const kept = stem.slice(0, 100) || "document";
  return extension ? `${kept}.${extension.slice(0, 10)}` : kept;
}
