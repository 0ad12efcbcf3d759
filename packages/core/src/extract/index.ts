import { z } from "zod";
import { Invalid, TooLarge, VisibleError } from "../error";
import { CfbError } from "./cfb";
import { declaredKind as declaredKindOf, detectType as detectTypeOf } from "./detect";
import { DEFAULT_LIMITS, parseContext, type Limits, type ParseContext } from "./limits";
import type { DocumentKind, Extraction } from "./types";
import { XlsError } from "./xls";
import { checkZip, ZipError } from "./zip";

export type { DocumentKind, Extraction, Page, Table } from "./types";
export type { Limits } from "./limits";
export { detectType, declaredKind } from "./detect";

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

/** Errors from our own readers are phrased for people; a library's are replaced by this. */
function unreadable(kind: DocumentKind, error: unknown): VisibleError {
  if (error instanceof VisibleError) return error;
  if (error instanceof ZipError && /size limit|entries/.test(error.message)) {
    return new TooLarge("The file expands to more data than can be processed.");
  }
  const own = error instanceof XlsError || error instanceof CfbError || (error instanceof Error && /^The PDF /.test(error.message));
  const message = own ? (error as Error).message : `This ${LABELS[kind]} file could not be read; it may be damaged or password-protected`;
  const wrapped = new Invalid(message.endsWith(".") ? message : `${message}.`);
  wrapped.cause = error;
  return wrapped;
}

async function parse(kind: DocumentKind, buffer: Buffer, context: ParseContext): Promise<Extraction> {
  switch (kind) {
    case "pdf":
      return (await import("./pdf")).extractPdf(buffer, context);
    case "docx":
      checkZip(buffer, context.limits);
      return (await import("./docx")).extractDocx(buffer, context);
    case "xlsx":
      checkZip(buffer, context.limits);
      return (await import("./xlsx")).extractXlsx(buffer, context);
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
    case "unknown":
      throw new Invalid("The file's content is not a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.");
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
        maxOcrSeconds: z.number().positive(),
        maxRows: z.number().int().positive(),
      })
      .partial()
      .optional(),
  });
  export type Options = z.input<typeof Options>;

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
    const parsed = Options.safeParse(options);
    if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? "Invalid extraction options");
    const { fileName, contentType, ocr } = parsed.data;
    const limits: Limits = { ...DEFAULT_LIMITS, ...parsed.data.limits };
    const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (bytes.length > limits.maxInputBytes) throw new TooLarge(`File is larger than ${limits.maxInputBytes} bytes`);
    if (bytes.length === 0) throw new Invalid("The file is empty.");

    const kind = detectTypeOf(bytes, fileName);
    const declared = declaredKindOf(fileName, contentType);
    const context = parseContext(limits, ocr);
    let extraction: Extraction;
    try {
      extraction = await parse(kind, bytes, context);
    } catch (error) {
      throw unreadable(kind, error);
    }
    const mismatch = declared !== "unknown" && declared !== kind;
    const warnings = [...new Set(extraction.warnings)];
    if (mismatch) warnings.unshift(`The file is named as ${LABELS[declared]} but its content is ${LABELS[kind]}.`);
    return { ...extraction, warnings, declaredKind: declared, mismatch };
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
