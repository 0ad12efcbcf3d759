import { writeCompoundFile } from "./cfb-writer";
import { f64, u16, u32 } from "./bytes";

/**
 * Writers for legacy Office fixtures (.doc, .xls), since no installed package writes them.
 * They produce the structures the readers depend on, laid out as the format specifications
 * ([MS-DOC], [MS-XLS]) describe, without the styling records a full Office file carries.
 */

export type DocBlock = { paragraph: string } | { table: string[][] };

type ParagraphKind = "body" | "cell" | "row";

/**
 * Paragraph properties as [MS-DOC] PapxInFkp entries: cb, then the style index (istd) and
 * sprms. Table cells carry sprmPFInTable (0x2416); the mark that ends a row also carries
 * sprmPFTtp (0x2417), which is how readers (word-extractor included) know where a row ends.
 */
const PAPX: Record<ParagraphKind, Buffer> = {
  body: Buffer.from([2, 0, 0, 0]), // cb=2: 3 bytes = istd 0 + one pad byte
  cell: Buffer.from([3, 0, 0, 0x16, 0x24, 1]), // cb=3: istd + sprmPFInTable(1)
  row: Buffer.from([5, 0, 0, 0x16, 0x24, 1, 0x17, 0x24, 1, 0]), // cb=5: + sprmPFTtp(1) + pad
};

/**
 * A Word 97 document: the FIB at the start of the WordDocument stream, the text stored once as
 * 8-bit characters, paragraph properties in 512-byte FKP pages after it, and in the 1Table
 * stream the piece table (Clx) and the index of the FKP pages (PlcBtePapx). Paragraphs end in
 * \r; every table cell ends in a cell mark (\x07) and every row in one more.
 */
export function writeDoc(blocks: DocBlock[]): Buffer {
  let text = "";
  // runs of consecutive characters sharing paragraph properties: [end offset, kind]
  const runs: [number, ParagraphKind][] = [];
  const mark = (kind: ParagraphKind) => {
    const last = runs[runs.length - 1];
    if (last && last[1] === kind && kind !== "row") last[0] = text.length;
    else runs.push([text.length, kind]);
  };
  for (const block of blocks) {
    if ("paragraph" in block) {
      text += `${block.paragraph}\r`;
      mark("body");
    } else {
      for (const row of block.table) {
        text += row.map((cell) => `${cell}\x07`).join("");
        mark("cell");
        text += "\x07";
        mark("row");
      }
    }
  }
  text += "\r";
  mark("body");

  const TEXT_AT = 0x800;
  const body = Buffer.from(text, "latin1");
  const fkpStart = Math.ceil((TEXT_AT + body.length) / 512) * 512;
  // each FKP page holds up to 20 runs: 4-byte offsets, 13-byte BX entries, PAPX at the end
  const PER_PAGE = 20;
  const pages: Buffer[] = [];
  const firstFc: number[] = [];
  for (let i = 0; i < runs.length; i += PER_PAGE) {
    const chunk = runs.slice(i, i + PER_PAGE);
    const page = Buffer.alloc(512);
    const crun = chunk.length;
    const startOf = (j: number) => TEXT_AT + (i + j === 0 ? 0 : runs[i + j - 1]![0]);
    for (let j = 0; j < crun; j++) page.writeUInt32LE(startOf(j), j * 4);
    page.writeUInt32LE(TEXT_AT + chunk[crun - 1]![0], crun * 4);
    // the three PAPX kinds, word-aligned, from the end of the page backwards
    const at: Partial<Record<ParagraphKind, number>> = {};
    let free = 511;
    for (const kind of ["body", "cell", "row"] as const) {
      free = (free - PAPX[kind].length) & ~1;
      PAPX[kind].copy(page, free);
      at[kind] = free;
    }
    chunk.forEach(([, kind], j) => (page[(crun + 1) * 4 + j * 13] = at[kind]! / 2));
    page[511] = crun;
    firstFc.push(startOf(0));
    pages.push(page);
  }

  const word = Buffer.alloc(fkpStart + pages.length * 512);
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0409, 0x06); // lid: English (US)
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt32LE(TEXT_AT + body.length, 0x1c); // fcMac
  word.writeUInt16LE(14, 0x20); // csw
  word.writeUInt16LE(22, 0x3e); // cslw
  word.writeUInt32LE(body.length, 0x4c); // ccpText
  word.writeUInt16LE(93, 0x98); // cbRgFcLcb (Word 97)
  body.copy(word, TEXT_AT);
  pages.forEach((page, i) => page.copy(word, fkpStart + i * 512));

  // Clx = Pcdt: 0x02, lcb, PlcPcd { CP[2], PCD[1] }; fc with 0x40000000 means 8-bit text at fc/2
  const plcPcd = Buffer.alloc(8 + 8);
  plcPcd.writeUInt32LE(0, 0);
  plcPcd.writeUInt32LE(body.length, 4);
  plcPcd.writeUInt16LE(0, 8);
  plcPcd.writeUInt32LE(((TEXT_AT * 2) | 0x40000000) >>> 0, 10);
  plcPcd.writeUInt16LE(0, 14);
  const clx = Buffer.concat([Buffer.from([0x02]), Buffer.alloc(4), plcPcd]);
  clx.writeUInt32LE(plcPcd.length, 1);
  // PlcBtePapx: the first fc of each FKP page (plus the end), then each page's number
  const plcBte = Buffer.alloc((pages.length + 1) * 4 + pages.length * 4);
  firstFc.forEach((fc, i) => plcBte.writeUInt32LE(fc, i * 4));
  plcBte.writeUInt32LE(TEXT_AT + body.length, pages.length * 4);
  pages.forEach((_, i) => plcBte.writeUInt32LE(fkpStart / 512 + i, (pages.length + 1) * 4 + i * 4));
  const table = Buffer.concat([clx, plcBte]);
  word.writeUInt32LE(clx.length, 0x102); // fcPlcfBtePapx
  word.writeUInt32LE(plcBte.length, 0x106); // lcbPlcfBtePapx
  word.writeUInt32LE(0, 0x1a2); // fcClx: at the start of the table stream
  word.writeUInt32LE(clx.length, 0x1a6); // lcbClx
  return writeCompoundFile({ WordDocument: word, "1Table": table });
}

export type XlsCell =
  string | number | null | { value: number; format?: "currency" | "percent" | "date"; sumAbove?: { firstRow: number; lastRow: number } };

export interface XlsSheetSpec {
  name: string;
  rows: XlsCell[][];
}

/** One BIFF record: type, length, data. */
export function biffRecord(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const wide = (text: string) => [...text].some((c) => c.charCodeAt(0) > 0xff);
/** XLUnicodeString: 16-bit count, option byte, then 8-bit or UTF-16 characters. */
const unicodeString = (text: string, countBytes: 1 | 2 = 2) =>
  Buffer.concat([
    countBytes === 1 ? Buffer.from([text.length]) : u16(text.length),
    Buffer.from([wide(text) ? 1 : 0]),
    Buffer.from(text, wide(text) ? "utf16le" : "latin1"),
  ]);

/** RK: a 30-bit integer, or a number that is one after multiplying by 100; else undefined. */
function encodeRk(value: number): number | undefined {
  const fits = (n: number) => Number.isInteger(n) && n >= -(2 ** 29) && n < 2 ** 29;
  if (fits(value)) return ((value << 2) | 2) >>> 0;
  const hundred = Math.round(value * 100);
  if (fits(hundred) && Math.abs(hundred / 100 - value) < 1e-9) return ((hundred << 2) | 3) >>> 0;
  return undefined;
}

/** The shared string table, split into SST + CONTINUE records at the 8,224-byte limit. */
function sstRecords(strings: string[], total: number): Buffer[] {
  const LIMIT = 8224;
  const out: Buffer[] = [];
  let type = 0x00fc;
  let chunk: Buffer[] = [u32(total), u32(strings.length)];
  let size = 8;
  const flush = () => {
    out.push(biffRecord(type, Buffer.concat(chunk)));
    type = 0x003c;
    chunk = [];
    size = 0;
  };
  for (const text of strings) {
    const isWide = wide(text);
    const charSize = isWide ? 2 : 1;
    // the 3-byte header and at least one character must share a record
    if (size + 3 + charSize > LIMIT) flush();
    chunk.push(u16(text.length), Buffer.from([isWide ? 1 : 0]));
    size += 3;
    let rest = text;
    while (rest.length > 0) {
      const fit = Math.floor((LIMIT - size) / charSize);
      const piece = rest.slice(0, fit);
      chunk.push(Buffer.from(piece, isWide ? "utf16le" : "latin1"));
      size += piece.length * charSize;
      rest = rest.slice(piece.length);
      if (rest.length > 0) {
        // the continuation repeats the option byte
        flush();
        chunk.push(Buffer.from([isWide ? 1 : 0]));
        size = 1;
      }
    }
  }
  flush();
  return out;
}

/** A BIFF8 (Excel 97-2003) workbook: strings through the SST, numbers, and cached SUM formulas. */
export function writeXls(sheets: XlsSheetSpec[]): Buffer {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  let stringUses = 0;
  const sst = (text: string) => {
    stringUses++;
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };
  const XF = { general: 16, currency: 17, date: 18, percent: 19 } as const;

  const sheetStreams = sheets.map((sheet) => {
    const cells: Buffer[] = [];
    sheet.rows.forEach((row, r) => {
      // numbers Excel can store as RK; runs of two or more become one MULRK, as Excel writes them
      let pending: { col: number; xf: number; rk: number }[] = [];
      const flushRk = () => {
        if (pending.length === 1) {
          const { col, xf, rk } = pending[0]!;
          cells.push(biffRecord(0x027e, Buffer.concat([u16(r), u16(col), u16(xf), u32(rk)])));
        } else if (pending.length > 1) {
          const parts = pending.flatMap(({ xf, rk }) => [u16(xf), u32(rk)]);
          cells.push(biffRecord(0x00bd, Buffer.concat([u16(r), u16(pending[0]!.col), ...parts, u16(pending[pending.length - 1]!.col)])));
        }
        pending = [];
      };
      row.forEach((cell, c) => {
        const value =
          typeof cell === "number" ? cell : cell !== null && typeof cell === "object" && !cell.sumAbove ? cell.value : undefined;
        const rk = value === undefined ? undefined : encodeRk(value);
        if (rk !== undefined && (pending.length === 0 || pending[pending.length - 1]!.col === c - 1)) {
          pending.push({ col: c, xf: typeof cell === "object" && cell?.format ? XF[cell.format] : XF.general, rk });
          return;
        }
        flushRk();
        if (rk !== undefined) {
          pending.push({ col: c, xf: typeof cell === "object" && cell?.format ? XF[cell.format] : XF.general, rk });
          return;
        }
        if (cell === null || cell === "") return;
        if (typeof cell === "string") cells.push(biffRecord(0x00fd, Buffer.concat([u16(r), u16(c), u16(XF.general), u32(sst(cell))])));
        else if (typeof cell === "number") cells.push(biffRecord(0x0203, Buffer.concat([u16(r), u16(c), u16(XF.general), f64(cell)])));
        else {
          const xf = cell.format ? XF[cell.format] : XF.general;
          if (cell.sumAbove) {
            // =SUM(area): tArea (0x25) with relative row/column flags, then tAttrSum
            const area = Buffer.concat([
              Buffer.from([0x25]),
              u16(cell.sumAbove.firstRow),
              u16(cell.sumAbove.lastRow),
              u16(c | 0xc000),
              u16(c | 0xc000),
            ]);
            const rgce = Buffer.concat([area, Buffer.from([0x19, 0x10, 0x00, 0x00])]);
            cells.push(
              biffRecord(0x0006, Buffer.concat([u16(r), u16(c), u16(xf), f64(cell.value), u16(0), u32(0), u16(rgce.length), rgce])),
            );
          } else cells.push(biffRecord(0x0203, Buffer.concat([u16(r), u16(c), u16(xf), f64(cell.value)])));
        }
      });
      flushRk();
    });
    return Buffer.concat([
      biffRecord(0x0809, Buffer.concat([u16(0x0600), u16(0x0010), u16(0x0dbb), u16(0x07cc), u32(0), u32(0x06)])),
      ...cells,
      biffRecord(0x000a, Buffer.alloc(0)),
    ]);
  });

  const xf = (ifmt: number, style: boolean) => {
    const data = Buffer.alloc(20);
    data.writeUInt16LE(0, 0); // font 0
    data.writeUInt16LE(ifmt, 2);
    data.writeUInt16LE(style ? 0xfff5 : 0x0001, 4); // style XF / cell XF with parent 0
    return biffRecord(0x00e0, data);
  };
  const font = biffRecord(
    0x0031,
    Buffer.concat([u16(200), u16(0), u16(0x7fff), u16(400), u16(0), Buffer.from([0, 0, 0, 0]), unicodeString("Arial", 1)]),
  );
  const globalsHead = Buffer.concat([
    biffRecord(0x0809, Buffer.concat([u16(0x0600), u16(0x0005), u16(0x0dbb), u16(0x07cc), u32(0), u32(0x06)])),
    biffRecord(0x0042, u16(1200)), // CODEPAGE: UTF-16
    biffRecord(0x0022, u16(0)), // DATEMODE: 1900
    font,
    biffRecord(0x041e, Buffer.concat([u16(164), unicodeString('"$"#,##0.00')])),
    ...Array.from({ length: 16 }, () => xf(0, true)),
    xf(0, false),
    xf(164, false),
    xf(14, false),
    xf(10, false),
  ]);
  const boundSheet = (offset: number, name: string) =>
    biffRecord(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0]), unicodeString(name, 1)]));
  const tail = Buffer.concat([...sstRecords(strings, stringUses), biffRecord(0x000a, Buffer.alloc(0))]);
  // BOUNDSHEET records point at their sheet's BOF, so lay the globals out first
  const boundSize = sheets.reduce((n, s) => n + boundSheet(0, s.name).length, 0);
  let offset = globalsHead.length + boundSize + tail.length;
  const bounds = sheets.map((sheet, i) => {
    const b = boundSheet(offset, sheet.name);
    offset += sheetStreams[i]!.length;
    return b;
  });
  const workbook = Buffer.concat([globalsHead, ...bounds, tail, ...sheetStreams]);
  return writeCompoundFile({ Workbook: workbook });
}
