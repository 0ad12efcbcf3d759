import { z } from "zod";
import { Invalid, VisibleError } from "../error";
import { parseInput } from "../fn";
import { CfbError, isCompoundFile } from "./cfb";
import { declaredKind as declaredKindOf } from "./declared";
import { describeContent, detectType as detectTypeOf, isEncryptedOoxml } from "./detect";
import { damaged, encrypted, failure, isFailureMessage as isFailureMessageOf, megabytes, ReadError } from "./failure";
import { DEFAULT_LIMITS, parseContext, type Limits, type ParseContext } from "./limits";
import type { DocumentKind, Extraction } from "./types";
import { extractIsolated, type IsolationLimits } from "./isolate";
import { checkZip, ZipError } from "./zip";

export type { DocumentKind, Extraction, Page, Table } from "./types";
export type { Limits } from "./limits";
export type ExtractOptions = Extract.Options;
export { detectType } from "./detect";
export { declaredKind } from "./declared";

const LABELS: Record<DocumentKind, string> = {
  pdf: "PDF",
  docx: "Word (.docx)",
  doc: "Word (.doc)",
  xlsx: "Excel (.xlsx)",
  xls: "Excel (.xls)",
  csv: "CSV",
  txt: "text",
  png: "PNG image",
  jpeg: "JPEG image",
  tiff: "TIFF image",
  unknown: "unknown",
};

export interface ExtractResult extends Extraction {
  /** What the name (or content type) claims; `unknown` when it claims nothing we know. */
  declaredKind: DocumentKind;
  /** The content contradicts the name: the pipeline marks such a document failed. */
  mismatch: boolean;
}

/**
 * The one place a reader's failure becomes what a person reads: one of the sentences of
 * failure.ts, never a parser's or library's own wording (kept as `cause` for the logs).
 */
function unreadable(kind: DocumentKind, declared: DocumentKind, error: unknown, limits: Limits): VisibleError {
  if (error instanceof VisibleError) return error;
  let visible: VisibleError;
  if (error instanceof ReadError) {
    // an encrypted package hides whether it is Word or Excel: only the name can say
    const locked = error.reason === "encrypted" && (kind === "docx" || kind === "xlsx") && declared !== kind ? "unknown" : kind;
    visible = error.visible(locked);
  } else if (error instanceof ZipError && /size limit|too large/.test(error.message))
    visible = failure("expands", { limit: megabytes(limits.maxUnzippedBytes) });
  else if (error instanceof ZipError && /entries/.test(error.message)) visible = failure("tooManyParts", { count: limits.maxZipEntries });
  else if (error instanceof CfbError || error instanceof ZipError) visible = damaged(kind);
  else if (kind === "pdf" && error instanceof Error && /password/i.test(error.message)) visible = encrypted("pdf");
  else visible = damaged(kind);
  visible.cause = error;
  return visible;
}

async function parse(kind: DocumentKind, buffer: Buffer, context: ParseContext): Promise<Extraction> {
  switch (kind) {
    case "pdf":
      return (await import("./pdf")).extractPdf(buffer, context);
    case "docx":
    case "xlsx":
      // a password-protected .docx or .xlsx is an OLE2 file holding the encrypted package
      if (isCompoundFile(buffer)) {
        if (isEncryptedOoxml(buffer)) throw new ReadError("encrypted", "An encrypted Office Open XML package");
        throw new ReadError("damaged", "An OLE2 file where an Office Open XML package was expected");
      }
      checkZip(buffer, context.limits);
      return kind === "docx"
        ? (await import("./docx")).extractDocx(buffer, context)
        : (await import("./xlsx")).extractXlsx(buffer, context);
    case "doc":
      return (await import("./doc")).extractDoc(buffer, context);
    case "xls":
      return (await import("./xls")).extractXls(buffer, context);
    case "csv":
      return (await import("./csv")).extractCsv(buffer, context);
    case "txt":
      return (await import("./text")).extractPlainText(buffer, context);
    case "png":
    case "jpeg":
    case "tiff":
      return (await import("./image")).extractImage(kind, buffer, context);
    case "unknown": {
      const what = describeContent(buffer);
      throw what ? failure("unsupported", { what }) : failure("notDocument");
    }
  }
}

export namespace Extract {
  export const Options = z.object({
    fileName: z.string().max(1024).default(""),
    contentType: z.string().max(255).optional(),
    /** Read images and scanned PDF pages with local OCR (off when Textract will read them). */
    ocr: z.boolean().default(true),
    limits: z
      .object({
        maxInputBytes: z.number().int().positive(),
        maxChars: z.number().int().positive(),
        maxPages: z.number().int().positive(),
        maxUnzippedBytes: z.number().int().positive(),
        maxZipEntries: z.number().int().positive(),
        maxImagePixels: z.number().int().positive(),
        maxOcrPages: z.number().int().min(0),
        ocrCapReason: z.string().max(500),
        maxOcrSeconds: z.number().positive(),
        maxRows: z.number().int().positive(),
      })
      .partial()
      .optional(),
  });
  export type Options = z.input<typeof Options>;

  /** True when a message is one of extraction's own failure sentences (see failure.ts). */
  export const isFailureMessage = isFailureMessageOf;

  /** What the content really is (magic bytes); see detect.ts. */
  export const detectType = detectTypeOf;
  /** What the name or content type claims. */
  export const declaredKind = declaredKindOf;

  /**
   * Extracts the text of a file, choosing the reader by what the content really is. Damaged,
   * encrypted or unsupported files throw a VisibleError (Invalid/TooLarge) whose message can
   * be shown; limits that merely cut the text short add warnings instead.
   */
  export async function fromBuffer(buffer: Buffer | Uint8Array, options: Options): Promise<ExtractResult> {
    const { fileName, contentType, ocr, limits: given } = parseInput(Options, options);
    const limits: Limits = { ...DEFAULT_LIMITS, ...given };
    const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (bytes.length > limits.maxInputBytes) throw failure("tooLarge", { bytes: String(limits.maxInputBytes) });
    if (bytes.length === 0) throw failure("empty");

    const kind = detectTypeOf(bytes, fileName);
    const declared = declaredKindOf(fileName, contentType);
    const context = parseContext(limits, ocr);
    let extraction: Extraction;
    try {
      extraction = await parse(kind, bytes, context);
    } catch (error) {
      throw unreadable(kind, declared, error, limits);
    }
    const mismatch = declared !== "unknown" && declared !== kind;
    const warnings = [...new Set(extraction.warnings)];
    if (mismatch) warnings.unshift(`The file is named as ${LABELS[declared]} but its content is ${LABELS[kind]}.`);
    return { ...extraction, warnings, declaredKind: declared, mismatch };
  }

  /**
   * `fromBuffer` in a child process with a heap cap and a deadline (isolate.ts): for callers that
   * must survive any file, such as the document pipeline. A file that needs more time or memory
   * than allowed is refused with a clear TooLarge error.
   */
  export async function isolated(buffer: Buffer | Uint8Array, options: Options, limits?: IsolationLimits): Promise<ExtractResult> {
    const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return extractIsolated(bytes, options, limits);
  }

  /** Chat attachments arrive as data URLs (`data:<type>;base64,<bytes>`). */
  export async function fromDataUrl(dataUrl: string, options: Omit<Options, "contentType">): Promise<ExtractResult> {
    const match = /^data:([^;,]*)(;[^,]*)?,/.exec(dataUrl);
    if (!match) throw new Invalid("The attachment is not a data URL.");
    const body = dataUrl.slice(match[0].length);
    const bytes = match[2]?.includes(";base64") ? Buffer.from(body, "base64") : Buffer.from(decodeURIComponent(body), "utf8");
    return fromBuffer(bytes, { ...options, contentType: match[1] || undefined });
  }

  /** All pages as one text, pages separated by a blank line. */
  export const text = (extraction: Pick<Extraction, "pages">) =>
    extraction.pages
      .map((p) => p.text)
      .filter((t) => t !== "")
      .join("\n\n");

  /** Stops the local OCR worker if one was started (tests, shutdown). */
  export async function terminateOcr() {
    const { terminateOcr: stop } = await import("./ocr");
    await stop();
  }
}
