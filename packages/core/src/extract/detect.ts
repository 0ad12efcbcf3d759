import { isCompoundFile, readCompoundFile } from "./cfb";
import type { DocumentKind } from "./types";
import { listZip } from "./zip";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

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

/** What the file claims to be: its extension first, then its declared content type. */
export function declaredKind(fileName: string, contentType?: string): DocumentKind {
  const byName = BY_EXTENSION[extensionOf(fileName)];
  if (byName) return byName;
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return (type && BY_CONTENT_TYPE[type]) || "unknown";
}

/**
 * How the bytes are encoded if they are text at all: a BOM decides; otherwise NUL bytes or
 * many control characters mean binary; valid UTF-8 is UTF-8; anything else is taken for
 * Windows-1252, which is what Excel on Windows writes when it saves a CSV.
 */
export function textEncoding(buffer: Buffer): TextEncoding | undefined {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return "utf-8";
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return "utf-16le";
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return "utf-16be";
  const sample = buffer.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return undefined;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  if (controls > sample.length / 200) return undefined;
  try {
    // stream: true lets the sample end in the middle of a multi-byte character
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: sample.length < buffer.length });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

function zipKind(buffer: Buffer): DocumentKind {
  try {
    const names = new Set(listZip(buffer).map((e) => e.name));
    if (names.has("word/document.xml")) return "docx";
    if (names.has("xl/workbook.xml")) return "xlsx";
  } catch {
    // a damaged archive is not a document we can read
  }
  return "unknown";
}

function compoundKind(buffer: Buffer): DocumentKind {
  try {
    const streams = new Set(readCompoundFile(buffer).streams());
    if (streams.has("WordDocument")) return "doc";
    // "Book" is the BIFF5 name (Excel 5/95), "Workbook" the BIFF8 one (Excel 97-2003)
    if (streams.has("Workbook") || streams.has("Book")) return "xls";
  } catch {
    // damaged container
  }
  return "unknown";
}

/**
 * What the file really is, judged by its content (magic bytes, zip entries, OLE2 streams); the
 * name only separates CSV from plain text, which share their bytes. The pipeline compares this
 * with `declaredKind` to fail a file whose content contradicts its name.
 */
export function detectType(buffer: Buffer, fileName = ""): DocumentKind {
  if (buffer.length === 0) return "unknown";
  // the PDF header may follow some junk, which readers tolerate within the first kilobyte
  if (buffer.subarray(0, 1024).includes("%PDF-")) return "pdf";
  if (buffer.subarray(0, 8).equals(PNG)) return "png";
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "jpeg";
  const head4 = buffer.subarray(0, 4).toString("latin1");
  if (head4 === "II*\u0000" || head4 === "MM\u0000*") return "tiff";
  if (head4 === "PK\u0003\u0004" || head4 === "PK\u0005\u0006") return zipKind(buffer);
  if (isCompoundFile(buffer)) return compoundKind(buffer);
  if (textEncoding(buffer)) {
    const byName = BY_EXTENSION[extensionOf(fileName)];
    return byName === "csv" ? "csv" : "txt";
  }
  return "unknown";
}
