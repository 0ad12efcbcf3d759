import { describe, expect, it } from "vitest";
import { writeCompoundFile } from "@quorum/testing/cfb-writer";
import { declaredKind } from "./declared";
import { detectType, textEncoding } from "./detect";
import { quoteFiles, scannedQuotePng } from "@quorum/testing/quote-files";
import { Extract } from "./index";
import { writeZip } from "@quorum/testing/zip-writer";

describe("file type detection", () => {
  for (const fixture of quoteFiles()) {
    it(`recognises ${fixture.fileName} as ${fixture.kind} by its content`, async () => {
      const bytes = await fixture.build();
      expect(detectType(bytes, fixture.fileName)).toBe(fixture.kind);
      // the name plays no part for binary formats
      if (fixture.kind !== "csv" && fixture.kind !== "txt") expect(detectType(bytes, "upload.bin")).toBe(fixture.kind);
    });
  }

  it("detects a PNG named .pdf as png, and the extraction reports the mismatch", async () => {
    const png = scannedQuotePng();
    expect(detectType(png, "quote.pdf")).toBe("png");
    const result = await Extract.fromBuffer(png, { fileName: "quote.pdf", contentType: "application/pdf", ocr: false });
    expect(result.kind).toBe("png");
    expect(result.declaredKind).toBe("pdf");
    expect(result.mismatch).toBe(true);
    expect(result.warnings[0]).toBe("The file is named as PDF but its content is PNG image.");
  });

  it("tells JPEG and TIFF (both byte orders) apart by their signatures", () => {
    expect(detectType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), "a.png")).toBe("jpeg");
    expect(detectType(Buffer.from("II*\u0000\u0008\u0000\u0000\u0000", "latin1"), "a")).toBe("tiff");
    expect(detectType(Buffer.from("MM\u0000*\u0000\u0000\u0000\u0008", "latin1"), "a")).toBe("tiff");
  });

  it("accepts a PDF header after a little leading junk, as PDF readers do", () => {
    expect(detectType(Buffer.from("\r\n\r\n%PDF-1.7\n1 0 obj", "latin1"), "x.pdf")).toBe("pdf");
  });

  it("calls a zip that is neither a Word nor an Excel document unknown", () => {
    const zip = writeZip([{ name: "content.xml", data: "<office:document/>" }]);
    expect(detectType(zip, "notes.odt")).toBe("unknown");
    expect(detectType(zip, "quote.docx")).toBe("unknown");
  });

  it("tells a legacy Word file from a legacy Excel file by their OLE2 streams", () => {
    expect(detectType(writeCompoundFile({ WordDocument: Buffer.alloc(10) }), "a.xls")).toBe("doc");
    expect(detectType(writeCompoundFile({ Workbook: Buffer.alloc(10) }), "a.doc")).toBe("xls");
    expect(detectType(writeCompoundFile({ Book: Buffer.alloc(10) }), "a")).toBe("xls");
    expect(detectType(writeCompoundFile({ PowerPoint: Buffer.alloc(10) }), "a.ppt")).toBe("unknown");
  });

  it("separates CSV from plain text by the extension, since their bytes look alike", () => {
    const text = Buffer.from("a,b,c\n1,2,3\n");
    expect(detectType(text, "items.csv")).toBe("csv");
    expect(detectType(text, "items.tsv")).toBe("csv");
    expect(detectType(text, "items.txt")).toBe("txt");
    expect(detectType(text, "items")).toBe("txt");
  });

  it("calls binary data unknown even when it is named .txt", () => {
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x10, 0x00, 0x7f]);
    expect(detectType(binary, "notes.txt")).toBe("unknown");
    expect(detectType(Buffer.alloc(0), "empty.txt")).toBe("unknown");
  });

  it("reads text encodings: UTF-8, UTF-16 with a BOM, and Windows-1252 for the rest", () => {
    expect(textEncoding(Buffer.from("Größe 5 €"))).toBe("utf-8");
    expect(textEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Total", "utf16le")]))).toBe("utf-16le");
    expect(textEncoding(Buffer.from([0x50, 0x72, 0x69, 0x63, 0x65, 0x20, 0x80, 0x35]))).toBe("windows-1252");
  });

  it("derives the declared kind from the extension first, then the content type", () => {
    expect(declaredKind("Quote.PDF")).toBe("pdf");
    expect(declaredKind("scan.jpg")).toBe("jpeg");
    expect(declaredKind("scan.tif")).toBe("tiff");
    expect(declaredKind("blob", "application/vnd.ms-excel")).toBe("xls");
    expect(declaredKind("blob", "text/csv; charset=utf-8")).toBe("csv");
    expect(declaredKind("archive.7z", "application/x-7z-compressed")).toBe("unknown");
  });
});
