import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cyclicPatternPdf,
  hebrewPage,
  layoutPdf,
  quotePage,
  scriptsPage,
  twoBlocksPage,
  watermarkPage,
  wrappedTablePage,
  type LayoutPage,
} from "@quorum/testing/layout-pdfs";
import { pdfWithHugeImage } from "@quorum/testing/nasty-files";
import { describe, expect, it } from "vitest";
import { generatePdf } from "@quorum/testing/quote-files";
import { Extract } from "./index";
import { writePdf } from "@quorum/testing/pdf-writer";

const read = async (...pages: LayoutPage[]) =>
  (await Extract.fromBuffer(await layoutPdf(pages), { fileName: "layout.pdf", ocr: false })).pages;
const linesOf = async (page: LayoutPage) => (await read(page))[0]!.text.split("\n");

describe("PDF layout", () => {
  it.each([0, 90, 180, 270] as const)("reads a page with /Rotate %i as it is displayed", async (rotate) => {
    const { page, expected } = quotePage(rotate);
    const [read0] = await read(page);
    expect(read0!.text.split("\n")).toEqual(expected);
    expect(read0!.source).toBe("text");
    expect([read0!.width, read0!.height]).toEqual(rotate % 180 ? [842, 595] : [595, 842]);
  });

  it("keeps each line's cells and their boxes in displayed page space", async () => {
    const [page] = await read(quotePage(90).page);
    const row = page!.lines!.find((l) => l.cells[0]!.text === "4")!;
    expect(row.cells.map((c) => c.text)).toEqual(["4", "Hydraulic pump HP-220", "310.00", "1,240.00"]);
    // the amount is right-aligned at x = 520, its baseline 176 pt from the top, in 10 pt type
    expect(row.cells[3]!.x1).toBeCloseTo(520, 0);
    expect(row.cells[3]!.y0).toBeCloseTo(168, 0);
    expect(row.cells[3]!.y1).toBeCloseTo(178, 0);
  });

  it("reads two side-by-side blocks with different line pitch one after the other", async () => {
    const { page, left, right } = twoBlocksPage();
    expect(await linesOf(page)).toEqual([...left, ...right]);
  });

  it("keeps a table row's right-aligned amounts on the row, with a wrapped description", async () => {
    const { page, expected } = wrappedTablePage();
    expect(await linesOf(page)).toEqual(expected);
  });

  it("keeps a diagonal watermark out of the rows and reads it as one line at the end", async () => {
    const { page, expected } = watermarkPage();
    expect(await linesOf(page)).toEqual(expected);
  });

  // pdftotext puts a raised footnote mark on a line of its own and a space before a superscript
  it("keeps superscripts and subscripts on their line", async () => {
    const { page, expected } = scriptsPage();
    expect(await linesOf(page)).toEqual(expected);
  });

  it("reads a right-to-left line in logical order with its number intact", async () => {
    const { page, expected } = hebrewPage();
    expect(await linesOf(page)).toEqual(expected);
  });
});

const hasPdftotext = !spawnSync("pdftotext", ["-v"]).error;

describe.skipIf(!hasPdftotext)("PDF layout against pdftotext -layout", () => {
  const words = (line: string) => line.replace(/ \| /g, " ").trim().split(/\s+/).join(" ");
  const pdftotext = (pdf: Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), "layout-"));
    try {
      writeFileSync(join(dir, "in.pdf"), pdf);
      const out = spawnSync("pdftotext", ["-layout", join(dir, "in.pdf"), "-"], { encoding: "utf8" }).stdout;
      return out.split("\f").map((page) =>
        page
          .split("\n")
          .map(words)
          .filter((l) => l !== ""),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it.each([
    ["a quote on a page with /Rotate 0", quotePage(0).page],
    ["a quote on a page with /Rotate 90", quotePage(90).page],
    ["a quote on a page with /Rotate 180", quotePage(180).page],
    ["a quote on a page with /Rotate 270", quotePage(270).page],
    ["a table with a wrapped description", wrappedTablePage().page],
  ])("agrees line for line on %s", async (_name, page) => {
    const pdf = await layoutPdf([page]);
    const ours = (await Extract.fromBuffer(pdf, { fileName: "layout.pdf", ocr: false })).pages.map((p) => p.text.split("\n").map(words));
    expect(ours).toEqual(pdftotext(pdf).filter((p) => p.length > 0));
  });
});

describe("PDF extraction", () => {
  it("reads a generated 100-page PDF page by page and reports its throughput", async () => {
    const pdf = generatePdf(100);
    const started = performance.now();
    const result = await Extract.fromBuffer(pdf, { fileName: "price-list.pdf" });
    const seconds = (performance.now() - started) / 1000;
    console.log(`PDF: 100 pages (${(pdf.length / 1024).toFixed(0)} KB) in ${seconds.toFixed(2)} s = ${(100 / seconds).toFixed(0)} pages/s`);
    expect(result.pages).toHaveLength(100);
    expect(result.scannedPages).toEqual([]);
    expect(result.pages[56]!.text).toContain("Page 57 of 100");
    expect(
      result.pages[56]!.text.split("\n").filter((l) => /^\d+ \| Item 57-\d+ .+ \| \$[\d,]+\.\d\d \| \$[\d,]+\.\d\d$/.test(l)),
    ).toHaveLength(36);
  }, 60_000);

  it("reads only the first pages of an enormous PDF and says so", async () => {
    const result = await Extract.fromBuffer(generatePdf(12), { fileName: "long.pdf", limits: { maxPages: 5 } });
    expect(result.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
    expect(result.warnings).toContain("Only the first 5 of 12 pages were read.");
  });

  it("flags a page without a text layer as scanned and, with OCR off, leaves it to Textract", async () => {
    const pdf = writePdf([{ runs: [{ x: 50, y: 700, text: "Cover letter for the attached quote" }] }, { runs: [] }]);
    const result = await Extract.fromBuffer(pdf, { fileName: "mixed.pdf", ocr: false });
    expect(result.scannedPages).toEqual([2]);
    expect(result.ocrPages).toEqual([]);
    expect(result.pages[0]!.text).toBe("Cover letter for the attached quote");
    expect(result.warnings).toContain("Page 2 is a scan with no text layer and was not read by OCR.");
  });
});

describe("PDFs that break readers", () => {
  it("reads a page whose Form and Pattern paint each other without recursing forever", async () => {
    const started = performance.now();
    const result = await Extract.fromBuffer(await cyclicPatternPdf(), { fileName: "cycle.pdf", ocr: false });
    expect(result.pages[0]!.text).toBe("Quote Q-77 total 150.00");
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("reads a page that is one 100,000 x 100,000 pixel image within its caps: no text, no exhausted memory, in seconds", async () => {
    const bomb = pdfWithHugeImage(100_000, 100_000);
    for (const ocr of [false, true]) {
      const started = performance.now();
      const result = await Extract.fromBuffer(bomb, { fileName: "huge-image.pdf", ocr });
      expect(result.pages.map((p) => p.text)).toEqual([""]);
      expect(result.scannedPages).toEqual([1]);
      expect(performance.now() - started).toBeLessThan(30_000);
    }
    await Extract.terminateOcr();
  }, 60_000);

  it("says a damaged PDF is damaged, never in pdf.js's words", async () => {
    const pdf = await layoutPdf([quotePage().page]);
    // the cross-reference table and trailer gone, and the catalog with them
    const cut = Buffer.concat([
      pdf.subarray(0, 9),
      Buffer.from("1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< /Root 7 0 R >>\n%%EOF"),
    ]);
    await expect(Extract.fromBuffer(cut, { fileName: "cut.pdf" })).rejects.toMatchObject({
      message: "The PDF is damaged or incomplete and cannot be read.",
    });
  });
});
