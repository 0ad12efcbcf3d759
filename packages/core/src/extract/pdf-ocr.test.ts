import { ENGLISH_QUOTE, FRENCH_QUOTE, glyphSoupPdf, outlinedPdf, scannedPdf, stripsPdf, textPdf } from "@quorum/testing/scans";
import { afterAll, describe, expect, it } from "vitest";
import { Extract } from "./index";
import { pageRanges } from "./ocr";
import { isGlyphSoup, unreadableShare } from "./pdf-ocr";

const OCR_TIMEOUT = 120_000;
// the key fields of the generated English quote, as its page prints them
const ENGLISH_KEYS = ["Northwind Fabrication Ltd", "QUOTATION", "NF-4471", "14 March 2025", "2,062.00", "412.40", "2,474.40"];

afterAll(() => Extract.terminateOcr());

describe("glyph soup", () => {
  it("calls control characters, private-use glyphs, mojibake and script-hopping words unreadable", () => {
    expect(isGlyphSoup("\u0003\u0003\u0003\u0003\u0003\u0003\u0003\u0003\u0003\u0003")).toBe(true);
    expect(isGlyphSoup("\ue021\ue04f\ue054\ue041\ue04c \ue032\ue030\ue032\ue035")).toBe(true);
    expect(isGlyphSoup("ΰԔϸΨߙ ϣÎgϙķϢʆ iͳဍഀ ඥǊһӍΉʽী")).toBe(true);
    expect(isGlyphSoup("Ã©chÃ©ance NÂ° Ã  rÃ©gler")).toBe(true);
  });

  it("reads real text in any script as text", () => {
    for (const text of [
      "Total | $2,474.40",
      "Désignation | Quantité | Prix unitaire — net à payer TTC",
      "Gesamtbetrag zahlbar innerhalb von 14 Tagen, Straße 5",
      "Συνολικό ποσό | Итого к оплате | 合計金額 お見積書 | 견적서 | المجموع الكلي | סך הכול",
    ]) {
      expect(unreadableShare(text)).toBeLessThan(0.05);
    }
  });

  it("writes page lists as ranges", () => {
    expect(pageRanges([7, 1, 2, 3, 9, 10])).toBe("1-3, 7, 9-10");
  });
});

describe("OCR of PDF pages without a usable text layer", () => {
  it(
    "reads a page whose text is drawn as vector outlines",
    async () => {
      const result = await Extract.fromBuffer(await outlinedPdf(ENGLISH_QUOTE), { fileName: "outlined.pdf" });
      expect(result.ocrPages).toEqual([1]);
      const page = result.pages[0]!;
      expect(page.source).toBe("ocr");
      for (const key of ENGLISH_KEYS) expect(page.text).toContain(key);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a page whose only text layer is a short footer, far too little for the ink on it",
    async () => {
      const footer = [{ text: "Printed from the order system, page 1 of 1", x: 50, y: 800, size: 8 }];
      const result = await Extract.fromBuffer(await outlinedPdf(ENGLISH_QUOTE, footer), { fileName: "stamped.pdf" });
      expect(result.scannedPages).toEqual([1]);
      expect(result.ocrPages).toEqual([1]);
      for (const key of ["Northwind Fabrication Ltd", "NF-4471", "2,474.40", "page 1 of 1"]) expect(result.pages[0]!.text).toContain(key);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a page composited from 15 image strips as one page, its table rows whole",
    async () => {
      const result = await Extract.fromBuffer(await stripsPdf(ENGLISH_QUOTE, 15), { fileName: "strips.pdf" });
      expect(result.ocrPages).toEqual([1]);
      const page = result.pages[0]!;
      for (const key of ENGLISH_KEYS) expect(page.text).toContain(key);
      expect(page.text).toContain("Hydraulic hose assembly | 6 | 87.00 | 522.00");
      // the same page shape as a text page: lines with cells in points, the page size, a confidence
      expect(page.lines?.length).toBeGreaterThan(10);
      expect(page.width).toBeCloseTo(595, 0);
      expect(page.height).toBeCloseTo(842, 0);
      const total = page.lines!.find((l) => l.cells.some((c) => c.text === "2,474.40"))!;
      expect(total.x1).toBeGreaterThan(480);
      expect(total.x1).toBeLessThan(595);
      expect(page.confidence).toBeGreaterThan(80);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a page by OCR when its text layer is glyph soup",
    async () => {
      const result = await Extract.fromBuffer(await glyphSoupPdf(ENGLISH_QUOTE), { fileName: "soup.pdf" });
      expect(result.scannedPages).toEqual([1]);
      expect(result.ocrPages).toEqual([1]);
      for (const key of ENGLISH_KEYS) expect(result.pages[0]!.text).toContain(key);
      expect(unreadableShare(result.pages[0]!.text)).toBe(0);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a French scan with French language data, accents and all",
    async () => {
      const result = await Extract.fromBuffer(await scannedPdf([FRENCH_QUOTE]), { fileName: "devis.pdf" });
      const text = result.pages[0]!.text;
      for (const key of ["DEVIS", "DV-2291", "3 février 2025", "Désignation", "Quantité", "Net à payer TTC", "1 004,40", "167,40"]) {
        expect(text).toContain(key);
      }
    },
    OCR_TIMEOUT,
  );

  it(
    "keeps a real text layer and renders nothing for pages full of text",
    async () => {
      const result = await Extract.fromBuffer(await textPdf([ENGLISH_QUOTE]), { fileName: "text.pdf" });
      expect(result.scannedPages).toEqual([]);
      expect(result.ocrPages).toEqual([]);
      expect(result.pages[0]!.source).toBe("text");
      expect(result.pages[0]!.text).toContain("2,474.40");
    },
    OCR_TIMEOUT,
  );

  it(
    "stops at the page cap from configuration and names the pages it did not read",
    async () => {
      const pdf = await scannedPdf([ENGLISH_QUOTE, FRENCH_QUOTE, ENGLISH_QUOTE]);
      const result = await Extract.fromBuffer(pdf, { fileName: "three.pdf", limits: { maxOcrPages: 1 } });
      expect(result.scannedPages).toEqual([1, 2, 3]);
      expect(result.ocrPages).toEqual([1]);
      expect(result.pages.map((p) => p.text === "")).toEqual([false, true, true]);
      expect(result.warnings).toContain("Pages 2-3 were not read: OCR reads at most 1 page of a document.");
    },
    OCR_TIMEOUT,
  );

  it(
    "stops reading at the document's OCR time budget and names the pages left unread",
    async () => {
      const pdf = await scannedPdf([ENGLISH_QUOTE, ENGLISH_QUOTE]);
      const result = await Extract.fromBuffer(pdf, { fileName: "slow.pdf", limits: { maxOcrSeconds: 0.001 } });
      expect(result.ocrPages).toEqual([]);
      expect(result.warnings).toContain("Pages 1-2 were not read: OCR of this document took too long.");
    },
    OCR_TIMEOUT,
  );

  it("leaves pages with too little text for their ink to Textract when local OCR is off", async () => {
    const result = await Extract.fromBuffer(await outlinedPdf(ENGLISH_QUOTE), { fileName: "outlined.pdf", ocr: false });
    expect(result.scannedPages).toEqual([1]);
    expect(result.warnings).toContain("Page 1 is a scan with no text layer and was not read by OCR.");
  });
});
