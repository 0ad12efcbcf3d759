import { createRequire } from "node:module";
import { getDocumentProxy } from "unpdf";
import { ReadError } from "./failure";
import { layoutWords, pageText } from "./layout";
import { pageLimitWarning, type ParseContext } from "./limits";
import { openScanReader } from "./pdf-ocr";
import { tidy } from "./text";
import type { Extraction, Line, Page, Word } from "./types";

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

type Matrix = [number, number, number, number, number, number];

/** pdf.js `Util.transform`: `m1` applied after `m2`. */
const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];

/** A text item in displayed page space: where its baseline starts, which way it runs, how big it is. */
export interface PlacedText {
  text: string;
  /** Baseline start, points from the displayed page's top-left corner, y down. */
  x: number;
  y: number;
  /** Unit vector of the writing direction on the displayed page. */
  dx: number;
  dy: number;
  /** Advance along the writing direction, and font size. */
  length: number;
  size: number;
}

/** Writing within this angle of a page axis counts as running along it (radians, ~3 degrees). */
const AXIS_TOLERANCE = 0.05;
/** How much of a glyph's size sits above the baseline, for word boxes. */
const ASCENT = 0.8;

/**
 * Places pdf.js text items on the displayed page: each item's transform goes through the
 * viewport's (which applies /Rotate and flips y), so a page rotated 90, 180 or 270 degrees
 * reads like the printed page instead of in the unrotated content's axes.
 */
export function placeItems(items: { str: string; dir?: string; transform: number[]; width: number; height: number }[], viewport: number[]) {
  const placed: PlacedText[] = [];
  for (const item of items) {
    if (!item.str || item.str.trim() === "") continue;
    const m = multiply(viewport as Matrix, item.transform as Matrix);
    const vertical = item.dir === "ttb";
    // a vertical font advances down its own y axis; anything else along its x axis
    const [ax, ay] = vertical ? [-m[2], -m[3]] : [m[0], m[1]];
    const norm = Math.hypot(ax, ay);
    if (!(norm > 0)) continue;
    const size = vertical ? Math.hypot(m[0], m[1]) : Math.hypot(m[2], m[3]);
    placed.push({
      text: item.str,
      x: m[4],
      y: m[5],
      dx: ax / norm,
      dy: ay / norm,
      length: Math.abs(vertical ? item.height : item.width),
      size: size || item.height || 1,
    });
  }
  return placed;
}

const quarterTurn = (t: PlacedText) => ((Math.round(Math.atan2(t.dy, t.dx) / (Math.PI / 2)) % 4) + 4) % 4;
const onAxis = (t: PlacedText) => {
  const angle = Math.atan2(t.dy, t.dx);
  return Math.abs(angle - Math.round(angle / (Math.PI / 2)) * (Math.PI / 2)) <= AXIS_TOLERANCE;
};

/** Turns the page under the placed text by clockwise quarter turns, as a reader turns a sheet. */
function turn(t: PlacedText, quarters: number, width: number, height: number): PlacedText {
  let { x, y, dx, dy } = t;
  let [w, h] = [width, height];
  for (let i = 0; i < quarters; i++) {
    // a clockwise quarter turn of the sheet: text that ran up the page (dy < 0) runs left to right
    [x, y, dx, dy] = [h - y, x, -dy, dx];
    [w, h] = [h, w];
  }
  return { ...t, x, y, dx, dy };
}

/**
 * Words of one page, in displayed page space. Text running along the page's main writing
 * direction goes through layout; text at any other angle (a diagonal "SPECIMEN" drawn one glyph
 * at a time, a Bates number up the margin) would break rows apart, so it is read separately
 * into lines of its own at the end of the page. When most of the page's text runs up or down
 * the page (a table printed sideways), the page is read turned so that it runs left to right.
 */
export function pageLines(placed: PlacedText[], width: number, height: number): Line[] {
  const weight = [0, 0, 0, 0];
  for (const t of placed) if (onAxis(t)) weight[quarterTurn(t)]! += t.text.length;
  const main = weight.indexOf(Math.max(...weight));
  // quarterTurn 1 = running down the page (y down), 3 = up; turning by (4 - main) brings it to 0
  const quarters = (4 - main) % 4;
  const words: Word[] = [];
  const other: PlacedText[] = [];
  for (const original of placed) {
    const t = quarters ? turn(original, quarters, width, height) : original;
    if (onAxis(t) && quarterTurn(t) === 0) {
      words.push({ text: t.text, x0: t.x, x1: t.x + t.length, y0: t.y - ASCENT * t.size, y1: t.y + (1 - ASCENT) * t.size, size: t.size });
    } else other.push(t);
  }
  return [...layoutWords(words), ...offAxisLines(other)];
}

/** Text at an angle: glyphs on one baseline, in writing order, as one line each. */
function offAxisLines(placed: PlacedText[]): Line[] {
  const groups = new Map<string, PlacedText[]>();
  for (const t of placed) {
    const angle = Math.round((Math.atan2(t.dy, t.dx) * 180) / Math.PI / 3);
    // distance of the baseline from the origin, across the writing direction
    const across = Math.round((t.x * -t.dy + t.y * t.dx) / Math.max(1, t.size * 0.6));
    const key = `${angle} ${across}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(t);
  }
  const lines: Line[] = [];
  for (const group of groups.values()) {
    const along = (t: PlacedText) => t.x * t.dx + t.y * t.dy;
    group.sort((a, b) => along(a) - along(b));
    let text = "";
    let end = -Infinity;
    for (const t of group) {
      const gap = along(t) - end;
      text = text === "" ? t.text : `${text}${gap > 0.25 * t.size ? " " : ""}${t.text}`;
      end = along(t) + t.length;
    }
    text = text.replace(/\s+/g, " ").trim();
    if (text === "") continue;
    const xs = group.flatMap((t) => [t.x, t.x + t.dx * t.length]);
    const ys = group.flatMap((t) => [t.y, t.y + t.dy * t.length]);
    const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    lines.push({ ...box, cells: [{ text, ...box }] });
  }
  return lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

async function readTextLayer(page: PdfPage, number: number): Promise<Page> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter((item) => "str" in item);
  const lines = pageLines(placeItems(items, viewport.transform), viewport.width, viewport.height);
  return { page: number, text: tidy(pageText(lines)), lines, width: viewport.width, height: viewport.height, source: "text" };
}

/**
 * pdf.js's character maps (CJK encodings) and standard font metrics, from the pdfjs-dist
 * package of the same version as the pdf.js unpdf bundles. Without them, text in CJK fonts and in fonts a PDF does not embed comes out empty.
 * pdf.js reads them from plain paths in Node (not file: URLs).
 *
 * The text layer is all pdf.js reads here (getTextContent); its operator list, which pdf.js 5
 * builds with endless recursion on a Form -> Pattern -> Form cycle, is never asked for. pdf.js
 * 6 fixes that cycle, but its legacy build (the one for Node 20) takes seconds to load under a
 * TypeScript loader, in every isolated extraction.
 */
function pdfjsData(): { cMapUrl?: string; cMapPacked?: boolean; standardFontDataUrl?: string } {
  try {
    const root = createRequire(import.meta.url)
      .resolve("pdfjs-dist/package.json")
      .replace(/package\.json$/, "");
    return { cMapUrl: `${root}cmaps/`, cMapPacked: true, standardFontDataUrl: `${root}standard_fonts/` };
  } catch {
    return {};
  }
}

export async function openPdf(buffer: Buffer, maxImagePixels?: number): Promise<PdfDocument> {
  try {
    // a copy: pdf.js takes ownership of (detaches) the bytes it is given
    return await getDocumentProxy(new Uint8Array(buffer), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      stopAtErrors: false,
      ...pdfjsData(),
      ...(maxImagePixels ? { maxImageSize: maxImagePixels } : {}),
    });
  } catch (error) {
    // pdf.js's own wording ("Invalid Root reference") is kept for the logs, never shown
    const name = (error as { name?: string }).name;
    const failed = new ReadError(name === "PasswordException" ? "encrypted" : "damaged", `pdf.js: ${(error as Error).message}`);
    failed.cause = error;
    throw failed;
  }
}

/** Releases a document: pdf.js 5 ends it through the document, 6 only through its loading task. */
export async function closePdf(pdf: PdfDocument): Promise<void> {
  const closable = pdf as { destroy?: () => Promise<void>; loadingTask?: { destroy: () => Promise<void> } };
  await (closable.loadingTask?.destroy() ?? closable.destroy?.());
}

export async function extractPdf(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const pdf = await openPdf(buffer, context.limits.maxImagePixels);
  const scans = openScanReader(buffer, context);
  const pages: Page[] = [];
  const damaged: number[] = [];
  try {
    const count = Math.min(pdf.numPages, context.limits.maxPages);
    if (pdf.numPages > count) context.warnings.push(pageLimitWarning(count, pdf.numPages));
    for (let number = 1; number <= count && !context.budget.exhausted; number++) {
      let page: PdfPage;
      let read: Page;
      try {
        page = await pdf.getPage(number);
        read = await readTextLayer(page, number);
      } catch {
        // one broken page (a bad content stream, a missing object) does not lose the others
        damaged.push(number);
        pages.push({ page: number, text: "" });
        continue;
      }
      if (await scans.needsOcr(page, read)) read = (await scans.read(page, number)) ?? read;
      const text = context.budget.take(read.text);
      // cut text no longer matches its lines line for line
      pages.push(text.length === read.text.length ? read : { ...read, text, lines: undefined });
      page.cleanup();
    }
  } finally {
    await scans.close();
    await closePdf(pdf);
  }
  if (damaged.length > 0 && damaged.length === pages.length) throw new ReadError("damaged", "pdf.js could read none of the pages");
  if (damaged.length > 0) {
    const one = damaged.length === 1;
    context.warnings.push(
      `${one ? "Page" : "Pages"} ${damaged.join(", ")} of the PDF ${one ? "is" : "are"} damaged and could not be read.`,
    );
  }
  context.warnings.push(...scans.warnings());
  return { kind: "pdf", pages, warnings: context.warnings, scannedPages: scans.scannedPages, ocrPages: scans.ocrPages };
}
