import { z } from "zod";
import { NextCursor } from "../list-page";
import { recordId } from "../validation";

/**
 * The documents API contract: browser-safe (zod only, no Node or AWS imports), so the web app
 * types its screens and checks its uploads with the same rules as the server.
 */

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

/** How long a presigned upload (POST) stays usable. */
export const UPLOAD_EXPIRES_SECONDS = 15 * 60;
/** An upload whose file has not arrived this long after it was asked for never will: it reads as failed. */
export const UPLOAD_DEADLINE_MS = (UPLOAD_EXPIRES_SECONDS + 5 * 60) * 1000;

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

/** A page whose text was read from its pixels (local OCR or Textract), and how sure the reading was. */
export const OcrPage = z.object({
  page: z.number(),
  /** Mean word confidence, 0-100; null when the reader gave none. */
  confidence: z.number().nullable(),
});
export type OcrPage = z.infer<typeof OcrPage>;

/** Below this mean word confidence an OCR page is shown as a low-confidence reading to check. */
export const LOW_OCR_CONFIDENCE = 70;

/** Pages listed on a document record: a scan longer than this is summarised by its first pages. */
export const MAX_LISTED_OCR_PAGES = 200;

/** "Page 2 read by OCR", "Pages 1-3 read by OCR, page 2 with low confidence (48%)". */
export function describeOcr(pages: OcrPage[]): string | null {
  if (pages.length === 0) return null;
  const numbers = pageRanges(pages.map((p) => p.page));
  const head = `${pages.length === 1 ? "Page" : "Pages"} ${numbers} read by OCR`;
  const low = pages.filter((p) => p.confidence !== null && p.confidence < LOW_OCR_CONFIDENCE);
  if (low.length === 0) return head;
  if (pages.length === 1) return `${head}, low confidence (${Math.round(low[0]!.confidence!)}%)`;
  const detail = low.map((p) => `${p.page} (${Math.round(p.confidence!)}%)`).join(", ");
  return `${head}; low confidence on ${low.length === 1 ? "page" : "pages"} ${detail}`;
}

/** 1, 2, 3, 5 -> "1-3, 5". */
export function pageRanges(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return parts.join(", ");
}

export const DocumentCategoryInput = z.enum(DOCUMENT_CATEGORIES, {
  message: `documentCategory must be one of ${DOCUMENT_CATEGORIES.join(", ")}`,
});
/** Forms send numbers as text. */
const ProjectId = z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v), recordId("Project ID"));
const FileName = z
  .string({ message: "fileName is required" })
  .trim()
  .min(1, "fileName is required")
  .max(255, "fileName must be at most 255 characters");

/** POST /api/documents/upload-url: a presigned upload for one file. */
export const DocumentUploadRequest = z.object({
  projectId: ProjectId,
  documentCategory: DocumentCategoryInput,
  fileName: FileName,
  contentType: z.string().max(255).default(""),
  size: z.number({ message: "size must be a number of bytes" }).int("size must be a whole number of bytes").min(0, tooSmall()),
});

/** POST /api/upload-document's form fields besides the file. */
export const DocumentUploadFields = z.object({
  projectId: z
    .preprocess((v) => (v === undefined || v === "" ? undefined : v), ProjectId.optional())
    .refine((v) => v !== undefined, "projectId is required"),
  documentCategory: DocumentCategoryInput,
});

export const DocumentMoveInput = z.object({ documentCategory: DocumentCategoryInput });

/** A document as the API answers it. */
export const DocumentRecord = z.object({
  id: z.number(),
  projectId: z.number(),
  fileName: z.string(),
  /** The Content-Type it is stored and served with. */
  fileType: z.string(),
  documentCategory: z.enum(DOCUMENT_CATEGORIES),
  processingStatus: z.enum(PROCESSING_STATUSES),
  /** The start of the extracted text, or null when none was extracted (the list's green dot). */
  extractedText: z.string().nullable(),
  hasText: z.boolean(),
  size: z.number().nullable(),
  pageCount: z.number().nullable(),
  /** quote, invoice, credit_note, contract, specification, drawing, correspondence or other (after analysis). */
  documentType: z.string().nullable(),
  summary: z.string().nullable(),
  /** Its commercial record's id (Quote entity), when the document is a quote, invoice or credit note. */
  quoteId: z.number().nullable(),
  /** Why processing failed, in words a person can act on. */
  failureReason: z.string().nullable(),
  /** Pages whose text was read from their pixels (OCR or Textract), with the reading's confidence. */
  ocrPages: z.array(OcrPage),
  warnings: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type DocumentRecord = z.infer<typeof DocumentRecord>;

/** A presigned S3 POST: multipart/form-data to `url`, every entry of `fields` first, then the file as `file`. */
export const PresignedUpload = z.object({
  method: z.literal("POST"),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number(),
});

/** POST /api/documents/upload-url answers the new record and where to send the file. */
export const DocumentUploadTicket = z.object({ document: DocumentRecord, upload: PresignedUpload });
export const DocumentReply = z.object({ document: DocumentRecord });
export const DocumentList = z.object({ documents: z.array(DocumentRecord), ...NextCursor });
export const DocumentView = z.object({ url: z.string(), expiresAt: z.string() });

/** Lines of one page the viewer gets at most: a page of a spreadsheet can hold thousands of rows. */
export const MAX_PAGE_LINES = 2000;

/**
 * GET /api/documents/{id}/pages/{page}: one page's extracted lines, each with its box on the page
 * (fractions, from the top-left corner) when the reader had geometry; what the viewer marks a
 * cited passage with, and what it shows of a file it cannot draw (Word, spreadsheets, text).
 */
export const PageText = z.object({
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  lines: z.array(z.object({ text: z.string(), box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional() })),
  /** More lines than MAX_PAGE_LINES: the rest were left out. */
  truncated: z.boolean(),
});
export type PageText = z.infer<typeof PageText>;

/** The longest search in a document: longer text is not a phrase printed on a page. */
export const MAX_FIND_QUERY = 200;
/** A search in a document stops after this many lines: more would not be paged through one by one. */
export const MAX_FIND_MATCHES = 500;

export const DocumentFindQuery = z.object({
  q: z
    .string({ message: "q must be the words to find" })
    .trim()
    .min(1, "q must be the words to find")
    .max(MAX_FIND_QUERY, `q must be at most ${MAX_FIND_QUERY} characters`),
});

/**
 * GET /api/documents/{id}/find?q=: the lines of the extracted text that hold the words (case and
 * accents ignored), each with its page, its line on the page (1-based, as PageText lists them)
 * and its box when the reader had geometry: search in scans, pictures, Word files and spreadsheets.
 */
export const DocumentMatches = z.object({
  matches: z.array(
    z.object({
      page: z.number().int().min(1),
      line: z.number().int().min(1),
      box: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
    }),
  ),
  /** More than MAX_FIND_MATCHES lines hold the words: the rest were left out. */
  truncated: z.boolean(),
});
export type DocumentMatches = z.infer<typeof DocumentMatches>;
export const DocumentRemoved = z.object({ id: z.number() });
