/** What a file really is, judged by its content (see detect.ts). */
export const DOCUMENT_KINDS = ["pdf", "docx", "doc", "xlsx", "xls", "csv", "txt", "png", "jpeg", "tiff", "unknown"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * A positioned piece of text in page space: points (1/72 in) from the page's top-left corner as
 * it is displayed (after /Rotate), x to the right, y down. OCR and Textract coordinates are
 * scaled to the same space, so every reader's output has one shape.
 */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A word or text run as a reader found it, before layout. */
export interface Word extends Box {
  text: string;
  /** Font size (PDF) or glyph height (OCR), in points. */
  size?: number;
}

/**
 * Where one word of a cell is printed: the offset just past it in the cell's text, and its
 * horizontal extent. With these a value inside a cell ("Total: 1,234.00") gets a box of its own.
 */
export interface WordSpan {
  end: number;
  x0: number;
  x1: number;
}

/** One column cell of a laid-out line: the words between two column gaps. */
export interface Cell extends Box {
  text: string;
  /** Its words, left to right, when it has more than one (left-to-right text only). */
  words?: WordSpan[];
}

/** A laid-out line: its cells left to right. Its text is the cells joined with " | ". */
export interface Line extends Box {
  cells: Cell[];
}

/** How a page's text was obtained. */
export type PageSource = "text" | "ocr" | "textract" | "parser";

/**
 * One page of text: a PDF page, a spreadsheet sheet, or a ~3,000 character slice of plain text.
 * `text` is one line per row, with column gaps and table cells written as " | ", so a quote
 * line's description, quantity, price and amount stay on one line in every format.
 */
export interface Page {
  page: number;
  text: string;
  /** Geometry of `text`, line for line (PDF, OCR and Textract pages): for citations and column-aware reading. */
  lines?: Line[];
  /** Page size in points, when the page has one. */
  width?: number;
  height?: number;
  /** Where the text came from, when not the file's own text ("parser"). */
  source?: PageSource;
  /** OCR or Textract mean word confidence, 0-100. */
  confidence?: number;
  /** A spreadsheet page: the sheet's name and the sheet row of each line of `text` (0 for a line that is no row). */
  sheet?: { name: string; rows: number[] };
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
