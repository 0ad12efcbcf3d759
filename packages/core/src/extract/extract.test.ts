import { describe, expect, it } from "vitest";
import { expectedStrings, money, quoteCsv, quoteDocx, quoteFiles, quotePdf, quoteTxt, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { Extract } from "./index";
import { writeZip } from "@quorum/testing/zip-writer";
import { excelZipBomb, wordWithManyParts, wordZipBomb } from "@quorum/testing/nasty-files";

const itemLine = (i: (typeof VENDOR_QUOTE.items)[number]) => `${i.qty} | ${i.description} | ${money(i.unitPrice)} | ${money(i.amount)}`;

describe("text extraction of a vendor quote", () => {
  for (const fixture of quoteFiles().filter((f) => !f.ocr)) {
    it(`reads every key number of the quote from its ${fixture.kind} version`, async () => {
      const result = await Extract.fromBuffer(await fixture.build(), { fileName: fixture.fileName, contentType: fixture.contentType });
      const text = Extract.text(result);
      expect(result.kind).toBe(fixture.kind);
      expect(result.mismatch).toBe(false);
      expect(result.warnings).toEqual([]);
      for (const expected of expectedStrings()) expect(text).toContain(expected);
    });

    it(`keeps each line item's qty, description, unit price and amount on one line (${fixture.kind})`, async () => {
      const result = await Extract.fromBuffer(await fixture.build(), { fileName: fixture.fileName });
      const lines = Extract.text(result).split("\n");
      for (const item of VENDOR_QUOTE.items) expect(lines).toContain(itemLine(item));
    });
  }

  it("returns spreadsheet sheets as pages and their rows as structured tables", async () => {
    for (const fixture of quoteFiles().filter((f) => f.kind === "xlsx" || f.kind === "xls")) {
      const result = await Extract.fromBuffer(await fixture.build(), { fileName: fixture.fileName });
      expect(result.pages).toHaveLength(1);
      expect(result.pages[0]!.text.split("\n")[0]).toBe("Sheet: Quote");
      expect(result.tables?.[0]?.name).toBe("Quote");
      const total = result.tables![0]!.rows.find((row) => row.includes("Total"));
      expect(total?.filter(Boolean)).toEqual(["Total", money(VENDOR_QUOTE.total)]);
      // dates are ISO dates, percentages keep their format
      expect(result.pages[0]!.text).toContain(`Date | ${VENDOR_QUOTE.quoteDateIso}`);
      expect(result.pages[0]!.text).toContain("Tax Rate | 8.25%");
    }
  });

  it("returns the Word table and the CSV rows as structured tables", async () => {
    const docx = await Extract.fromBuffer(quoteDocx(), { fileName: "q.docx" });
    expect(docx.tables?.[0]?.rows[0]).toEqual(["Qty", "Description", "Unit Price", "Amount"]);
    expect(docx.tables?.[0]?.rows).toHaveLength(VENDOR_QUOTE.items.length + 1);
    const csv = await Extract.fromBuffer(quoteCsv(), { fileName: "q.csv" });
    expect(csv.tables?.[0]?.rows.at(-1)).toEqual(["", "", "Total", money(VENDOR_QUOTE.total)]);
  });

  it("rebuilds the PDF table rows although the file draws the table column by column", async () => {
    const result = await Extract.fromBuffer(quotePdf(), { fileName: "q.pdf" });
    expect(result.scannedPages).toEqual([]);
    const lines = result.pages[0]!.text.split("\n");
    expect(lines).toContain("Qty | Description | Unit Price | Amount");
    expect(lines).toContain(`Total: | ${money(VENDOR_QUOTE.total)}`);
  });

  it("reads a chat attachment sent as a data URL", async () => {
    const url = `data:text/csv;base64,${quoteCsv().toString("base64")}`;
    const result = await Extract.fromDataUrl(url, { fileName: "quote.csv" });
    expect(result.kind).toBe("csv");
    expect(Extract.text(result)).toContain(money(VENDOR_QUOTE.total));
  });

  it("reads a CSV saved by Excel on Windows (Windows-1252) and says so", async () => {
    const bytes = Buffer.from("Item,Price\nCaf\xe9 table,\x80120.00\n", "latin1");
    const result = await Extract.fromBuffer(bytes, { fileName: "prices.csv" });
    expect(result.pages[0]!.text).toContain("Café table | €120.00");
    expect(result.warnings).toContain("The text is not UTF-8; it was read as Windows-1252.");
  });
});

describe("limits", () => {
  it("keeps only the character budget of a huge text and warns", async () => {
    const big = Buffer.from("word ".repeat(50_000));
    const result = await Extract.fromBuffer(big, { fileName: "big.txt", limits: { maxChars: 10_000 } });
    expect(Extract.text(result).replace(/\n/g, "").length).toBeLessThanOrEqual(10_000);
    expect(result.warnings).toContain("Only the first 10,000 characters of text were kept.");
  });

  it("splits long text into pages of about 3,000 characters at line breaks", async () => {
    const line = "Line item with a description that is long enough to matter - $1,234.56";
    const result = await Extract.fromBuffer(Buffer.from(Array.from({ length: 400 }, () => line).join("\n")), { fileName: "long.txt" });
    expect(result.pages.length).toBeGreaterThan(5);
    for (const page of result.pages) {
      expect(page.text.length).toBeLessThanOrEqual(3000);
      for (const l of page.text.split("\n")) expect(l).toBe(line);
    }
  });

  it("stops at the page limit with a warning", async () => {
    const result = await Extract.fromBuffer(Buffer.from("x".repeat(20_000)), { fileName: "a.txt", limits: { maxPages: 2 } });
    expect(result.pages).toHaveLength(2);
    expect(result.warnings).toContain("Only the first 2 of 7 pages were read.");
  });

  it("refuses a zip bomb before the Word reader inflates it", async () => {
    // 64 MB of zeros deflate to ~64 KB; the archive also lies that the entry is small
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const docx = quoteDocx();
    const bomb = writeZip([
      { name: "word/document.xml", data: "<w:document/>" },
      { name: "word/media/filler.bin", data: zeros },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    await expect(Extract.fromBuffer(bomb, { fileName: "bomb.docx", limits: { maxUnzippedBytes: 8 * 1024 * 1024 } })).rejects.toMatchObject({
      status: 413,
      message: "The file expands to more than 8 MB of data when unpacked, the most that can be read.",
    });
    // a normal document passes the same limit
    await expect(Extract.fromBuffer(docx, { fileName: "ok.docx", limits: { maxUnzippedBytes: 8 * 1024 * 1024 } })).resolves.toMatchObject({
      kind: "docx",
    });
  });

  it("refuses a .docx whose document XML inflates past the cap, and an .xlsx whose sheet XML does", async () => {
    const limits = { maxUnzippedBytes: 8 * 1024 * 1024 };
    const expands = { status: 413, message: "The file expands to more than 8 MB of data when unpacked, the most that can be read." };
    for (const [bomb, fileName] of [
      [wordZipBomb(64), "bomb.docx"],
      [excelZipBomb(64), "bomb.xlsx"],
    ] as const) {
      expect(bomb.length, fileName).toBeLessThan(1024 * 1024);
      await expect(Extract.fromBuffer(bomb, { fileName, limits })).rejects.toMatchObject(expands);
    }
  });

  it("refuses an archive of more parts than the cap", async () => {
    await expect(
      Extract.fromBuffer(wordWithManyParts(60), { fileName: "parts.docx", limits: { maxZipEntries: 50 } }),
    ).rejects.toMatchObject({
      status: 413,
      message: "The file holds more than 50 parts, the most that can be read.",
    });
  });

  it("measures what an entry really inflates to, not the size its header declares", async () => {
    const zip = writeZip([
      { name: "word/document.xml", data: "<w:document/>" },
      { name: "big.bin", data: Buffer.alloc(4 * 1024 * 1024) },
    ]);
    // falsify the declared size of big.bin in the central directory (uncompressed size field)
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(10, central + 24);
    await expect(Extract.fromBuffer(zip, { fileName: "lying.docx", limits: { maxUnzippedBytes: 1024 * 1024 } })).rejects.toMatchObject({
      status: 413,
    });
  });

  it("refuses an input larger than the size limit", async () => {
    await expect(Extract.fromBuffer(quoteTxt(), { fileName: "q.txt", limits: { maxInputBytes: 100 } })).rejects.toMatchObject({
      status: 413,
      message: "File is larger than 100 bytes",
    });
  });
});

describe("files that cannot be read", () => {
  it("refuses content that is no supported type, with a message a person can act on", async () => {
    await expect(Extract.fromBuffer(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]), { fileName: "a.exe" })).rejects.toMatchObject({
      status: 400,
      message: "The file's content is not a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.",
    });
  });

  it("reports a damaged PDF as unreadable instead of crashing", async () => {
    const damaged = Buffer.concat([quotePdf().subarray(0, 200), Buffer.from("garbage")]);
    await expect(Extract.fromBuffer(damaged, { fileName: "q.pdf" })).rejects.toMatchObject({
      status: 400,
      message: "The PDF is damaged or incomplete and cannot be read.",
    });
  });

  it("says a password-protected PDF needs its password removed", async () => {
    // an /Encrypt dictionary whose user password is not empty: readers must ask for it
    const hex = "ab".repeat(32);
    const locked = quotePdf()
      .toString("latin1")
      .replace(
        "trailer\n<< ",
        `trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex}> /U <${hex}> /P -4 >> /ID [<${"01".repeat(16)}><${"01".repeat(16)}>] `,
      );
    await expect(Extract.fromBuffer(Buffer.from(locked, "latin1"), { fileName: "locked.pdf" })).rejects.toMatchObject({
      status: 400,
      message: "The PDF is password-protected. Save a copy without the password and upload that instead.",
    });
  });

  it("says an empty file is empty", async () => {
    await expect(Extract.fromBuffer(Buffer.alloc(0), { fileName: "notes.txt" })).rejects.toMatchObject({
      status: 400,
      message: "The file is empty.",
    });
  });

  it("reports a damaged Word file as damaged", async () => {
    const damaged = writeZip([{ name: "word/document.xml", data: "<w:document><w:body><w:p>" }]);
    await expect(Extract.fromBuffer(damaged, { fileName: "q.docx" })).rejects.toMatchObject({
      status: 400,
      message: "The Word document is damaged or incomplete and cannot be read.",
    });
  });

  it("refuses options that are not valid", async () => {
    await expect(Extract.fromBuffer(quoteTxt(), { fileName: "q.txt", limits: { maxChars: -1 } })).rejects.toMatchObject({ status: 400 });
  });
});
