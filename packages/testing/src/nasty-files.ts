import { crc32, deflateSync } from "node:zlib";
import { listZip, readZipEntry } from "@quorum/core/extract/zip";
import { f64, u16, u32 } from "./bytes";
import { writeCompoundFile } from "./cfb-writer";
import { biffRecord } from "./legacy-writers";
import { writeZip } from "./zip-writer";

/**
 * Small hostile or odd files for the robustness tests, built in code: the shapes real files take
 * when they break readers (a password-protected Office package, an Excel 2.1 worksheet, a sheet
 * of 50,000 merged ranges, a megabyte string shared by thousands of cells, Word XML far larger
 * than its text), each reduced to the few structures that matter.
 */

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A password-protected .docx or .xlsx as Office writes it: not a zip but an OLE2 file holding an
 * EncryptionInfo stream and the encrypted zip as EncryptedPackage (contents here are filler).
 */
export function encryptedOfficePackage(): Buffer {
  const info = Buffer.concat([u16(4), u16(4), u32(0x40), Buffer.from("<encryption/>")]);
  const pkg = Buffer.concat([Buffer.from([0x00, 0x10, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4096, 0x5a)]);
  return writeCompoundFile({ EncryptionInfo: info, EncryptedPackage: pkg });
}

export type OldCell = string | number;

/**
 * An Excel 2.1 worksheet (BIFF2): a bare record stream, not an OLE2 file. Numbers use the
 * FORMAT records by position (the second attribute byte of a cell); text is 8-bit Windows-1252.
 */
export function biff2Worksheet(rows: OldCell[][], options: { formats?: string[]; formatOf?: (row: number, col: number) => number } = {}) {
  const formats = options.formats ?? ["General"];
  const byte = (text: string) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, "latin1")]);
  const records: Buffer[] = [
    biffRecord(0x0009, Buffer.concat([u16(0x0002), u16(0x0010)])),
    biffRecord(0x0042, u16(0x8001)),
    ...formats.map((f) => biffRecord(0x001e, byte(f))),
  ];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const attributes = Buffer.from([0, (options.formatOf?.(r, c) ?? 0) & 0x3f, 0]);
      const at = Buffer.concat([u16(r), u16(c), attributes]);
      if (typeof cell === "string") records.push(biffRecord(0x0004, Buffer.concat([at, byte(cell)])));
      else if (Number.isInteger(cell) && cell >= 0 && cell < 0x10000) records.push(biffRecord(0x0002, Buffer.concat([at, u16(cell)])));
      else records.push(biffRecord(0x0003, Buffer.concat([at, f64(cell)])));
    }),
  );
  records.push(biffRecord(0x000a, Buffer.alloc(0)));
  return Buffer.concat(records);
}

/**
 * An Excel 4.0 worksheet (BIFF4): labels, RK numbers and a formula with its cached text result,
 * number formats through XF records.
 */
export function biff4Worksheet(rows: OldCell[][]): Buffer {
  const records: Buffer[] = [
    biffRecord(0x0409, Buffer.concat([u16(0), u16(0x0010), u16(0)])),
    biffRecord(0x0042, u16(1252)),
    biffRecord(0x041e, Buffer.concat([u16(0), Buffer.from([7]), Buffer.from("General")])),
    biffRecord(0x0443, Buffer.concat([Buffer.from([0, 0]), Buffer.alloc(10)])),
  ];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const at = Buffer.concat([u16(r), u16(c), u16(0)]);
      if (typeof cell === "string") records.push(biffRecord(0x0204, Buffer.concat([at, u16(cell.length), Buffer.from(cell, "latin1")])));
      else records.push(biffRecord(0x027e, Buffer.concat([at, u32(rkFloat(cell))])));
    }),
  );
  // a formula whose cached result is text: FORMULA with 0xFFFF in its result, then STRING
  const formulaRow = rows.length;
  records.push(
    biffRecord(0x0406, Buffer.concat([u16(formulaRow), u16(0), u16(0), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), u16(0), u16(0)])),
  );
  records.push(biffRecord(0x0207, Buffer.concat([u16(7), Buffer.from("Formula")])));
  records.push(biffRecord(0x000a, Buffer.alloc(0)));
  return Buffer.concat(records);
}

/**
 * An RK value in its floating-point form: the 30 high bits of the double, for numbers whose
 * low 34 bits are zero (-1.5, 1234.5...). The sign bit of a negative number is bit 31.
 */
export function rkFloat(value: number): number {
  const bytes = f64(value);
  if (bytes.readUInt32LE(0) !== 0 || (bytes.readUInt32LE(4) & 3) !== 0) throw new Error(`${value} has no exact RK form`);
  return bytes.readUInt32LE(4);
}

/** A BIFF8 workbook with one sheet whose first row holds the given numbers as floating-point RK records. */
export function xlsWithRkFloats(values: number[]): Buffer {
  const bof = (dt: number) => biffRecord(0x0809, Buffer.concat([u16(0x0600), u16(dt), Buffer.alloc(12)]));
  const eof = biffRecord(0x000a, Buffer.alloc(0));
  const name = Buffer.from([1, 0, 0x53]);
  const boundSheet = (offset: number) => biffRecord(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0]), name]));
  const head = bof(0x0005);
  const offset = head.length + boundSheet(0).length + eof.length;
  const cells = values.map((v, c) => biffRecord(0x027e, Buffer.concat([u16(0), u16(c), u16(0), u32(rkFloat(v))])));
  return writeCompoundFile({ Workbook: Buffer.concat([head, boundSheet(offset), eof, bof(0x0010), ...cells, eof]) });
}

/** The parts every .xlsx needs, around the given sheet XML, shared strings and extra parts. */
export function xlsxPackage(sheetXml: string, options: { sharedStrings?: string[]; workbookPath?: string } = {}): Buffer {
  const base = options.workbookPath ?? "xl";
  const strings = options.sharedStrings ?? [];
  return writeZip([
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${base}/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${base}/workbook.xml"/></Relationships>`,
    },
    {
      name: `${base}/workbook.xml`,
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Quote" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: `${base}/_rels/workbook.xml.rels`,
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: `${base}/sharedStrings.xml`,
      data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join("")}</sst>`,
    },
    { name: `${base}/worksheets/sheet1.xml`, data: sheetXml },
  ]);
}

const sheet = (rows: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData>${extra}</worksheet>`;

/** A column letter for a 0-based index (0 -> A, 26 -> AA). */
const column = (index: number): string => (index < 26 ? "" : column(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));

/** A quote sheet followed by `merges` merged ranges (two cells each, down an empty column). */
export function xlsxWithManyMerges(merges: number): Buffer {
  const rows =
    `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
    `<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>125.5</v></c></row>`;
  const cells = Array.from({ length: merges }, (_, i) => `<mergeCell ref="D${2 * i + 3}:E${2 * i + 3}"/>`).join("");
  return xlsxPackage(sheet(rows, `<mergeCells count="${merges}">${cells}</mergeCells>`), { sharedStrings: ["Item", "Amount", "Pump"] });
}

/** One shared string of `length` characters used by `cells` cells (rows of 10). */
export function xlsxWithSharedStringEverywhere(length: number, cells: number): Buffer {
  const rows: string[] = [];
  for (let r = 0; r * 10 < cells; r++) {
    const count = Math.min(10, cells - r * 10);
    rows.push(
      `<row r="${r + 1}">${Array.from({ length: count }, (_, c) => `<c r="${column(c)}${r + 1}" t="s"><v>0</v></c>`).join("")}</row>`,
    );
  }
  return xlsxPackage(sheet(rows.join("")), { sharedStrings: ["x".repeat(length)] });
}

/** A worksheet from rows of raw cell XML (`<c>` elements without their row), for odd cell types. */
export function xlsxFromCells(rows: string[][], sharedStrings: string[] = [], options: { workbookPath?: string } = {}) {
  return xlsxPackage(sheet(rows.map((cells, r) => `<row r="${r + 1}">${cells.join("")}</row>`).join("")), { sharedStrings, ...options });
}

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml"`;

/** A paragraph of runs; "\t" in the text becomes a tab element, as Word writes one. */
export const wParagraph = (text: string) =>
  `<w:p><w:pPr><w:tabs><w:tab w:val="right" w:pos="9000"/></w:tabs></w:pPr>${text
    .split("\t")
    .map((part) => `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${xml(part)}</w:t></w:r>`)
    .join("<w:r><w:tab/></w:r>")}</w:p>`;

export interface WordCell {
  text: string;
  span?: number;
  /** "restart" opens a vertically merged cell, "continue" is a cell under it. */
  merge?: "restart" | "continue";
}

/** A table; a cell is its text or a WordCell with a column span or a vertical merge. */
export const wTable = (rows: (string | WordCell)[][]) =>
  `<w:tbl><w:tblPr/><w:tblGrid/>${rows
    .map(
      (row) =>
        `<w:tr>${row
          .map((cell) => {
            const c = typeof cell === "string" ? { text: cell } : cell;
            const props = `${c.span ? `<w:gridSpan w:val="${c.span}"/>` : ""}${c.merge ? `<w:vMerge${c.merge === "restart" ? ' w:val="restart"' : ""}/>` : ""}`;
            return `<w:tc><w:tcPr>${props}</w:tcPr>${c.text.split("\n").map(wParagraph).join("")}</w:tc>`;
          })
          .join("")}</w:tr>`,
    )
    .join("")}</w:tbl>`;

/**
 * A paragraph anchoring a text box, as Word 2010+ writes it: the box's paragraphs in mc:Choice
 * (DrawingML) and again in mc:Fallback (VML) for older readers.
 */
export const wTextBox = (lines: string[]) => {
  const content = `<w:txbxContent>${lines.map(wParagraph).join("")}</w:txbxContent>`;
  return `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:wsp><wps:txbx>${content}</wps:txbx></wps:wsp></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>${content}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
};

/** A .docx from body XML (paragraphs, tables, text boxes), with optional header and footer paragraphs. */
export function wordDocument(body: string, options: { header?: string[]; footer?: string[] } = {}): Buffer {
  const part = (tag: "hdr" | "ftr", lines: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><w:${tag} ${W}>${lines.map(wParagraph).join("")}</w:${tag}>`;
  const rels: string[] = [];
  const files: { name: string; data: string }[] = [];
  const refs: string[] = [];
  if (options.header) {
    rels.push(
      `<Relationship Id="rId10" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>`,
    );
    files.push({ name: "word/header1.xml", data: part("hdr", options.header) });
    refs.push(`<w:headerReference w:type="default" r:id="rId10"/>`);
  }
  if (options.footer) {
    rels.push(
      `<Relationship Id="rId11" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/>`,
    );
    files.push({ name: "word/footer1.xml", data: part("ftr", options.footer) });
    refs.push(`<w:footerReference w:type="default" r:id="rId11"/>`);
  }
  return writeZip([
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: "word/_rels/document.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`,
    },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}<w:sectPr>${refs.join("")}</w:sectPr></w:body></w:document>`,
    },
    ...files,
  ]);
}

/**
 * A .docx whose document.xml is about `megabytes` MB for a little text: every character its own
 * run with heavy run properties, as some converters write. mammoth needed ~60 times the XML.
 */
export function wordDocumentWithHugeXml(megabytes: number): { docx: Buffer; paragraphs: number } {
  const props = `<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:cs="Arial"/><w:color w:val="000000"/><w:sz w:val="20"/><w:szCs w:val="20"/><w:lang w:val="en-GB"/></w:rPr>`;
  const paragraph = (n: number) =>
    `<w:p>${[...`Line item ${n}`].map((ch) => `<w:r>${props}<w:t xml:space="preserve">${ch}</w:t></w:r>`).join("")}</w:p>`;
  const size = paragraph(1).length;
  const paragraphs = Math.ceil((megabytes * 1024 * 1024) / size);
  return { docx: wordDocument(Array.from({ length: paragraphs }, (_, i) => paragraph(i + 1)).join("")), paragraphs };
}

/**
 * A Word 6.0 / Word 95 document: the FIB of that version (wIdent 0xA5DC) in an OLE2 file, its
 * text 8-bit, either in one run after the header or, when `pieces` is set, in two pieces stored
 * out of order and listed by a piece table (what a "fast save" leaves).
 */
export function word6Document(
  text: string,
  options: { pieces?: boolean; encrypted?: boolean; lid?: number; codePage?: string } = {},
): Buffer {
  const raw = text.replace(/\n/g, "\r") + "\r";
  const body = options.codePage ? encodeSingleByte(raw, options.codePage) : Buffer.from(raw, "latin1");
  const fib = Buffer.alloc(0x300);
  fib.writeUInt16LE(0xa5dc, 0);
  fib.writeUInt16LE(101, 2); // nFib: Word 6.0
  fib.writeUInt16LE(options.lid ?? 0x0409, 6);
  fib.writeUInt16LE((options.pieces ? 0x0004 : 0) | (options.encrypted ? 0x0100 : 0), 0x0a);
  fib.writeUInt32LE(0x300, 0x18); // fcMin
  fib.writeUInt32LE(0x300 + body.length, 0x1c); // fcMac
  fib.writeUInt32LE(body.length, 0x34); // ccpText
  if (!options.pieces) return writeCompoundFile({ WordDocument: Buffer.concat([fib, body]) });
  // the second half first in the stream, then the first half, then the piece table
  const half = Math.floor(body.length / 2);
  const first = body.subarray(0, half);
  const second = body.subarray(half);
  const secondAt = 0x300;
  const firstAt = secondAt + second.length;
  const plc = Buffer.concat([u32(0), u32(half), u32(body.length), u16(0), u32(firstAt), u16(0), u16(0), u32(secondAt), u16(0)]);
  const clx = Buffer.concat([Buffer.from([0x01]), u16(2), Buffer.from([0, 0]), Buffer.from([0x02]), u32(plc.length), plc]);
  const clxAt = firstAt + first.length;
  fib.writeUInt32LE(clxAt, 0x160);
  fib.writeUInt32LE(clx.length, 0x164);
  return writeCompoundFile({ WordDocument: Buffer.concat([fib, second, first, clx]) });
}

/** Text in a Windows single-byte code page (1251 for Cyrillic), for the Word 6 and text-file tests. */
export function encodeSingleByte(text: string, codePage: string): Buffer {
  const decoder = new TextDecoder(codePage);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

// --- bombs: files that cost a trusting reader far more than their size -------------------------

const MB = 1024 * 1024;

/**
 * Zip bombs in Office clothing: a .docx whose document.xml, or an .xlsx whose sheet XML, is
 * `megabytes` MB of one repeated paragraph or row. Such XML deflates about 500 to 1, so a file
 * of a few hundred KB asks a reader that trusts it to inflate it whole.
 */
export function wordZipBomb(megabytes: number): Buffer {
  const paragraph = wParagraph("0");
  return wordDocument(paragraph.repeat(Math.ceil((megabytes * MB) / paragraph.length)));
}

export function excelZipBomb(megabytes: number): Buffer {
  const row = `<row><c t="s"><v>0</v></c></row>`;
  return xlsxPackage(sheet(row.repeat(Math.ceil((megabytes * MB) / row.length))), { sharedStrings: ["0"] });
}

/** A .docx of `parts` tiny parts besides the document: a directory to exhaust, not bytes. */
export function wordWithManyParts(parts: number): Buffer {
  const docx = wordDocument(wParagraph("Quote"));
  const extra = Array.from({ length: parts }, (_, i) => ({ name: `customXml/item${i}.xml`, data: "<a/>" }));
  return writeZip([...partsOf(docx), ...extra]);
}

/** The parts of an archive from writeZip, as writeZip takes them (to rebuild it with more). */
function partsOf(zip: Buffer): { name: string; data: Buffer }[] {
  return listZip(zip).map((entry) => ({ name: entry.name, data: readZipEntry(zip, entry) }));
}

const CFB_SECTOR = 512;
const END_OF_CHAIN = 0xfffffffe;

/** The offset of a stream's directory entry in a file from writeCompoundFile (its directory is contiguous). */
function cfbEntry(file: Buffer, name: string): number {
  for (let at = (file.readUInt32LE(0x30) + 1) * CFB_SECTOR; at + 128 <= file.length; at += 128) {
    const length = file.readUInt16LE(at + 0x40);
    if (length === 0) break;
    if (file.toString("utf16le", at, at + length - 2) === name) return at;
  }
  throw new Error(`The compound file has no stream ${name}`);
}

/** Where a stream of a file from writeCompoundFile lies: its first and last sector (streams are contiguous there). */
export function cfbStream(file: Buffer, name: string): { first: number; last: number } {
  const at = cfbEntry(file, name);
  const first = file.readUInt32LE(at + 0x74);
  return { first, last: first + Math.ceil(file.readUInt32LE(at + 0x78) / CFB_SECTOR) - 1 };
}

/** A copy whose stream `alias` points at the sectors (and size) of stream `target`: one chain read twice. */
export function cfbAliased(file: Buffer, alias: string, target: string): Buffer {
  const copy = Buffer.from(file);
  const from = cfbEntry(copy, target);
  copy.copy(copy, cfbEntry(copy, alias) + 0x74, from + 0x74, from + 0x7c);
  return copy;
}

/**
 * A copy of a file from writeCompoundFile (its FAT is sector 0) whose sector `from` links on to
 * `to`: back to the start of its own stream for a chain that loops, or on into the next stream
 * for a chain longer than its stream that runs through another one's sectors.
 */
export function cfbRelinked(file: Buffer, from: number, to: number): Buffer {
  const copy = Buffer.from(file);
  copy.writeUInt32LE(to, CFB_SECTOR + from * 4);
  return copy;
}

/**
 * A copy of a file from writeCompoundFile whose header says its FAT has `count` sectors and lists
 * its one real FAT sector for every one of them (the first 109 in the header, the rest in DIFAT
 * sectors appended to the file). A reader that believes it builds a FAT of 512 bytes per entry
 * listed: ~65 KB for every 512-byte DIFAT sector, 128 times the file.
 */
export function cfbWithRepeatedFatSector(file: Buffer, count: number): Buffer {
  const copy = Buffer.from(file);
  const fatSector = copy.readUInt32LE(0x4c);
  const difatSectors = Math.max(0, Math.ceil((count - 109) / 127));
  const firstDifat = copy.length / CFB_SECTOR - 1;
  copy.writeUInt32LE(count, 0x2c);
  copy.writeUInt32LE(difatSectors ? firstDifat : END_OF_CHAIN, 0x44);
  copy.writeUInt32LE(difatSectors, 0x48);
  for (let i = 0; i < Math.min(109, count); i++) copy.writeUInt32LE(fatSector, 0x4c + i * 4);
  const difat = Buffer.alloc(difatSectors * CFB_SECTOR);
  for (let d = 0; d < difatSectors; d++) {
    for (let i = 0; i < 127; i++) difat.writeUInt32LE(fatSector, d * CFB_SECTOR + i * 4);
    difat.writeUInt32LE(d + 1 < difatSectors ? firstDifat + d + 1 : END_OF_CHAIN, d * CFB_SECTOR + 508);
  }
  return Buffer.concat([copy, difat]);
}

/**
 * A one-page PDF whose page is a single grey image declaring `width` x `height` pixels over a
 * deflated stream of a few zero rows: a decoder that trusts the dictionary allocates the lot.
 */
export function pdfWithHugeImage(width: number, height: number): Buffer {
  const pixels = deflateSync(Buffer.alloc(width * 4));
  const content = "q 612 0 0 792 0 0 cm /Im0 Do Q";
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from("\nendstream"),
    ]),
  ];
  const parts = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]);
    offsets.push(at);
    parts.push(object);
    at += object.length;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  const trailer = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(trailer)]);
}

/** A PNG declaring `width` x `height` pixels in its IHDR, with one tiny IDAT: a decompression bomb's header. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG of markers only: a frame header (SOF0) declaring `width` x `height`, or none at all. */
export function jpegDeclaring(size: { width: number; height: number } | null): Buffer {
  const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00]);
  const frame = size
    ? Buffer.from([
        0xff,
        0xc0,
        0x00,
        0x0b,
        0x08,
        size.height >> 8,
        size.height & 0xff,
        size.width >> 8,
        size.width & 0xff,
        0x01,
        0x01,
        0x11,
        0x00,
      ])
    : Buffer.alloc(0);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, frame, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}
