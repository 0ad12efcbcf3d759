/**
 * Parts of the documents API contract the browser shares (no Node or AWS imports here, so the
 * web app can import it).
 */

/** A page whose text was read from its pixels (local OCR or Textract), and how sure the reading was. */
export interface OcrPage {
  page: number;
  /** Mean word confidence, 0-100; null when the reader gave none. */
  confidence: number | null;
}

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
