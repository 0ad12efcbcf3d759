/**
 * Documents `npm run check:lambda` reads through each packaged document reader: a scanned PDF
 * (PDFium renders it, tesseract.js reads it, with the shipped language data) and a CJK PDF whose
 * font is not embedded and whose encoding is a predefined CMap, which pdf.js can decode only with
 * the character maps shipped beside it.
 */
import { CJK_TEXT, cjkPdf } from "@quorum/testing/cjk-pdf";
import { ENGLISH_QUOTE, scannedPdf } from "@quorum/testing/scans";

export interface SampleDocument {
  name: string;
  fileName: string;
  bytes: Buffer;
  /** What the text must contain when the reader has everything it needs. */
  expect: RegExp;
}

export async function sampleDocuments(): Promise<SampleDocument[]> {
  return [
    { name: "scanned-pdf", fileName: "scan.pdf", bytes: await scannedPdf([ENGLISH_QUOTE.slice(0, 6)]), expect: /quot|total|invoice/i },
    { name: "cjk-pdf", fileName: "cjk.pdf", bytes: await cjkPdf(), expect: new RegExp(CJK_TEXT) },
  ];
}
