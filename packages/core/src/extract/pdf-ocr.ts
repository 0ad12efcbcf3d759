import { getResolvedPDFJS } from "unpdf";
import type { ParseContext } from "./limits";
import type { PdfPage } from "./pdf";
import { encodePng, type Raster } from "./raster";
import type { Page } from "./types";

/**
 * Pages of a PDF that have no usable text layer, read by OCR instead. `extractPdf` asks, page by
 * page, whether the text layer can be trusted (`needsOcr`) and, when not, for the page read from
 * its pixels (`read`); one reader serves one document, so whatever it opens (a renderer, an OCR
 * worker) is opened once and released by `close`.
 */
export interface ScanReader {
  needsOcr(page: PdfPage, textLayer: Page): Promise<boolean>;
  read(page: PdfPage, number: number): Promise<Page | undefined>;
  close(): Promise<void>;
  /** What a person should know about the pages that needed OCR (unread scans, caps reached). */
  warnings(): string[];
  /** Pages without a usable text layer. */
  readonly scannedPages: number[];
  /** Pages whose text came from OCR. */
  readonly ocrPages: number[];
}

/** A page with fewer visible characters than this has no real text layer: it is a scan. */
export const SCANNED_PAGE_CHARS = 10;

const visibleChars = (text: string) => text.replace(/\s/g, "").length;

/**
 * The largest picture painted on a page, as a raster. A scanned page is one full-page image;
 * pdf.js decodes it (Flate, DCT, CCITT, JBIG2) without a canvas, which is what makes local OCR
 * of scans possible with no native image library.
 */
async function largestImage(page: PdfPage): Promise<Raster | undefined> {
  const { OPS } = await getResolvedPDFJS();
  const operators = await page.getOperatorList();
  let best: Raster | undefined;
  for (let i = 0; i < operators.fnArray.length; i++) {
    if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
    const key = (operators.argsArray[i] as unknown[])[0];
    if (typeof key !== "string") continue;
    const store = key.startsWith("g_") ? page.commonObjs : page.objs;
    const image = await new Promise<unknown>((resolve) => store.get(key, resolve));
    const raster = toRaster(image);
    if (raster && (!best || raster.width * raster.height > best.width * best.height)) best = raster;
  }
  return best;
}

/** pdf.js image objects: kind 1 = 1 bit grey (rows padded to bytes, 1 = white), 2 = RGB, 3 = RGBA. */
function toRaster(image: unknown): Raster | undefined {
  const { width, height, kind, data } = (image ?? {}) as {
    width?: number;
    height?: number;
    kind?: number;
    data?: Uint8Array | Uint8ClampedArray;
  };
  if (!width || !height || !data) return undefined;
  if (kind === 2 && data.length >= width * height * 3) return { width, height, channels: 3, data };
  if (kind === 3 && data.length >= width * height * 4) return { width, height, channels: 4, data };
  if (kind === 1) {
    const stride = Math.ceil(width / 8);
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) grey[y * width + x] = (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return { width, height, channels: 1, data: grey };
  }
  return undefined;
}

export function openScanReader(_buffer: Buffer, context: ParseContext): ScanReader {
  const scannedPages: number[] = [];
  const ocrPages: number[] = [];
  let skipped = 0;
  return {
    scannedPages,
    ocrPages,
    async needsOcr(_page, textLayer) {
      if (visibleChars(textLayer.text) >= SCANNED_PAGE_CHARS) return false;
      scannedPages.push(textLayer.page);
      if (context.ocr && ocrPages.length < context.limits.maxOcrPages) return true;
      if (context.ocr) skipped++;
      return false;
    },
    async read(page, number) {
      const image = await largestImage(page);
      if (!image || image.width * image.height > context.limits.maxImagePixels) return undefined;
      const { ocrImage } = await import("./ocr");
      const { text, confidence } = await ocrImage(encodePng(image));
      ocrPages.push(number);
      return { page: number, text, source: "ocr", confidence };
    },
    async close() {},
    warnings() {
      const unread = scannedPages.filter((p) => !ocrPages.includes(p));
      if (unread.length === 0) return [];
      const why = skipped > 0 ? ` (local OCR reads at most ${context.limits.maxOcrPages} pages)` : "";
      const one = unread.length === 1;
      return [
        `${one ? "Page" : "Pages"} ${unread.join(", ")} ${one ? "is a scan" : "are scans"} with no text layer and ${one ? "was" : "were"} not read by OCR${why}.`,
      ];
    },
  };
}
