import { describe, expect, it } from "vitest";
import { readCompoundFile, writeCompoundFile } from "./cfb";
import { Extract } from "./index";
import { biffRecord, writeDoc, writeXls } from "./legacy-writers";
import { readXls } from "./xls";

const u16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A workbook stream from raw records: globals (BOUNDSHEET added here) then one sheet. */
function rawWorkbook(options: { version: number; globals: Buffer[]; sheet: Buffer[]; streamName?: string }) {
  const bof = (dt: number) =>
    biffRecord(0x0809, Buffer.concat([u16(options.version), u16(dt), Buffer.alloc(options.version === 0x0600 ? 12 : 4)]));
  const name = options.version === 0x0600 ? Buffer.from([1, 0, 0x53]) : Buffer.from([1, 0x53]); // "S"
  const boundSheet = (offset: number) => biffRecord(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0]), name]));
  const head = Buffer.concat([bof(0x0005), ...options.globals]);
  const eof = biffRecord(0x000a, Buffer.alloc(0));
  const offset = head.length + boundSheet(0).length + eof.length;
  const stream = Buffer.concat([head, boundSheet(offset), eof, bof(0x0010), ...options.sheet, eof]);
  return writeCompoundFile({ [options.streamName ?? "Workbook"]: stream });
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
      message: "The Excel file is password-protected.",
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

describe("legacy Word (.doc) reader", () => {
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
  /** Makes the FAT chain of the first stream loop back to its start instead of ending. */
  function loopFirstStream(file: Buffer) {
    const copy = Buffer.from(file);
    const firstDataSector = 2; // layout of writeCompoundFile: FAT, directory, then streams
    const lastSector = firstDataSector + 4096 / 512 - 1;
    copy.writeUInt32LE(firstDataSector, 512 + lastSector * 4);
    return copy;
  }

  it("stops at a sector chain that loops instead of hanging (.doc handed to word-extractor)", async () => {
    const looped = loopFirstStream(writeDoc([{ paragraph: "hello" }]));
    expect(() => readCompoundFile(looped)).toThrow("A sector chain is damaged or loops");
    await expect(Extract.fromBuffer(looped, { fileName: "loop.doc" })).rejects.toMatchObject({ status: 400 });
  });

  it("stops at a sector chain that loops in a workbook", async () => {
    const looped = loopFirstStream(writeXls([{ name: "S", rows: [["x"]] }]));
    await expect(Extract.fromBuffer(looped, { fileName: "loop.xls" })).rejects.toMatchObject({ status: 400 });
  });
});
