import type { ParseContext } from "./limits";
import { DocumentOcr, OcrReport, OcrTimeout } from "./ocr";
import type { PdfPage } from "./pdf";
import { inkCoverage, openPdfRenderer, type PdfRenderer } from "./render";
import type { Page } from "./types";

/**
 * Pages of a PDF that have no usable text layer, read by OCR instead. `extractPdf` asks, page by
 * page, whether the text layer can be trusted (`needsOcr`) and, when not, for the page read from
 * its pixels (`read`); one reader serves one document, so whatever it opens (the renderer, the
 * OCR language choice) is opened once and released by `close`.
 */
export interface ScanReader {
  needsOcr(page: PdfPage, textLayer: Page): Promise<boolean>;
  read(page: PdfPage, number: number): Promise<Page | undefined>;
  close(): Promise<void>;
  /** What a person should know about the pages that needed OCR (unread scans, caps reached, low confidence). */
  warnings(): string[];
  /** Pages without a usable text layer. */
  readonly scannedPages: number[];
  /** Pages whose text came from OCR. */
  readonly ocrPages: number[];
}

/** A page with fewer visible characters than this has no real text layer: it is a scan. */
export const SCANNED_PAGE_CHARS = 10;
/** Pages with less text than this are rendered (at low resolution) to compare their text with their ink. */
export const LITTLE_TEXT_CHARS = 400;
/** Resolution of that ink measurement: enough to see text as grey, cheap enough for every short page. */
const INK_DPI = 36;
/**
 * Ink (in square points) that one character of a text layer accounts for, generously: a 10 pt
 * character inks ~10 pt²; bold, large titles, rules and shading raise the average. A page with
 * more ink than this per character of text has most of its text drawn some other way (a scanned
 * picture, image strips, glyphs drawn as vector outlines).
 */
const INK_PER_CHAR = 60;
/** Text layers with more than this share of unreadable characters are glyph soup. */
export const GLYPH_SOUP_SHARE = 0.3;
/** OCR resolution: as accurate as 300 dpi for tesseract, and less than half the pixels. */
export const OCR_DPI = 200;
/** Pixels of one rendered page at most (a poster-sized page is rendered at a lower resolution). */
export const MAX_OCR_PIXELS = 12_000_000;
/** One page may take this long before its OCR is stopped. */
const MAX_OCR_PAGE_MS = 60_000;

const visibleChars = (text: string) => text.replace(/\s/g, "").length;

// Letters of one script; Han, Hiragana and Katakana are one group (Japanese mixes them within words)
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Syriac}/u,
  /\p{Script=Thaana}/u,
  /\p{Script=Nko}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Bengali}/u,
  /\p{Script=Gurmukhi}/u,
  /\p{Script=Gujarati}/u,
  /\p{Script=Oriya}/u,
  /\p{Script=Tamil}/u,
  /\p{Script=Telugu}/u,
  /\p{Script=Kannada}/u,
  /\p{Script=Malayalam}/u,
  /\p{Script=Sinhala}/u,
  /\p{Script=Thai}/u,
  /\p{Script=Lao}/u,
  /\p{Script=Tibetan}/u,
  /\p{Script=Myanmar}/u,
  /\p{Script=Georgian}/u,
  /\p{Script=Hangul}/u,
  /\p{Script=Ethiopic}/u,
  /\p{Script=Khmer}/u,
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u,
];
const scriptOf = (letter: string) => SCRIPTS.findIndex((s) => s.test(letter));

// UTF-8 read as Windows-1252/Latin-1: "Ã©" for "é", "â€™" for "’", "Â " for a no-break space
const MOJIBAKE =
  /Ã[\u0080-\u00bf\u2018-\u203a\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u02c6\u02dc\u2122]|Â[\u00a0-\u00bf]|â€[\u0080-\u00bf\u2018-\u203a\u2122\u0153\u009d]/g;
// control characters (whitespace aside), private-use glyph codes, unassigned code points, U+FFFD
const UNREADABLE = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/gu;

/**
 * Share of a text layer's visible characters that cannot be real text: control and private-use
 * characters (glyph ids a font never mapped to Unicode), mojibake, and words whose letters hop
 * between scripts (a font's glyph codes read through the wrong encoding).
 */
export function unreadableShare(text: string): number {
  const visible = text.replace(/\s/g, "");
  if (visible.length === 0) return 0;
  let bad = (visible.match(UNREADABLE)?.length ?? 0) + (visible.match(MOJIBAKE)?.length ?? 0) * 2;
  // plain Latin text cannot mix scripts: skip the per-letter look-up
  if (/[^\t-\u024f]/.test(visible)) {
    for (const word of text.split(/\s+/)) {
      const letters = word.match(/\p{L}/gu) ?? [];
      if (letters.length < 2) continue;
      const scripts = new Set(letters.map(scriptOf));
      if (scripts.size > 1 || scripts.has(-1)) bad += letters.length;
    }
  }
  return Math.min(1, bad / visible.length);
}

export const isGlyphSoup = (text: string) => unreadableShare(text) > GLYPH_SOUP_SHARE;

type Reason = "no text" | "little text" | "glyph soup";

export function openScanReader(buffer: Buffer, context: ParseContext): ScanReader {
  const { limits } = context;
  const scannedPages: number[] = [];
  const ocrPages: number[] = [];
  const report = new OcrReport(limits.maxOcrPages, limits.ocrCapReason);
  const pending = new Map<number, { reason: Reason; layer: Page }>();
  const ocr = new DocumentOcr(MAX_OCR_PAGE_MS);
  let renderer: Promise<PdfRenderer> | undefined;
  let ocrStarted: number | undefined;
  let attempted = 0;

  // PDFium is loaded only for a document that has a page worth rendering
  const render = () => {
    renderer ??= openPdfRenderer(buffer);
    return renderer;
  };

  /** Ink on the page, in square points, from a low-resolution rendering. */
  async function inkOf(number: number): Promise<number | undefined> {
    try {
      const image = (await render()).render(number - 1, INK_DPI, MAX_OCR_PIXELS);
      return image ? (inkCoverage(image) * image.width * image.height) / image.scale ** 2 : undefined;
    } catch {
      return undefined;
    }
  }

  async function reasonFor(textLayer: Page): Promise<Reason | undefined> {
    const chars = visibleChars(textLayer.text);
    if (chars < SCANNED_PAGE_CHARS) return "no text";
    if (isGlyphSoup(textLayer.text)) return "glyph soup";
    if (chars >= LITTLE_TEXT_CHARS) return undefined;
    const ink = await inkOf(textLayer.page);
    return ink !== undefined && ink > chars * INK_PER_CHAR ? "little text" : undefined;
  }

  return {
    scannedPages,
    ocrPages,
    async needsOcr(_page, textLayer) {
      const number = textLayer.page;
      const reason = await reasonFor(textLayer);
      if (!reason) {
        ocr.hint(textLayer.text);
        return false;
      }
      scannedPages.push(number);
      if (!context.ocr) (reason === "no text" ? report.off : report.offUnreadable).push(number);
      else if (attempted >= limits.maxOcrPages) report.cap.push(number);
      else if (ocrStarted !== undefined && performance.now() - ocrStarted > limits.maxOcrSeconds * 1000) report.time.push(number);
      else {
        pending.set(number, { reason, layer: textLayer });
        return true;
      }
      return false;
    },
    async read(_page, number) {
      const { reason, layer } = pending.get(number) ?? { reason: "no text" as Reason, layer: { page: number, text: "" } };
      pending.delete(number);
      attempted++;
      ocrStarted ??= performance.now();
      // a glyph-soup layer is not text: when OCR cannot replace it, the page has no text
      const keepLayer = reason === "glyph soup" ? { page: number, text: "" } : undefined;
      let image;
      try {
        image = (await render()).render(number - 1, OCR_DPI, MAX_OCR_PIXELS);
      } catch {
        image = undefined;
      }
      if (!image) {
        report.failed.push(number);
        return keepLayer;
      }
      let read;
      try {
        read = await ocr.read(image, ocrStarted + limits.maxOcrSeconds * 1000);
      } catch (error) {
        (error instanceof OcrTimeout ? report.time : report.failed).push(number);
        return keepLayer;
      }
      // OCR of the whole page says little more than the short text layer: the ink was a picture, not
      // text, and the layer (exact where OCR guesses) stays
      if (reason === "little text" && (read.rejected || visibleChars(read.text) < 2 * visibleChars(layer.text) + 50)) {
        scannedPages.splice(scannedPages.indexOf(number), 1);
        return undefined;
      }
      if (!report.judge(number, read)) return keepLayer;
      ocrPages.push(number);
      return {
        page: number,
        text: read.text,
        lines: read.lines,
        width: image.width / image.scale,
        height: image.height / image.scale,
        source: "ocr",
        confidence: read.confidence,
      };
    },
    async close() {
      const current = renderer;
      renderer = undefined;
      if (current) (await current.catch(() => undefined))?.close();
    },
    warnings: () => report.warnings(),
  };
}
