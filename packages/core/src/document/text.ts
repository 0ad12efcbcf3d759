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

/** A page's lines as extracted, each with its box as fractions of the page when the reader had geometry. */
export function pageLines(page: Page): { text: string; box?: [number, number, number, number] }[] {
  const texts = page.text.split("\n");
  const { width, height } = page;
  const geometry = page.lines?.length === texts.length && width && height ? page.lines : undefined;
  const share = (n: number, of: number) => Math.min(1, Math.max(0, Math.round((n / of) * 10000) / 10000));
  return texts.map((text, i) => {
    const g = geometry?.[i];
    return g ? { text, box: [share(g.x0, width!), share(g.y0, height!), share(g.x1, width!), share(g.y1, height!)] } : { text };
  });
}
