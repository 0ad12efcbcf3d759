import {
  encryptedOfficePackage,
  wordDocument,
  wordDocumentWithHugeXml,
  wParagraph,
  wTable,
  wTextBox,
  xlsxFromCells,
  xlsxWithManyMerges,
  xlsxWithSharedStringEverywhere,
} from "@quorum/testing/nasty-files";
import { describe, expect, it } from "vitest";
import { detectType } from "./detect";
import { Extract } from "./index";
import { writeZip } from "@quorum/testing/zip-writer";

const text = async (file: Buffer, fileName: string, limits?: Extract.Options["limits"]) =>
  Extract.text(await Extract.fromBuffer(file, { fileName, limits }));

describe("Word (.docx) reader", () => {
  it("reads the letterhead in the header, the body, and the footer, in that order", async () => {
    const docx = wordDocument(wParagraph("Quotation Q-7"), {
      header: ["Harbor Tools Ltd", "12 Dock Road"],
      footer: ["Bank: IBAN XX00 1234"],
    });
    expect(await text(docx, "q.docx")).toBe("Harbor Tools Ltd\n12 Dock Road\n\nQuotation Q-7\n\nBank: IBAN XX00 1234");
  });

  it("keeps each table row on one line, a spanning cell's columns kept empty so amounts stay under their header", async () => {
    const docx = wordDocument(
      wTable([
        ["Qty", "Description", "Unit", "Amount"],
        ["2", "Pump\nmodel HP-220", "10.00", "20.00"],
        [{ text: "Subtotal", span: 3 }, "20.00"],
        [
          { text: "Note", merge: "restart" },
          { text: "Delivery in two weeks", span: 3 },
        ],
        [
          { text: "", merge: "continue" },
          { text: "Installation not included", span: 3 },
        ],
      ]),
    );
    const result = await Extract.fromBuffer(docx, { fileName: "q.docx" });
    expect(result.pages[0]!.text.split("\n")).toEqual([
      "Qty | Description | Unit | Amount",
      "2 | Pump model HP-220 | 10.00 | 20.00",
      "Subtotal |  |  | 20.00",
      "Note | Delivery in two weeks",
      " | Installation not included",
    ]);
    expect(result.tables?.[0]).toEqual({
      page: 1,
      rows: [
        ["Qty", "Description", "Unit", "Amount"],
        ["2", "Pump model HP-220", "10.00", "20.00"],
        ["Subtotal", "", "", "20.00"],
        ["Note", "Delivery in two weeks", "", ""],
        ["", "Installation not included", "", ""],
      ],
    });
  });

  it("reads a text box once (not again from its VML fallback) and tab-set columns as cells", async () => {
    const docx = wordDocument(
      wTextBox(["Harbor Tools Ltd", "VAT GB123"]) + wParagraph("\tQuote date:\t\t2024-05-02\t") + wParagraph("Net 30"),
    );
    expect(await text(docx, "q.docx")).toBe("Harbor Tools Ltd\nVAT GB123\nQuote date: | 2024-05-02\nNet 30");
  });

  it("reads 12 MB of document XML without holding more than its text", async () => {
    const { docx, paragraphs } = wordDocumentWithHugeXml(12);
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    // pages are separated by a blank line
    const lines = (await text(docx, "big.docx")).split("\n").filter((l) => l !== "");
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(lines).toHaveLength(paragraphs);
    expect(lines[0]).toBe("Line item 1");
    expect(lines.at(-1)).toBe(`Line item ${paragraphs}`);
    // mammoth needed ~60 times the XML (720 MB here); the walk keeps about the text
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("stops reading once the character budget is used, with a warning", async () => {
    const { docx } = wordDocumentWithHugeXml(4);
    const result = await Extract.fromBuffer(docx, { fileName: "big.docx", limits: { maxChars: 5_000 } });
    expect(Extract.text(result).replace(/\n/g, "").length).toBeLessThanOrEqual(5_000);
    expect(result.warnings).toContain("Only the first 5,000 characters of text were kept.");
  });

  it("says a password-protected Word document is password-protected", async () => {
    const locked = encryptedOfficePackage();
    expect(detectType(locked, "offer.docx")).toBe("docx");
    await expect(Extract.fromBuffer(locked, { fileName: "offer.docx" })).rejects.toMatchObject({
      status: 400,
      message: "The Word document is password-protected. Save a copy without the password and upload that instead.",
    });
  });

  it("calls a Word document whose zip directory is cut off damaged", async () => {
    const docx = wordDocument(wParagraph("Quotation"));
    await expect(Extract.fromBuffer(docx.subarray(0, docx.length - 30), { fileName: "cut.docx" })).rejects.toMatchObject({
      status: 400,
      message: "The Word document is damaged or incomplete and cannot be read.",
    });
  });

  it("names a PowerPoint file it does not read instead of calling it damaged", async () => {
    const pptx = writeZip([
      {
        name: "[Content_Types].xml",
        data: `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`,
      },
      {
        name: "_rels/.rels",
        data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
      },
      { name: "ppt/presentation.xml", data: "<p:presentation/>" },
    ]);
    await expect(Extract.fromBuffer(pptx, { fileName: "deck.pptx" })).rejects.toMatchObject({
      status: 400,
      message:
        "The file is a PowerPoint presentation, which is not a supported type. Upload a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.",
    });
  });
});

describe("Excel (.xlsx) reader", () => {
  it("reads a sheet with 50,000 merged ranges in a moment (exceljs took minutes)", async () => {
    const started = performance.now();
    const result = await Extract.fromBuffer(xlsxWithManyMerges(50_000), { fileName: "merges.xlsx" });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.pages[0]!.text).toBe("Sheet: Quote\nItem | Amount\nPump | 125.5");
  });

  it("stops building a sheet's text at the budget when a 1 MB string fills 12,000 cells", async () => {
    const before = process.memoryUsage().heapUsed;
    const result = await Extract.fromBuffer(xlsxWithSharedStringEverywhere(1_000_000, 12_000), { fileName: "strings.xlsx" });
    const kept = Extract.text(result).length;
    expect(kept).toBeLessThanOrEqual(5_000_000);
    expect(kept).toBeGreaterThan(4_000_000);
    expect(result.warnings).toContain("Only the first 5,000,000 characters of text were kept.");
    // 12 GB of text if built whole; bounded by the budget instead
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(300 * 1024 * 1024);
  });

  it("reads every kind of cell value: shared, inline and formula strings, booleans, errors, dates and escapes", async () => {
    const file = xlsxFromCells(
      [
        [
          `<c r="A1" t="s"><v>0</v></c>`,
          `<c r="C1" t="inlineStr"><is><t>inline</t></is></c>`,
          `<c r="D1" t="str"><f>A1</f><v>from formula</v></c>`,
        ],
        [
          `<c r="A2" t="b"><v>1</v></c>`,
          `<c r="B2" t="e"><v>#DIV/0!</v></c>`,
          `<c r="C2" t="d"><v>2024-05-02T00:00:00Z</v></c>`,
          `<c r="D2"><v>-1234.5</v></c>`,
        ],
      ],
      ["Line_x000D_break"],
    );
    const result = await Extract.fromBuffer(file, { fileName: "cells.xlsx" });
    expect(result.tables?.[0]?.rows).toEqual([
      ["Line\rbreak", "", "inline", "from formula"],
      ["TRUE", "#DIV/0!", "2024-05-02", "-1234.5"],
    ]);
    expect(result.pages[0]!.text.split("\n")[1]).toBe("Line break |  | inline | from formula");
  });

  it("finds a workbook stored at a non-standard path through its relationships", async () => {
    const file = xlsxFromCells([[`<c r="A1" t="s"><v>0</v></c>`]], ["found"], { workbookPath: "odd/place" });
    expect(detectType(file, "book.xlsx")).toBe("xlsx");
    expect(await text(file, "book.xlsx")).toBe("Sheet: Quote\nfound");
  });

  it("says a password-protected workbook is password-protected", async () => {
    await expect(Extract.fromBuffer(encryptedOfficePackage(), { fileName: "prices.xlsx" })).rejects.toMatchObject({
      status: 400,
      message: "The Excel workbook is password-protected. Save a copy without the password and upload that instead.",
    });
  });

  it("names no kind of document when the name of a password-protected package says none", async () => {
    await expect(Extract.fromBuffer(encryptedOfficePackage(), { fileName: "upload" })).rejects.toMatchObject({
      message: "The file is password-protected. Save a copy without the password and upload that instead.",
    });
  });
});
