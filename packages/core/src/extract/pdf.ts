import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { pageLimitWarning, type ParseContext } from "./limits";
import { encodePng, type Raster } from "./raster";
import { tidy } from "./text";
import type { Extraction, Page } from "./types";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

/** A page with fewer visible characters than this has no real text layer: it is a scan. */
export const SCANNED_PAGE_CHARS = 10;

interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/**
 * Rebuilds lines from positioned text runs. pdf.js returns runs in content-stream order, which
 * for a table is often column by column; grouping by baseline (transform[5]) and sorting by x
 * puts each row back on one line. A wide gap between runs (a column gap) becomes " | ", as in
 * the Word and spreadsheet output, so "qty | description | unit price | amount" stay together.
 */
export function runsToLines(runs: Run[]): string[] {
  const sorted = runs.filter((r) => r.text.trim() !== "").sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Run[][] = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const anchor = line?.[0];
    if (line && anchor && Math.abs(anchor.y - run.y) <= Math.max(1, 0.45 * Math.min(anchor.size, run.size))) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = "";
    let end = -Infinity;
    for (const run of line) {
      const gap = run.x - end;
      const size = run.size || 10;
      if (text === "") text = run.text;
      else if (gap > 2 * size) text = `${text.trimEnd()} | ${run.text.trimStart()}`;
      else if (gap > 0.15 * size && !/\s$/.test(text) && !/^\s/.test(run.text)) text = `${text} ${run.text}`;
      else text += run.text;
      end = Math.max(end, run.x + run.width);
    }
    return text.replace(/[ \t]+/g, " ").trim();
  });
}

async function pageText(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
    runs.push({ text: item.str, x: e, y: f, width: item.width, size: Math.hypot(c, d) || Math.hypot(a, b) || item.height });
  }
  return tidy(runsToLines(runs).join("\n"));
}

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

export async function openPdf(buffer: Buffer): Promise<PdfDocument> {
  try {
    // a copy: pdf.js takes ownership of (detaches) the bytes it is given
    return await getDocumentProxy(new Uint8Array(buffer), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") throw new Error("The PDF is password-protected");
    throw new Error(`The PDF cannot be read (${(error as Error).message})`);
  }
}

export async function extractPdf(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const pdf = await openPdf(buffer);
  const pages: Page[] = [];
  const scannedPages: number[] = [];
  const ocrPages: number[] = [];
  let skippedScans = 0;
  try {
    const count = Math.min(pdf.numPages, context.limits.maxPages);
    if (pdf.numPages > count) context.warnings.push(pageLimitWarning(count, pdf.numPages));
    for (let number = 1; number <= count && !context.budget.exhausted; number++) {
      const page = await pdf.getPage(number);
      let text = await pageText(page);
      if (visibleChars(text) < SCANNED_PAGE_CHARS) {
        scannedPages.push(number);
        if (context.ocr && ocrPages.length < context.limits.maxOcrPages) {
          const read = await ocrPage(page, context);
          if (read !== undefined) {
            ocrPages.push(number);
            text = read;
          }
        } else if (context.ocr) skippedScans++;
      }
      pages.push({ page: number, text: context.budget.take(text) });
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  const unread = scannedPages.filter((p) => !ocrPages.includes(p));
  if (unread.length > 0) {
    const why = skippedScans > 0 ? ` (local OCR reads at most ${context.limits.maxOcrPages} pages)` : "";
    context.warnings.push(
      `${unread.length === 1 ? "Page" : "Pages"} ${unread.join(", ")} ${unread.length === 1 ? "is a scan" : "are scans"} with no text layer and ${unread.length === 1 ? "was" : "were"} not read by OCR${why}.`,
    );
  }
  return { kind: "pdf", pages, warnings: context.warnings, scannedPages, ocrPages };
}

async function ocrPage(page: PdfPage, context: ParseContext): Promise<string | undefined> {
  const image = await largestImage(page);
  if (!image) return undefined;
  if (image.width * image.height > context.limits.maxImagePixels) return undefined;
  const { ocrImage } = await import("./ocr");
  const { text } = await ocrImage(encodePng(image));
  return text;
}
