import { BUILTIN_FORMATS, formatNumber } from "./cells";
import { isCompoundFile, readCompoundFile } from "./cfb";
import { ReadError } from "./failure";
import { SheetText } from "./lines";
import { cleanText, decodeWindows1252 } from "./text";
import { pageLimitWarning, type ParseContext } from "./limits";
import type { Extraction, Page, Table } from "./types";

/**
 * A reader for legacy Excel files (BIFF8, Excel 97-2003; BIFF5/7, Excel 5/95; and the bare
 * BIFF2-4 worksheets of Excel 2.1 to 4.0): cell values only, no formatting beyond number formats. We wrote it instead of using SheetJS: the npm
 * `xlsx@0.18.5` has known vulnerabilities on untrusted input, the fixed 0.20.3 is
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

/** The workbook stream is damaged (a record runs past its end, a sheet lies outside it). */
export class XlsError extends ReadError {
  constructor(detail: string) {
    super("damaged", detail);
  }
}

interface BiffRecord {
  type: number;
  data: Buffer;
  /** Offset of the record header in the stream. */
  offset: number;
}

/** Set when a record runs past the end of the stream (a truncated or damaged workbook). */
interface Damage {
  truncated: boolean;
}

function* records(stream: Buffer, from: number, damage?: Damage): Generator<BiffRecord> {
  let at = from;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    // a record cut short ends the stream: a truncated workbook still gives what comes before
    if (at + 4 + length > stream.length) {
      if (damage) damage.truncated = true;
      return;
    }
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
    // >>> 0: the masked value is a negative int32 when the sign bit is set (negative decimals)
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
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

export interface XlsSheet {
  name: string;
  rows: string[][];
  /** More rows than the row limit: the rest were not read. */
  truncated: boolean;
  /** The character room was used up: the rest of the cells were not read. */
  full?: boolean;
}

export interface XlsWorkbook {
  sheets: XlsSheet[];
  /** The stream ends in the middle of a record: what came before was read. */
  truncated?: boolean;
}

export interface XlsLimits {
  maxRows: number;
  /** Characters of cell text to collect in all: cells past it are not kept (they could not be shown). */
  maxChars: number;
}

const UNBOUNDED: XlsLimits = { maxRows: Number.MAX_SAFE_INTEGER, maxChars: Number.MAX_SAFE_INTEGER };

/**
 * Cells into a sparse grid, then rows in order. BIFF writes cells in row order but does not have
 * to, hence the grid; it stops taking cells once their text passes the character room, so a
 * megabyte string used by thousands of cells costs references, not copies.
 */
class Grid {
  private readonly cells = new Map<number, Map<number, string>>();
  truncated = false;
  full = false;

  constructor(
    private readonly limits: XlsLimits,
    private readonly used: { chars: number },
  ) {}

  put(row: number, col: number, text: string) {
    if (text === "" || this.full) return;
    let cells = this.cells.get(row);
    if (!cells) {
      if (this.cells.size >= this.limits.maxRows) {
        this.truncated = true;
        return;
      }
      cells = new Map();
      this.cells.set(row, cells);
    }
    cells.set(col, text);
    this.used.chars += text.length + 3;
    if (this.used.chars > this.limits.maxChars) this.full = true;
  }

  rows(): string[][] {
    return [...this.cells.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, cells]) => {
        const out: string[] = [];
        for (const [col, text] of cells) out[col] = text;
        return Array.from(out, (c) => cleanText(c ?? "").trim());
      });
  }
}

/** A decoder for a workbook's 8-bit text, from its CODEPAGE record (1252 unless it says otherwise). */
function codePageDecoder(page: number): ((b: Buffer) => string) | undefined {
  // BIFF2-4 write 0x8001 for "Windows ANSI", i.e. 1252
  if (page === 1252 || page === 0x8001 || page === 0x04e4) return undefined;
  if (page >= 1250 && page <= 1258) {
    try {
      const decoder = new TextDecoder(`windows-${page}`);
      return (b) => decoder.decode(b);
    } catch {
      // a code page this Node cannot decode: Windows-1252 is the usual one
    }
  }
  return undefined;
}

/** The workbook stream: inside an OLE2 container for Excel 5 and later, the file itself for Excel 2.1-4.0. */
function workbookStream(buffer: Buffer): Buffer {
  if (!isCompoundFile(buffer)) return buffer;
  const file = readCompoundFile(buffer);
  const stream = file.read("Workbook") ?? file.read("Book");
  if (!stream) throw new XlsError("The file has no workbook stream");
  return stream;
}

export function readXls(buffer: Buffer, limits: XlsLimits = UNBOUNDED): XlsWorkbook {
  const stream = workbookStream(buffer);
  const first = records(stream, 0).next().value;
  if (!first) throw new XlsError("The workbook stream is empty");
  if (first.type === 0x0009 || first.type === 0x0209 || first.type === 0x0409) return readOldBiff(stream, first.type, limits);
  if (first.type !== R.BOF) throw new XlsError("The workbook stream does not start with a BOF record");
  const version = first.data.readUInt16LE(0);
  const biff8 = version === 0x0600;
  if (!biff8 && version !== 0x0500) throw new XlsError(`Unknown BIFF version ${version}`);

  // BIFF5 stores 8-bit text in the workbook's code page (CODEPAGE record), usually 1252
  let decodePage: ((b: Buffer) => string) | undefined;
  const decode = (b: Buffer) => (decodePage ? decodePage(b) : decodeWindows1252(b));
  const sheets: Sheet[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;
  let sst: string[] = [];

  // 1. workbook globals, up to the first EOF
  const damage: Damage = { truncated: false };
  const globals = [
    ...(function* () {
      for (const record of records(stream, 0, damage)) {
        yield record;
        if (record.type === R.EOF) return;
      }
    })(),
  ];
  for (let i = 0; i < globals.length; i++) {
    const { type, data } = globals[i]!;
    if (type === R.FILEPASS) throw new ReadError("encrypted", "The workbook has a FILEPASS record");
    if (type === R.CODEPAGE && !biff8) decodePage = codePageDecoder(data.readUInt16LE(0));
    else if (type === R.DATEMODE) date1904 = data.readUInt16LE(0) === 1;
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
  const used = { chars: 0 };
  for (const sheet of sheets) {
    if (sheet.kind !== 0) continue; // charts, macro sheets, VBA modules
    if (used.chars > limits.maxChars) break;
    if (sheet.offset >= stream.length) throw new XlsError(`Sheet "${sheet.name}" lies outside the workbook`);
    const grid = new Grid(limits, used);
    const put = grid.put.bind(grid);
    let pendingString: { row: number; col: number } | undefined;
    let depth = 0;
    for (const { type, data } of records(stream, sheet.offset, damage)) {
      if (grid.full) break;
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
    result.sheets.push({ name: sheet.name, rows: grid.rows(), truncated: grid.truncated, full: grid.full });
  }
  result.truncated = damage.truncated;
  return result;
}

/** Record numbers of Excel 2.1-4.0 (BIFF2 numbers its records below 0x100; BIFF3-4 add a version byte). */
const OLD = {
  BOF: [0x0009, 0x0209, 0x0409],
  BUNDLESHEET: 0x008f,
  FORMAT: [0x001e, 0x041e],
  XF: [0x0043, 0x0243, 0x0443],
  INTEGER2: 0x0002,
  NUMBER: [0x0003, 0x0203],
  LABEL: [0x0004, 0x0204],
  BOOLERR: [0x0005, 0x0205],
  FORMULA: [0x0006, 0x0206, 0x0406],
  STRING: [0x0007, 0x0207],
  RK: 0x027e,
} as const;

/**
 * Excel 2.1, 3.0 and 4.0 worksheets (and 4.0 workbooks, whose sheets follow one another in the
 * same stream): 8-bit text in the workbook's code page, number formats indexed by their order.
 * BIFF2 cells carry their format in an attribute byte; BIFF3-4 cells point to an XF record.
 */
function readOldBiff(stream: Buffer, bofType: number, limits: XlsLimits): XlsWorkbook {
  const biff2 = bofType === 0x0009;
  let decodePage: ((b: Buffer) => string) | undefined;
  const decode = (b: Buffer) => (decodePage ? decodePage(b) : decodeWindows1252(b));
  const byteString = (data: Buffer, at: number) => decode(data.subarray(at + 1, at + 1 + data[at]!));
  const names: string[] = [];
  let formats: string[] = [];
  let xfFormats: number[] = [];
  let date1904 = false;
  const used = { chars: 0 };
  const result: XlsWorkbook = { sheets: [] };
  const damage: Damage = { truncated: false };
  let grid: Grid | undefined;
  let pendingString: { row: number; col: number } | undefined;

  const formatOf = (index: number) => {
    const format = formats[index];
    return format === "General" ? undefined : format;
  };
  // BIFF2 cells: 3 attribute bytes, the second one's low 6 bits index the FORMAT records
  const cellFormat = (data: Buffer) => (biff2 ? formatOf(data[5]! & 0x3f) : formatOf(xfFormats[data.readUInt16LE(4)] ?? -1));
  const valueAt = biff2 ? 7 : 6;
  const finish = () => {
    if (grid) {
      const name = names[result.sheets.length] ?? `Sheet${result.sheets.length + 1}`;
      result.sheets.push({ name, rows: grid.rows(), truncated: grid.truncated, full: grid.full });
    }
    grid = undefined;
  };

  for (const { type, data } of records(stream, 0, damage)) {
    if ((OLD.BOF as readonly number[]).includes(type)) {
      finish();
      // 0x0010 is a worksheet; workbook globals (0x0100), charts and macro sheets hold no cells to read
      if (data.readUInt16LE(2) === 0x0010 && used.chars <= limits.maxChars) grid = new Grid(limits, used);
      // a sheet of a 4.0 workbook brings its own formats
      formats = [];
      xfFormats = [];
      continue;
    }
    if (type === R.EOF) {
      finish();
      continue;
    }
    if (type === R.FILEPASS) throw new ReadError("encrypted", "The worksheet has a FILEPASS record");
    if (type === R.CODEPAGE) decodePage = codePageDecoder(data.readUInt16LE(0));
    else if (type === R.DATEMODE) date1904 = data.readUInt16LE(0) === 1;
    else if (type === OLD.BUNDLESHEET) names.push(byteString(data, 6));
    else if ((OLD.FORMAT as readonly number[]).includes(type)) formats.push(byteString(data, type === 0x041e ? 2 : 0));
    else if ((OLD.XF as readonly number[]).includes(type)) xfFormats.push(type === 0x0043 ? data[2]! & 0x3f : data[1]!);
    if (!grid || grid.full) continue;
    const row = data.length >= 4 ? data.readUInt16LE(0) : 0;
    const col = data.length >= 4 ? data.readUInt16LE(2) : 0;
    const number = (value: number) => formatNumber(value, cellFormat(data), date1904);
    if (type === OLD.INTEGER2) grid.put(row, col, number(data.readUInt16LE(7)));
    else if ((OLD.NUMBER as readonly number[]).includes(type)) grid.put(row, col, number(data.readDoubleLE(valueAt)));
    else if (type === OLD.RK) grid.put(row, col, number(decodeRk(data.readUInt32LE(6))));
    else if ((OLD.LABEL as readonly number[]).includes(type)) {
      // BIFF2: 3 attribute bytes and an 8-bit length; BIFF3-4: an XF index and a 16-bit length
      const length = biff2 ? data[7]! : data.readUInt16LE(6);
      grid.put(row, col, decode(data.subarray(8, 8 + length)));
    } else if ((OLD.BOOLERR as readonly number[]).includes(type)) {
      const value = data[valueAt]!;
      grid.put(row, col, data[valueAt + 1] ? (ERRORS.get(value) ?? "#ERROR") : value ? "TRUE" : "FALSE");
    } else if ((OLD.FORMULA as readonly number[]).includes(type)) {
      const result = data.subarray(valueAt, valueAt + 8);
      if (result.readUInt16LE(6) !== 0xffff) grid.put(row, col, number(result.readDoubleLE(0)));
      else if (result[0] === 0) pendingString = { row, col };
      else if (result[0] === 1) grid.put(row, col, result[2] ? "TRUE" : "FALSE");
      else if (result[0] === 2) grid.put(row, col, ERRORS.get(result[2]!) ?? "#ERROR");
    } else if ((OLD.STRING as readonly number[]).includes(type) && pendingString) {
      const text = biff2 ? byteString(data, 0) : decode(data.subarray(2, 2 + data.readUInt16LE(0)));
      grid.put(pendingString.row, pendingString.col, text);
      pendingString = undefined;
    }
  }
  finish();
  result.truncated = damage.truncated;
  return result;
}

export function extractXls(buffer: Buffer, context: ParseContext): Extraction {
  const { maxRows, maxPages, maxChars } = context.limits;
  const workbook = readXls(buffer, { maxRows, maxChars: Math.min(maxChars, context.budget.remaining) });
  if (workbook.truncated) {
    if (!workbook.sheets.some((s) => s.rows.length > 0)) throw new XlsError("The workbook stream is cut short before any cell");
    context.warnings.push("The workbook is damaged or incomplete; only the part before the damage was read.");
  }
  const pages: Page[] = [];
  const tables: Table[] = [];
  const sheets = workbook.sheets;
  if (sheets.length > maxPages) context.warnings.push(pageLimitWarning(maxPages, sheets.length, "sheets"));
  for (const [index, read] of sheets.slice(0, maxPages).entries()) {
    if (context.budget.exhausted) break;
    const sheet = new SheetText(read.name, context.budget.remaining, Number.MAX_SAFE_INTEGER);
    for (const row of read.rows) if (!sheet.add(row)) break;
    if (read.truncated) context.warnings.push(`Only the first ${maxRows.toLocaleString("en-US")} rows of sheet "${read.name}" were read.`);
    pages.push({ page: index + 1, text: context.budget.take(sheet.text) });
    if (sheet.full || read.full) context.budget.truncated();
    tables.push({ page: index + 1, name: read.name, rows: sheet.rows });
  }
  return { kind: "xls", pages, tables, warnings: context.warnings };
}
