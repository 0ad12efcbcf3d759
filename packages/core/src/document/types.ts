import { declaredKind } from "../extract/declared";
import type { DocumentKind } from "../extract/types";
import { DOCUMENT_ACCEPT } from "./schema";

export {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES,
  PROCESSING_STATUSES,
  tooLarge,
  tooSmall,
  TYPE_REJECTION,
  type DocumentCategory,
  type ProcessingStatus,
} from "./schema";

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
