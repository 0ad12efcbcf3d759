import type { DocumentKind } from "./types";

/**
 * What a file claims to be from its name and declared type alone, without reading it: the
 * document records use this, and it stays apart from the content sniffing (detect.ts, which
 * loads the Office and compound-file parsers) so that whatever touches a document record does
 * not load those parsers too.
 */

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";

const BY_EXTENSION: Record<string, DocumentKind> = {
  pdf: "pdf",
  docx: "docx",
  doc: "doc",
  xlsx: "xlsx",
  xls: "xls",
  csv: "csv",
  tsv: "csv",
  txt: "txt",
  text: "txt",
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  tif: "tiff",
  tiff: "tiff",
};

const BY_CONTENT_TYPE: Record<string, DocumentKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
  "text/csv": "csv",
  "text/tab-separated-values": "csv",
  "text/plain": "txt",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/tiff": "tiff",
};

/** The kind the file's extension names, if it names one. */
export const kindByExtension = (fileName: string): DocumentKind | undefined => BY_EXTENSION[extensionOf(fileName)];

/** What the file claims to be: its extension first, then its declared content type. */
export function declaredKind(fileName: string, contentType?: string): DocumentKind {
  const byName = kindByExtension(fileName);
  if (byName) return byName;
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return (type && BY_CONTENT_TYPE[type]) || "unknown";
}
