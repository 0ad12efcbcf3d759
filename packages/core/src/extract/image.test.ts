import { jpegDeclaring, pngDeclaring } from "@quorum/testing/nasty-files";
import { ENGLISH_QUOTE, FRENCH_QUOTE, noisePng, pngOf, scanOf, tiffOf } from "@quorum/testing/scans";
import { afterAll, describe, expect, it } from "vitest";
import { Extract } from "./index";

const OCR_TIMEOUT = 120_000;

afterAll(() => Extract.terminateOcr());

describe("OCR of image files", () => {
  it(
    "reads every page of a two-page TIFF",
    async () => {
      const tiff = tiffOf([await scanOf(ENGLISH_QUOTE), await scanOf(FRENCH_QUOTE)]);
      const result = await Extract.fromBuffer(tiff, { fileName: "scans.tiff" });
      expect(result.kind).toBe("tiff");
      expect(result.ocrPages).toEqual([1, 2]);
      expect(result.pages[0]!.text).toContain("Northwind Fabrication Ltd");
      expect(result.pages[0]!.text).toContain("2,474.40");
      expect(result.pages[1]!.text).toContain("DV-2291");
      expect(result.pages[1]!.text).toContain("167,40");
      // 200 dpi pages come back in points, A4
      expect(result.pages[1]!.width).toBeCloseTo(595, -1);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a small picture of a page (72 dpi, letters a few pixels high) by scaling it up first",
    async () => {
      const result = await Extract.fromBuffer(pngOf(await scanOf(ENGLISH_QUOTE, { dpi: 72, speckle: 0 })), { fileName: "small.png" });
      expect(result.ocrPages).toEqual([1]);
      // read at its own 595 pixels across, the same page comes out at 61 % with its amounts garbled
      expect(result.pages[0]!.confidence).toBeGreaterThan(75);
      expect(result.pages[0]!.text).toContain("Northwind Fabrication");
      expect(result.pages[0]!.text).toContain("Portsmouth");
      expect(result.pages[0]!.text).toContain("1040.00");
    },
    OCR_TIMEOUT,
  );

  it(
    "does not pass noise off as text",
    async () => {
      const result = await Extract.fromBuffer(noisePng(), { fileName: "photo.png" });
      expect(result.ocrPages).toEqual([]);
      expect(result.pages.every((p) => p.text === "")).toBe(true);
    },
    OCR_TIMEOUT,
  );

  it("refuses an image whose size cannot be read from its header instead of decoding it", async () => {
    const png = pngOf(await scanOf(ENGLISH_QUOTE));
    const damaged = Buffer.from(png);
    damaged.write("XXXX", 12, "latin1"); // the IHDR chunk's name
    await expect(Extract.fromBuffer(damaged, { fileName: "scan.png" })).rejects.toMatchObject({ status: 400 });
  });

  it("refuses a TIFF whose pages loop back on themselves", async () => {
    const tiff = tiffOf([await scanOf(ENGLISH_QUOTE)]);
    // the first directory's "next" offset points at itself
    const first = tiff.readUInt32LE(4);
    tiff.writeUInt32LE(first, first + 2 + tiff.readUInt16LE(first) * 12);
    await expect(Extract.fromBuffer(tiff, { fileName: "loop.tiff" })).rejects.toMatchObject({
      status: 400,
      message: "The TIFF image is damaged or incomplete and cannot be read.",
    });
  });

  it("refuses a TIFF page declaring more pixels than the limit before decoding it", async () => {
    const tiff = tiffOf([await scanOf(ENGLISH_QUOTE), await scanOf(ENGLISH_QUOTE)]);
    // the second page claims 100,000 x 100,000 pixels
    const second = tiff.readUInt32LE(tiff.readUInt32LE(4) + 2 + tiff.readUInt16LE(tiff.readUInt32LE(4)) * 12);
    tiff.writeUInt32LE(100_000, second + 2 + 8);
    tiff.writeUInt32LE(100_000, second + 2 + 12 + 8);
    await expect(Extract.fromBuffer(tiff, { fileName: "bomb.tiff" })).rejects.toMatchObject({
      status: 413,
      message: "The image is 100,000 x 100,000 pixels, more than can be read.",
    });
  });
});

describe("image headers, checked before any pixel is decoded", () => {
  const refusal = async (file: Buffer, fileName: string) => {
    const error = await Extract.fromBuffer(file, { fileName }).then(
      () => undefined,
      (e: { status: number; message: string }) => e,
    );
    // one of extraction's own sentences, never a decoder's
    expect(Extract.isFailureMessage(error?.message ?? "")).toBe(true);
    return error;
  };

  it("refuses a PNG whose header declares more pixels than the cap", async () => {
    expect(await refusal(pngDeclaring(100_000, 100_000), "bomb.png")).toMatchObject({
      status: 413,
      message: "The image is 100,000 x 100,000 pixels, more than can be read.",
    });
  });

  it("refuses a JPEG whose frame header declares more pixels than the cap", async () => {
    expect(await refusal(jpegDeclaring({ width: 65_535, height: 65_535 }), "bomb.jpg")).toMatchObject({
      status: 413,
      message: "The image is 65,535 x 65,535 pixels, more than can be read.",
    });
  });

  it("refuses a JPEG without a frame header (no size to check) instead of decoding it", async () => {
    expect(await refusal(jpegDeclaring(null), "headless.jpg")).toMatchObject({
      status: 400,
      message: "The JPEG image is damaged or incomplete and cannot be read.",
    });
  });
});
