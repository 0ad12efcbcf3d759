import { Invalid, TooLarge, VisibleError } from "../error";
import type { DocumentKind } from "./types";

/**
 * Every way extraction can refuse a file, as the sentence a person reads. The list is closed:
 * a reader's own error (or a library's: "Invalid Root reference", "End of data reached") is
 * mapped to one of these by `Extract.fromBuffer`, so no parser's wording reaches a user, and
 * `isFailureMessage` can tell ours from anything else (the robustness bench counts any other
 * message as a crash). A `{...}` is filled in per file: a kind of document, a limit.
 */
const TEMPLATES = {
  empty: "The file is empty.",
  // the same wording as the upload limit's, so one rule reads the same everywhere
  tooLarge: "File is larger than {bytes} bytes",
  expands: "The file expands to more than {limit} of data when unpacked, the most that can be read.",
  tooManyParts: "The file holds more than {count} parts, the most that can be read.",
  notDocument: "The file's content is not a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.",
  unsupported: "The file is {what}, which is not a supported type. Upload a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.",
  encrypted: "The {noun} is password-protected. Save a copy without the password and upload that instead.",
  oldFormat: "The file is {what}, an old format that cannot be read. Open it and save it as {saveAs}, then upload it again.",
  damaged: "The {noun} is damaged or incomplete and cannot be read.",
  imagePixels: "The image is {size} pixels, more than can be read.",
  timeout:
    "Reading the file took longer than {seconds} seconds, the most allowed, and was stopped. The file may be damaged or unusually complex.",
  memory:
    "Reading the file needed more than {megabytes} MB of memory, the most allowed, and was stopped. The file may be damaged or unusually complex.",
} as const;

export type FailureReason = keyof typeof TEMPLATES;

const PATTERNS = Object.values(TEMPLATES).map(
  (template) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[a-zA-Z]+\}/g, ".+")}$`),
);

/** True when the message is one of extraction's own failure sentences. */
export const isFailureMessage = (message: string) => PATTERNS.some((p) => p.test(message));

/** How each kind of document is named in a sentence ("The Excel workbook is damaged..."). */
const NOUNS: Record<DocumentKind, string> = {
  pdf: "PDF",
  docx: "Word document",
  doc: "Word document",
  xlsx: "Excel workbook",
  xls: "Excel workbook",
  csv: "CSV file",
  txt: "text file",
  png: "PNG image",
  jpeg: "JPEG image",
  tiff: "TIFF image",
  unknown: "file",
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{([a-zA-Z]+)\}/g, (_, key: string) => {
    const value = values[key];
    return typeof value === "number" ? value.toLocaleString("en-US") : (value ?? "");
  });

/** A failure that can be shown as it is: Invalid (400) for the file's content, TooLarge (413) for a limit. */
export function failure(reason: FailureReason, values: Record<string, string | number> = {}): VisibleError {
  const message = fill(TEMPLATES[reason], values);
  const tooLarge = ["tooLarge", "expands", "tooManyParts", "timeout", "memory", "imagePixels"].includes(reason);
  return tooLarge ? new TooLarge(message) : new Invalid(message);
}

export const damaged = (kind: DocumentKind) => failure("damaged", { noun: NOUNS[kind] });
export const encrypted = (kind: DocumentKind) => failure("encrypted", { noun: NOUNS[kind] });

/** Megabytes as a person reads them: "256 MB". */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;

/**
 * A reader's own refusal: the reason is one of ours, and `detail` (what exactly was wrong, for
 * logs and tests) never reaches a person. Readers throw this instead of a VisibleError so the
 * message is always built here, from the kind of the file.
 */
export class ReadError extends Error {
  constructor(
    readonly reason: "damaged" | "encrypted" | "oldFormat" | "unsupported",
    detail: string,
    /** For oldFormat and unsupported: what the file is ("an Excel 4.0 worksheet") and what to save it as. */
    readonly what?: { what: string; saveAs?: string },
  ) {
    super(detail);
    this.name = "ReadError";
  }

  visible(kind: DocumentKind): VisibleError {
    if (this.reason === "encrypted") return encrypted(kind);
    if (this.reason === "oldFormat") return failure("oldFormat", { what: this.what?.what ?? "", saveAs: this.what?.saveAs ?? "" });
    if (this.reason === "unsupported") return failure("unsupported", { what: this.what?.what ?? "" });
    return damaged(kind);
  }
}
