import { getDocumentProxy } from "unpdf";
import { pageLimitWarning, type ParseContext } from "./limits";
import { openScanReader } from "./pdf-ocr";
import { tidy } from "./text";
import type { Extraction, Page } from "./types";

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

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
  const scans = openScanReader(buffer, context);
  const pages: Page[] = [];
  try {
    const count = Math.min(pdf.numPages, context.limits.maxPages);
    if (pdf.numPages > count) context.warnings.push(pageLimitWarning(count, pdf.numPages));
    for (let number = 1; number <= count && !context.budget.exhausted; number++) {
      const page = await pdf.getPage(number);
      let read: Page = { page: number, text: await pageText(page) };
      if (await scans.needsOcr(page, read)) read = (await scans.read(page, number)) ?? read;
      pages.push({ ...read, text: context.budget.take(read.text) });
      page.cleanup();
    }
  } finally {
    await scans.close();
    await pdf.destroy();
  }
  context.warnings.push(...scans.warnings());
  return { kind: "pdf", pages, warnings: context.warnings, scannedPages: scans.scannedPages, ocrPages: scans.ocrPages };
}
