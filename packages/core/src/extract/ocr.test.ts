import { afterAll, describe, expect, it } from "vitest";
import { money, scannedQuoteJpeg, scannedQuotePdf, scannedQuotePng, scannedQuoteTiff, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { Extract } from "./index";

const mustRead = [
  VENDOR_QUOTE.vendor,
  VENDOR_QUOTE.quoteNumber,
  money(VENDOR_QUOTE.subtotal),
  money(VENDOR_QUOTE.tax),
  money(VENDOR_QUOTE.shipping),
  money(VENDOR_QUOTE.total),
];
const OCR_TIMEOUT = 120_000;

afterAll(() => Extract.terminateOcr());

describe("OCR of scanned quotes", () => {
  it(
    "reads the vendor, quote number and totals from a scanned PNG",
    async () => {
      const started = performance.now();
      const result = await Extract.fromBuffer(scannedQuotePng(), { fileName: "scan.png", contentType: "image/png" });
      console.log(`OCR: first image (worker start included) ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(result.kind).toBe("png");
      expect(result.ocrPages).toEqual([1]);
      for (const text of mustRead) expect(result.pages[0]!.text).toContain(text);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a scanned TIFF with the same worker and reports seconds per image",
    async () => {
      const started = performance.now();
      const result = await Extract.fromBuffer(scannedQuoteTiff(), { fileName: "scan.tiff" });
      const seconds = (performance.now() - started) / 1000;
      console.log(`OCR: ${seconds.toFixed(1)} s per image (1,716 x 1,080 px, warm worker)`);
      expect(result.kind).toBe("tiff");
      expect(result.pages[0]!.text).toContain(money(VENDOR_QUOTE.total));
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a PDF page that is only a scanned picture and marks it as scanned and OCR-read",
    async () => {
      const result = await Extract.fromBuffer(scannedQuotePdf(), { fileName: "scan.pdf" });
      expect(result.scannedPages).toEqual([1]);
      expect(result.ocrPages).toEqual([1]);
      expect(result.warnings).toEqual([]);
      for (const text of mustRead) expect(result.pages[0]!.text).toContain(text);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a JPEG attachment",
    async () => {
      const result = await Extract.fromBuffer(scannedQuoteJpeg(), { fileName: "photo.jpg", contentType: "image/jpeg" });
      expect(result.kind).toBe("jpeg");
      expect(result.pages[0]!.text).toContain(money(VENDOR_QUOTE.total));
    },
    OCR_TIMEOUT,
  );

  for (const encoding of ["jpeg", "bilevel"] as const) {
    it(
      `reads a scanned PDF page whose picture is stored as ${encoding === "jpeg" ? "JPEG (DCTDecode)" : "1-bit black and white"}`,
      async () => {
        const result = await Extract.fromBuffer(scannedQuotePdf(VENDOR_QUOTE, encoding), { fileName: "scan.pdf" });
        expect(result.ocrPages).toEqual([1]);
        expect(result.pages[0]!.text).toContain(money(VENDOR_QUOTE.total));
      },
      OCR_TIMEOUT,
    );
  }

  it("leaves images to Textract when local OCR is off", async () => {
    const result = await Extract.fromBuffer(scannedQuotePng(), { fileName: "scan.png", ocr: false });
    expect(result.pages).toEqual([]);
    expect(result.scannedPages).toEqual([1]);
    expect(result.warnings).toContain("The image was not read: it needs OCR.");
  });

  it("stops OCR of scanned PDF pages at the limit and names the pages left unread", async () => {
    const result = await Extract.fromBuffer(scannedQuotePdf(), { fileName: "scan.pdf", limits: { maxOcrPages: 0 } });
    expect(result.scannedPages).toEqual([1]);
    expect(result.ocrPages).toEqual([]);
    expect(result.warnings).toContain("Page 1 was not read: OCR reads at most 0 pages of a document.");
  });

  it("refuses an image whose header declares more pixels than the limit (decompression bomb)", async () => {
    const png = scannedQuotePng();
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    await expect(Extract.fromBuffer(huge, { fileName: "bomb.png" })).rejects.toMatchObject({ status: 413 });
  });
});
