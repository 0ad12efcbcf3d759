import { describe, expect, it } from "vitest";
import { readCompoundFile } from "./cfb";
import { writeCompoundFile } from "@quorum/testing/cfb-writer";
import { Extract } from "./index";
import { biffRecord, writeDoc, writeXls } from "@quorum/testing/legacy-writers";
import { readXls } from "./xls";
import {
  biff2Worksheet,
  biff4Worksheet,
  cfbAliased,
  cfbRelinked,
  cfbStream,
  cfbWithRepeatedFatSector,
  word6Document,
  xlsWithRkFloats,
} from "@quorum/testing/nasty-files";

const u16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A workbook stream from raw records: globals (BOUNDSHEET added here) then one sheet. */
function rawStream(options: { version: number; globals: Buffer[]; sheet: Buffer[] }) {
  const bof = (dt: number) =>
    biffRecord(0x0809, Buffer.concat([u16(options.version), u16(dt), Buffer.alloc(options.version === 0x0600 ? 12 : 4)]));
  const name = options.version === 0x0600 ? Buffer.from([1, 0, 0x53]) : Buffer.from([1, 0x53]); // "S"
  const boundSheet = (offset: number) => biffRecord(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0]), name]));
  const head = Buffer.concat([bof(0x0005), ...options.globals]);
  const eof = biffRecord(0x000a, Buffer.alloc(0));
  const offset = head.length + boundSheet(0).length + eof.length;
  return Buffer.concat([head, boundSheet(offset), eof, bof(0x0010), ...options.sheet, eof]);
}

function rawWorkbook(options: { version: number; globals: Buffer[]; sheet: Buffer[]; streamName?: string }) {
  return writeCompoundFile({ [options.streamName ?? "Workbook"]: rawStream(options) });
}

describe("legacy Excel (.xls) reader", () => {
  it("reads shared strings that continue across records, 8-bit and UTF-16 alike", () => {
    const long8 = "Terms and conditions apply to every item. ".repeat(300); // ~12,900 chars
    const long16 = "Prix unitaire € ".repeat(400); // UTF-16 because of the euro sign
    const workbook = readXls(writeXls([{ name: "Terms", rows: [["short"], [long8], [long16], ["after the long ones"]] }]));
    expect(workbook.sheets[0]!.rows.map((r) => r[0])).toEqual(["short", long8.trim(), long16.trim(), "after the long ones"]);
  });

  it("decodes numbers stored as RK and MULRK, including negative and hundredths", () => {
    const workbook = readXls(writeXls([{ name: "N", rows: [[1, 2, -3, 12.34, -0.05, 1e12, 3.14159]] }]));
    expect(workbook.sheets[0]!.rows[0]).toEqual(["1", "2", "-3", "12.34", "-0.05", "1000000000000", "3.14159"]);
  });

  it("reads the cached text result of a formula from its STRING record", () => {
    const formula = biffRecord(
      0x0006,
      Buffer.concat([u16(0), u16(0), u16(0), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), u16(0), u32(0), u16(0)]),
    );
    const string = biffRecord(0x0207, Buffer.concat([u16(5), Buffer.from([0]), Buffer.from("Total")]));
    const boolean = biffRecord(0x0205, Buffer.concat([u16(0), u16(1), u16(0), Buffer.from([1, 0])]));
    const error = biffRecord(0x0205, Buffer.concat([u16(0), u16(2), u16(0), Buffer.from([0x07, 1])]));
    const file = rawWorkbook({ version: 0x0600, globals: [], sheet: [formula, string, boolean, error] });
    expect(readXls(file).sheets[0]!.rows[0]).toEqual(["Total", "TRUE", "#DIV/0!"]);
  });

  it("reads an Excel 5/95 workbook (BIFF5, 8-bit Windows-1252 labels, 'Book' stream)", async () => {
    const label = (col: number, text: Buffer) => biffRecord(0x0204, Buffer.concat([u16(0), u16(col), u16(0), u16(text.length), text]));
    const number = biffRecord(0x0203, Buffer.concat([u16(0), u16(2), u16(0), Buffer.from(new Float64Array([1868.97]).buffer)]));
    const file = rawWorkbook({
      version: 0x0500,
      streamName: "Book",
      globals: [biffRecord(0x0042, u16(1252))],
      sheet: [label(0, Buffer.from("Caf\xe9", "latin1")), label(1, Buffer.from("\x80 total", "latin1")), number],
    });
    const result = await Extract.fromBuffer(file, { fileName: "old.xls" });
    expect(result.kind).toBe("xls");
    expect(result.pages[0]!.text).toBe("Sheet: S\nCafé | € total | 1868.97");
  });

  it("refuses a password-protected workbook with a clear message", async () => {
    const file = rawWorkbook({ version: 0x0600, globals: [biffRecord(0x002f, Buffer.alloc(54))], sheet: [] });
    await expect(Extract.fromBuffer(file, { fileName: "locked.xls" })).rejects.toMatchObject({
      status: 400,
      message: "The Excel workbook is password-protected. Save a copy without the password and upload that instead.",
    });
  });

  it("skips chart sheets and reads every worksheet as a page", async () => {
    const file = writeXls([
      {
        name: "Quote",
        rows: [
          ["Item", "Amount"],
          ["Pump", { value: 389.99, format: "currency" }],
        ],
      },
      { name: "Notes", rows: [["Delivery in 2 weeks"]] },
    ]);
    const result = await Extract.fromBuffer(file, { fileName: "two.xls" });
    expect(result.pages.map((p) => p.text)).toEqual(["Sheet: Quote\nItem | Amount\nPump | $389.99", "Sheet: Notes\nDelivery in 2 weeks"]);
  });
});

describe("old and odd Excel files", () => {
  it("reads negative decimals stored as floating-point RK numbers (they were called damaged)", async () => {
    const result = await Extract.fromBuffer(xlsWithRkFloats([-1.5, -1234.5, 0.5, -0.25]), { fileName: "neg.xls" });
    expect(result.tables?.[0]?.rows[0]).toEqual(["-1.5", "-1234.5", "0.5", "-0.25"]);
  });

  it("reads an Excel 2.1 worksheet (a bare BIFF2 stream) with its number formats", async () => {
    const file = biff2Worksheet(
      [
        ["Item", "Qty", "Price"],
        ["Caf\xe9 table", 3, 1250.5],
      ],
      { formats: ["General", "#,##0.00"], formatOf: (row, col) => (row === 1 && col === 2 ? 1 : 0) },
    );
    const result = await Extract.fromBuffer(file, { fileName: "old.xls" });
    expect(result.kind).toBe("xls");
    expect(result.pages[0]!.text).toBe("Sheet: Sheet1\nItem | Qty | Price\nCafé table | 3 | 1,250.50");
  });

  it("reads an Excel 4.0 worksheet: labels, RK numbers and a formula's cached text", async () => {
    const result = await Extract.fromBuffer(biff4Worksheet([["Total", -42.5]]), { fileName: "v4.xls" });
    expect(result.pages[0]!.text).toBe("Sheet: Sheet1\nTotal | -42.5\nFormula");
  });

  it("stops collecting cells at the budget when one long shared string fills thousands of cells", async () => {
    const long = "x".repeat(30_000);
    const file = writeXls([{ name: "S", rows: Array.from({ length: 2_000 }, () => [long]) }]);
    const before = process.memoryUsage().heapUsed;
    const result = await Extract.fromBuffer(file, { fileName: "many.xls", limits: { maxChars: 1_000_000 } });
    expect(Extract.text(result).length).toBeLessThanOrEqual(1_000_000);
    expect(result.warnings).toContain("Only the first 1,000,000 characters of text were kept.");
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("reads what comes before the damage in a truncated workbook, and says so", async () => {
    const label = (row: number, text: string) =>
      biffRecord(0x0204, Buffer.concat([u16(row), u16(0), u16(0), u16(text.length), Buffer.from([0]), Buffer.from(text, "latin1")]));
    const stream = rawStream({
      version: 0x0600,
      globals: [],
      sheet: [label(0, "kept"), label(1, "also kept"), label(2, "cut in the middle")],
    });
    // a bare BIFF8 stream, as some exporters write: the cut lands inside the last label
    const result = await Extract.fromBuffer(stream.subarray(0, stream.length - 10), { fileName: "cut.xls" });
    expect(result.pages[0]!.text).toBe("Sheet: S\nkept\nalso kept");
    expect(result.warnings).toContain("The workbook is damaged or incomplete; only the part before the damage was read.");
  });
});

describe("legacy Word (.doc) reader", () => {
  it("reads a Word 6.0 / 95 document stored in one run", async () => {
    const result = await Extract.fromBuffer(word6Document("Quotation 17\nPump\t2\t$20.00"), { fileName: "old.doc" });
    expect(result.pages[0]!.text).toBe("Quotation 17\nPump | 2 | $20.00");
  });

  it("reads a fast-saved Word 95 document through its piece table", async () => {
    const result = await Extract.fromBuffer(word6Document("First half of the text, then the second half.", { pieces: true }), {
      fileName: "fast.doc",
    });
    expect(result.pages[0]!.text).toBe("First half of the text, then the second half.");
  });

  it("reads a Word 95 document in its language's code page (Russian: Windows-1251)", async () => {
    const file = word6Document("Коммерческое предложение", { lid: 0x0419, codePage: "windows-1251" });
    expect((await Extract.fromBuffer(file, { fileName: "ru.doc" })).pages[0]!.text).toBe("Коммерческое предложение");
  });

  it("says an encrypted Word document is password-protected", async () => {
    await expect(Extract.fromBuffer(word6Document("secret", { encrypted: true }), { fileName: "locked.doc" })).rejects.toMatchObject({
      status: 400,
      message: "The Word document is password-protected. Save a copy without the password and upload that instead.",
    });
  });

  it("turns table rows and tab-aligned columns into ' | '-joined lines", async () => {
    const file = writeDoc([
      { paragraph: "Qty\tDescription\tAmount" },
      {
        table: [
          ["1", "Pump", "$10.00"],
          ["2", "Valve", "$4.00"],
        ],
      },
      { paragraph: "Total:\t\t$14.00" },
    ]);
    const result = await Extract.fromBuffer(file, { fileName: "q.doc" });
    expect(result.pages[0]!.text.split("\n")).toEqual([
      "Qty | Description | Amount",
      "1 | Pump | $10.00",
      "2 | Valve | $4.00",
      "Total: | $14.00",
    ]);
  });
});

describe("OLE2 container safety", () => {
  /** A copy whose first stream's chain loops back to its start instead of ending. */
  function loopStream(file: Buffer, name: string) {
    const stream = cfbStream(file, name);
    return cfbRelinked(file, stream.last, stream.first);
  }
  const damagedWord = { status: 400, message: "The Word document is damaged or incomplete and cannot be read." };

  it("stops at a sector chain that loops instead of hanging (.doc handed to word-extractor)", async () => {
    const looped = loopStream(writeDoc([{ paragraph: "hello" }]), "1Table");
    // streams are checked when read: the looping one is the table stream word-extractor would follow
    expect(() => readCompoundFile(looped).read("1Table")).toThrow("A sector chain loops");
    await expect(Extract.fromBuffer(looped, { fileName: "loop.doc" })).rejects.toMatchObject(damagedWord);
  });

  it("stops at a sector chain that loops in a workbook", async () => {
    const looped = loopStream(writeXls([{ name: "S", rows: [["x"]] }]), "Workbook");
    await expect(Extract.fromBuffer(looped, { fileName: "loop.xls" })).rejects.toMatchObject({ status: 400 });
  });

  it("reads a chain longer than its stream (running on through another stream's sectors) only as far as its size", async () => {
    const doc = writeDoc([{ paragraph: "hello" }]);
    const longer = cfbRelinked(doc, cfbStream(doc, "1Table").last, cfbStream(doc, "WordDocument").first);
    expect(readCompoundFile(longer).read("1Table")).toEqual(readCompoundFile(doc).read("1Table"));
    expect((await Extract.fromBuffer(longer, { fileName: "longer.doc" })).pages[0]!.text).toBe("hello");
  });

  it("refuses streams that share one chain once they add up to more than the file holds", () => {
    const file = writeCompoundFile({ Workbook: Buffer.alloc(64 * 1024, 1), Extra: Buffer.alloc(10) });
    const aliased = readCompoundFile(cfbAliased(file, "Extra", "Workbook"));
    expect(aliased.read("Workbook")).toHaveLength(64 * 1024);
    expect(() => aliased.read("Extra")).toThrow("The streams add up to more than the file holds");
  });

  it("refuses a FAT listing one sector over and over before building it (128 times the file's size)", async () => {
    const xls = writeXls([{ name: "S", rows: [["x"]] }]);
    // 2,000 DIFAT sectors (1 MB) listing the same FAT sector 254,109 times: a 130 MB table
    const bomb = cfbWithRepeatedFatSector(xls, 109 + 127 * 2_000);
    expect(() => readCompoundFile(bomb)).toThrow("The header declares more FAT sectors than the file holds");
    await expect(Extract.fromBuffer(bomb, { fileName: "fat.xls" })).rejects.toMatchObject({
      status: 400,
      message: "The Excel workbook is damaged or incomplete and cannot be read.",
    });
    // within the count the file could hold, the repeated sector itself is refused
    expect(() => readCompoundFile(cfbWithRepeatedFatSector(xls, 2))).toThrow("The FAT lists a sector twice");
  });
});
