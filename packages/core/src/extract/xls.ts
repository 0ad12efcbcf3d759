import { BUILTIN_FORMATS, formatNumber } from "./cells";
import { readCompoundFile } from "./cfb";
import { rowLine } from "./lines";
import { decodeWindows1252 } from "./text";
import { pageLimitWarning, type ParseContext } from "./limits";
import type { Extraction, Page, Table } from "./types";

/**
 * A reader for legacy Excel files (BIFF8, Excel 97-2003, and BIFF5/7, Excel 5/95): cell values
 * only, no formatting beyond number formats. We wrote it instead of using SheetJS: the npm
 * `xlsx@0.18.5` has known vulnerabilities on untrusted input (FACTS.md), the fixed 0.20.3 is
 * not on npm from its authors, and exceljs cannot read .xls. It builds nothing but arrays of
 * strings, and every length it reads is bounds-checked by Buffer, so a hostile file can make it
 * throw but not pollute prototypes or loop.
 */

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  CODEPAGE: 0x0042,
  DATEMODE: 0x0022,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  FORMAT: 0x041e,
  XF: 0x00e0,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;

export class XlsError extends Error {}

interface BiffRecord {
  type: number;
  data: Buffer;
  /** Offset of the record header in the stream. */
  offset: number;
}

function* records(stream: Buffer, from: number): Generator<BiffRecord> {
  let at = from;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    if (at + 4 + length > stream.length) throw new XlsError("A record runs past the end of the workbook");
    yield { type, data: stream.subarray(at + 4, at + 4 + length), offset: at };
    at += 4 + length;
  }
}

const ERRORS = new Map<number, string>([
  [0x00, "#NULL!"],
  [0x07, "#DIV/0!"],
  [0x0f, "#VALUE!"],
  [0x17, "#REF!"],
  [0x1d, "#NAME?"],
  [0x24, "#NUM!"],
  [0x2a, "#N/A"],
]);

function decodeRk(rk: number): number {
  let value: number;
  if (rk & 0x02)
    value = rk >> 2; // a signed 30-bit integer
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE(rk & 0xfffffffc, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

/**
 * Reads strings that may continue into CONTINUE records. When the characters of a string cross
 * into the next record, that record starts with a fresh option byte saying whether the rest is
 * 8-bit or 16-bit.
 */
class Segments {
  private index = 0;
  private at = 0;
  constructor(private readonly parts: Buffer[]) {}

  private current(): Buffer {
    while (this.index < this.parts.length && this.at >= this.parts[this.index]!.length) {
      this.index++;
      this.at = 0;
    }
    const part = this.parts[this.index];
    if (!part) throw new XlsError("The shared string table is truncated");
    return part;
  }
  u8() {
    const v = this.current()[this.at]!;
    this.at += 1;
    return v;
  }
  u16() {
    return this.u8() | (this.u8() << 8);
  }
  u32() {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number) {
    for (let left = n; left > 0;) {
      const part = this.current();
      const step = Math.min(left, part.length - this.at);
      this.at += step;
      left -= step;
    }
  }
  chars(count: number, highByte: boolean): string {
    let text = "";
    let wide = highByte;
    let left = count;
    while (left > 0) {
      const part = this.current();
      const size = wide ? 2 : 1;
      const fit = Math.min(left, Math.floor((part.length - this.at) / size));
      text += part.toString(wide ? "utf16le" : "latin1", this.at, this.at + fit * size);
      this.at += fit * size;
      left -= fit;
      if (left > 0) {
        // the rest is in the next record, which opens with its own option byte
        this.index++;
        this.at = 0;
        wide = (this.u8() & 0x01) === 1;
      }
    }
    return text;
  }
}

/** XLUnicodeRichExtendedString (SST entries). */
function readSstString(s: Segments): string {
  const count = s.u16();
  const flags = s.u8();
  const runs = flags & 0x08 ? s.u16() : 0;
  const extended = flags & 0x04 ? s.u32() : 0;
  const text = s.chars(count, (flags & 0x01) === 1);
  s.skip(runs * 4 + extended);
  return text;
}

/** XLUnicodeString in a single record: 16-bit count (8-bit in BIFF5 names), option byte in BIFF8. */
function readString(data: Buffer, at: number, biff8: boolean, decode: (b: Buffer) => string, countBytes: 1 | 2 = 2): string {
  const count = countBytes === 1 ? data[at]! : data.readUInt16LE(at);
  let pos = at + countBytes;
  if (!biff8) return decode(data.subarray(pos, pos + count));
  const flags = data[pos]!;
  pos += 1;
  if (flags & 0x08) pos += 2;
  if (flags & 0x04) pos += 4;
  return flags & 0x01 ? data.toString("utf16le", pos, pos + count * 2) : data.toString("latin1", pos, pos + count);
}

interface Sheet {
  name: string;
  offset: number;
  kind: number;
}

export interface XlsWorkbook {
  sheets: { name: string; rows: string[][]; truncated: boolean }[];
}

export function readXls(buffer: Buffer, maxRows = Number.MAX_SAFE_INTEGER): XlsWorkbook {
  const file = readCompoundFile(buffer);
  const stream = file.read("Workbook") ?? file.read("Book");
  if (!stream) throw new XlsError("The file has no workbook stream");
  const first = records(stream, 0).next().value;
  if (!first || first.type !== R.BOF) {
    throw new XlsError("This Excel file is too old to read (Excel 4.0 or earlier); save it as .xlsx and upload it again");
  }
  const version = first.data.readUInt16LE(0);
  const biff8 = version === 0x0600;
  if (!biff8 && version !== 0x0500) throw new XlsError("This Excel file version cannot be read; save it as .xlsx and upload it again");

  // BIFF5 stores 8-bit text in the workbook's code page (CODEPAGE record), usually 1252
  let decoder: { decode(bytes: Uint8Array): string } | undefined;
  const decode = (b: Buffer) => (decoder ? decoder.decode(b) : decodeWindows1252(b));
  const sheets: Sheet[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;
  let sst: string[] = [];

  // 1. workbook globals, up to the first EOF
  const globals = [
    ...(function* () {
      for (const record of records(stream, 0)) {
        yield record;
        if (record.type === R.EOF) return;
      }
    })(),
  ];
  for (let i = 0; i < globals.length; i++) {
    const { type, data } = globals[i]!;
    if (type === R.FILEPASS) throw new XlsError("The Excel file is password-protected");
    if (type === R.CODEPAGE && !biff8) {
      const page = data.readUInt16LE(0);
      try {
        decoder = page >= 1250 && page <= 1258 && page !== 1252 ? new TextDecoder(`windows-${page}`) : undefined;
      } catch {
        // a code page this Node cannot decode: Windows-1252 is the usual one
      }
    } else if (type === R.DATEMODE) date1904 = data.readUInt16LE(0) === 1;
    else if (type === R.BOUNDSHEET) {
      const offset = data.readUInt32LE(0);
      const kind = data[5]!;
      const name = readString(data, 6, biff8, decode, 1);
      sheets.push({ name, offset, kind });
    } else if (type === R.FORMAT) {
      formats.set(data.readUInt16LE(0), readString(data, 2, biff8, decode, biff8 ? 2 : 1));
    } else if (type === R.XF) xfFormats.push(data.readUInt16LE(2));
    else if (type === R.SST) {
      const parts = [data.subarray(8)];
      while (globals[i + 1]?.type === R.CONTINUE) parts.push(globals[++i]!.data);
      const unique = data.readUInt32LE(4);
      const segments = new Segments(parts);
      sst = [];
      // the declared count is only trusted as far as the data goes
      for (let n = 0; n < unique; n++) {
        try {
          sst.push(readSstString(segments));
        } catch {
          break;
        }
      }
    }
  }

  const formatOf = (xf: number) => {
    const id = xfFormats[xf];
    return id === undefined ? undefined : (formats.get(id) ?? BUILTIN_FORMATS[id]);
  };
  const number = (value: number, xf: number) => formatNumber(value, formatOf(xf), date1904);

  // 2. each worksheet's substream: cells into a sparse grid
  const result: XlsWorkbook = { sheets: [] };
  for (const sheet of sheets) {
    if (sheet.kind !== 0) continue; // charts, macro sheets, VBA modules
    if (sheet.offset >= stream.length) throw new XlsError(`Sheet "${sheet.name}" lies outside the workbook`);
    const grid = new Map<number, Map<number, string>>();
    let truncated = false;
    const put = (row: number, col: number, text: string) => {
      if (text === "") return;
      let cells = grid.get(row);
      if (!cells) {
        if (grid.size >= maxRows) {
          truncated = true;
          return;
        }
        cells = new Map();
        grid.set(row, cells);
      }
      cells.set(col, text);
    };
    let pendingString: { row: number; col: number } | undefined;
    let depth = 0;
    for (const { type, data } of records(stream, sheet.offset)) {
      if (type === R.BOF) depth++;
      else if (type === R.EOF) {
        if (--depth === 0) break;
      } else if (depth !== 1)
        continue; // an embedded chart's substream
      else if (type === R.LABELSST) put(data.readUInt16LE(0), data.readUInt16LE(2), sst[data.readUInt32LE(6)] ?? "");
      else if (type === R.LABEL || type === R.RSTRING) put(data.readUInt16LE(0), data.readUInt16LE(2), readString(data, 6, biff8, decode));
      else if (type === R.NUMBER) put(data.readUInt16LE(0), data.readUInt16LE(2), number(data.readDoubleLE(6), data.readUInt16LE(4)));
      else if (type === R.RK) put(data.readUInt16LE(0), data.readUInt16LE(2), number(decodeRk(data.readUInt32LE(6)), data.readUInt16LE(4)));
      else if (type === R.MULRK) {
        const row = data.readUInt16LE(0);
        const firstCol = data.readUInt16LE(2);
        const count = Math.floor((data.length - 6) / 6);
        for (let k = 0; k < count; k++) {
          put(row, firstCol + k, number(decodeRk(data.readUInt32LE(4 + k * 6 + 2)), data.readUInt16LE(4 + k * 6)));
        }
      } else if (type === R.BOOLERR) {
        const value = data[6]!;
        put(data.readUInt16LE(0), data.readUInt16LE(2), data[7] ? (ERRORS.get(value) ?? "#ERROR") : value ? "TRUE" : "FALSE");
      } else if (type === R.FORMULA) {
        const row = data.readUInt16LE(0);
        const col = data.readUInt16LE(2);
        if (data.readUInt16LE(12) !== 0xffff) put(row, col, number(data.readDoubleLE(6), data.readUInt16LE(4)));
        else if (data[6] === 0)
          pendingString = { row, col }; // the text follows in a STRING record
        else if (data[6] === 1) put(row, col, data[8] ? "TRUE" : "FALSE");
        else if (data[6] === 2) put(row, col, ERRORS.get(data[8]!) ?? "#ERROR");
      } else if (type === R.STRING && pendingString) {
        put(pendingString.row, pendingString.col, readString(data, 0, biff8, decode));
        pendingString = undefined;
      }
    }
    const rows = [...grid.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, cells]) => {
        const out: string[] = [];
        for (const [col, text] of cells) out[col] = text;
        return Array.from(out, (c) => (c ?? "").trim());
      });
    result.sheets.push({ name: sheet.name, rows, truncated });
  }
  return result;
}

export function extractXls(buffer: Buffer, context: ParseContext): Extraction {
  const workbook = readXls(buffer, context.limits.maxRows);
  const pages: Page[] = [];
  const tables: Table[] = [];
  const sheets = workbook.sheets;
  if (sheets.length > context.limits.maxPages) context.warnings.push(pageLimitWarning(context.limits.maxPages, sheets.length, "sheets"));
  for (const [index, sheet] of sheets.slice(0, context.limits.maxPages).entries()) {
    if (context.budget.exhausted) break;
    if (sheet.truncated)
      context.warnings.push(`Only the first ${context.limits.maxRows.toLocaleString("en-US")} rows of sheet "${sheet.name}" were read.`);
    const text = [`Sheet: ${sheet.name}`, ...sheet.rows.map(rowLine)].join("\n");
    pages.push({ page: index + 1, text: context.budget.take(text) });
    tables.push({ page: index + 1, name: sheet.name, rows: sheet.rows });
  }
  return { kind: "xls", pages, tables, warnings: context.warnings };
}
