/** What a file really is, judged by its content (see detect.ts). */
export const DOCUMENT_KINDS = ["pdf", "docx", "doc", "xlsx", "xls", "csv", "txt", "png", "jpeg", "tiff", "unknown"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** One page of text: a PDF page, a spreadsheet sheet, or a ~3,000 character slice of plain text. */
export interface Page {
  page: number;
  text: string;
}

/** Cells as text, row by row; `page` is the page the table sits on, `name` a sheet's name. */
export interface Table {
  page: number;
  name?: string;
  rows: string[][];
}

export interface Extraction {
  kind: DocumentKind;
  pages: Page[];
  tables?: Table[];
  /** Things a person should know (truncation, pages not read); never fatal. */
  warnings: string[];
  /** PDF pages with no text layer (scans): OCR or Textract must read them. */
  scannedPages?: number[];
  /** Pages whose text came from OCR rather than a text layer. */
  ocrPages?: number[];
}
