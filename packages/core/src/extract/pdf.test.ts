import { describe, expect, it } from "vitest";
import { generatePdf } from "./fixtures";
import { Extract } from "./index";
import { runsToLines } from "./pdf";
import { writePdf } from "./pdf-writer";

const run = (text: string, x: number, y: number, size = 10) => ({ text, x, y, size, width: text.length * size * 0.5 });

describe("PDF lines", () => {
  it("groups runs by baseline and orders them left to right, whatever their order in the file", () => {
    const runs = [
      run("$125.00", 520, 500),
      run("10", 60, 500),
      run("Steel bracket", 100, 500.4),
      run("$12.50", 420, 499.7),
      run("Quote", 50, 700, 18),
    ];
    expect(runsToLines(runs)).toEqual(["Quote", "10 | Steel bracket | $12.50 | $125.00"]);
  });

  it("joins words with a space and glued fragments with nothing", () => {
    const runs = [run("Hydraulic", 100, 500), run("pump", 100 + 45 + 3, 500), run("HP-", 160, 480), run("220", 160 + 15, 480)];
    expect(runsToLines(runs)).toEqual(["Hydraulic pump", "HP-220"]);
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
