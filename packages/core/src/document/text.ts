import type { Page, Table } from "../extract/types";

/** derived/.../text.json: the full extracted text (it can exceed a DynamoDB item). */
export interface StoredText {
  version: 1;
  documentId: number;
  /** What the content is (extract's DocumentKind, or "image" for images we store but cannot read). */
  kind: string;
  /** Where the text came from: the file's own text (parser), local OCR, or Amazon Textract. */
  source: "parser" | "ocr" | "textract";
  pages: Page[];
  tables: Table[];
  warnings: string[];
}

export const EXCERPT_CHARS = 300;

/** The start of the text for the record, whitespace collapsed. */
export function excerptOf(pages: Page[]): string {
  const text = pages
    .map((p) => p.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;
}
