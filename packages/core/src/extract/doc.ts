import WordExtractor from "word-extractor";
import { readCompoundFile } from "./cfb";
import { ReadError } from "./failure";
import { linesToPages, tabsToCells } from "./lines";
import type { ParseContext } from "./limits";
import { cleanText, decodeCodePage, keepPages, looksMisdecoded, tidy } from "./text";
import type { Extraction } from "./types";

/**
 * Legacy Word (.doc). Word 97-2003 files go to word-extractor; Word 6.0 and Word 95 files, which
 * word-extractor misreads (their File Information Block has another layout), are read here: their
 * text is 8-bit, in the code page of the document's language, stored either in one run or, after
 * a "fast save", in pieces listed by a piece table.
 */

/** wIdent of a Word 6/95 FIB (Word 97 and later write 0xA5EC). */
const WORD6_IDENT = 0xa5dc;
const FLAG_COMPLEX = 0x0004;
const FLAG_ENCRYPTED = 0x0100;
/** fObfuscated: XOR obfuscation with a password, which Word also calls protection. */
const FLAG_OBFUSCATED = 0x8000;

/**
 * In a legacy Word body, table cells end in a cell mark that word-extractor turns into a tab,
 * and quotes often align columns with tab stops; either way a run of tabs separates columns.
 */
const tabsToColumns = (text: string) => text.split("\n").map(tabsToCells).join("\n");

/** Windows code page of a Word 6/95 document's text, from its language id. */
function codePageOf(lid: number): number {
  const primary = lid & 0x3ff;
  if (primary === 0x08) return 1253; // Greek
  if (primary === 0x1f) return 1254; // Turkish
  if (primary === 0x0d) return 1255; // Hebrew
  if (primary === 0x01) return 1256; // Arabic
  if ([0x25, 0x26, 0x27].includes(primary)) return 1257; // Estonian, Latvian, Lithuanian
  if ([0x19, 0x22, 0x23, 0x02, 0x2f].includes(primary) || lid === 0x0c1a) return 1251; // Cyrillic
  if ([0x05, 0x0e, 0x15, 0x18, 0x1b, 0x24, 0x1c].includes(primary) || lid === 0x041a) return 1250; // Central European
  return 1252;
}

/** Windows code pages of the single-byte font character sets (LOGFONT lfCharSet). */
const CHARSET_PAGES: Record<number, number> = { 238: 1250, 204: 1251, 161: 1253, 162: 1254, 177: 1255, 178: 1256, 186: 1257 };

/**
 * The code page a font of the document's font table names, if any is not Western. A document
 * whose language is English can still be typed in "Times New Roman Cyr": its text is then 1251.
 */
function fontCodePage(stream: Buffer): number | undefined {
  const fc = stream.readUInt32LE(0xd0);
  const table = stream.subarray(fc, Math.min(stream.length, fc + stream.readUInt32LE(0xd4)));
  // FFN: cbFfnM1, flags, wWeight, chs (the character set), ixchSzAlt, name
  for (let at = 2; at + 5 < table.length; at += table[at]! + 1) {
    const page = CHARSET_PAGES[table[at + 4]!];
    if (page) return page;
  }
  return undefined;
}

/**
 * Word's special characters as text: paragraph marks and line breaks become line breaks, cell
 * marks tabs (columns), field instructions are dropped and their results kept.
 */
function wordText(raw: string): string {
  let out = "";
  // fields: \x13 instruction \x14 result \x15, nested; only results outside instructions are kept
  const fields: boolean[] = [];
  for (const ch of raw) {
    if (ch === "\x13") fields.push(false);
    else if (ch === "\x14") {
      if (fields.length) fields[fields.length - 1] = true;
    } else if (ch === "\x15") fields.pop();
    else if (fields.length && !fields[fields.length - 1]) continue;
    else if (ch === "\r" || ch === "\x0b" || ch === "\x0c") out += "\n";
    else if (ch === "\x07") out += "\t";
    else if (ch === "\x1e") out += "-";
    else out += ch;
  }
  return cleanText(out);
}

/** The text of a Word 6.0 / Word 95 document: the main story, then notes, headers and text boxes. */
function readWord6Text(stream: Buffer, decode: (bytes: Buffer) => string): { body: string; rest: string } {
  const flags = stream.readUInt16LE(0x0a);
  const ccpText = stream.readUInt32LE(0x34);
  // footnotes, headers, macros, annotations, endnotes, text boxes, header text boxes
  let ccpRest = 0;
  for (let at = 0x38; at <= 0x50; at += 4) ccpRest += stream.readUInt32LE(at);
  const total = Math.min(ccpText + ccpRest, stream.length);
  let text: string;
  if (!(flags & FLAG_COMPLEX)) {
    const fcMin = stream.readUInt32LE(0x18);
    text = decode(stream.subarray(fcMin, Math.min(stream.length, fcMin + total)));
  } else {
    // the piece table (Clx): grpprl entries (0x01) to skip, then 0x02, its length, the CPs and the pieces
    const fcClx = stream.readUInt32LE(0x160);
    const lcbClx = stream.readUInt32LE(0x164);
    const clx = stream.subarray(fcClx, Math.min(stream.length, fcClx + lcbClx));
    let at = 0;
    while (at < clx.length && clx[at] === 0x01) at += 3 + clx.readUInt16LE(at + 1);
    if (clx[at] !== 0x02 || at + 5 > clx.length) throw new ReadError("damaged", "The Word 6 piece table is missing");
    const plc = clx.subarray(at + 5, at + 5 + clx.readUInt32LE(at + 1));
    const count = Math.floor((plc.length - 4) / 12);
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; i < count && length < total; i++) {
      const start = plc.readUInt32LE(i * 4);
      const end = plc.readUInt32LE((i + 1) * 4);
      const fc = plc.readUInt32LE((count + 1) * 4 + i * 8 + 2);
      if (end <= start || fc >= stream.length) continue;
      const piece = decode(stream.subarray(fc, Math.min(stream.length, fc + (end - start))));
      parts.push(piece);
      length += piece.length;
    }
    text = parts.join("");
  }
  return { body: wordText(text.slice(0, ccpText)), rest: wordText(text.slice(ccpText, total)) };
}

/** Reads the 8-bit text in the language's code page, or a font's when that one reads as mojibake. */
export function readWord6(stream: Buffer) {
  if (stream.length < 0x168) throw new ReadError("damaged", "The Word 6 header is truncated");
  const page = codePageOf(stream.readUInt16LE(0x06));
  const text = readWord6Text(stream, (bytes) => decodeCodePage(bytes, page));
  const fallback = page === 1252 ? fontCodePage(stream) : undefined;
  if (fallback && looksMisdecoded(text.body)) return readWord6Text(stream, (bytes) => decodeCodePage(bytes, fallback));
  return text;
}

export async function extractDoc(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  // our reader bounds every sector chain; word-extractor's would loop forever on a crafted file
  const file = readCompoundFile(buffer);
  const stream = file.read("WordDocument");
  if (!stream || stream.length < 12) throw new ReadError("damaged", "The WordDocument stream is missing");
  const flags = stream.readUInt16LE(0x0a);
  if (flags & (FLAG_ENCRYPTED | FLAG_OBFUSCATED)) throw new ReadError("encrypted", "The Word document is encrypted");

  let parts: string[];
  if (stream.readUInt16LE(0) === WORD6_IDENT) {
    const { body, rest } = readWord6(stream);
    parts = [body, rest];
  } else {
    // the streams word-extractor reads, checked by our reader first
    for (const name of ["1Table", "0Table", "Data"]) file.read(name);
    const document = await new WordExtractor().extract(buffer);
    parts = [
      document.getHeaders({ includeFooters: false }),
      document.getBody(),
      document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
      document.getFootnotes(),
      document.getEndnotes(),
      document.getFooters(),
    ];
  }
  const text = parts
    .map((part) => tidy(tabsToColumns(cleanText(part ?? ""))))
    .filter((p) => p !== "")
    .join("\n\n");
  const pages = keepPages(linesToPages(text.split("\n")), context);
  return { kind: "doc", pages, warnings: context.warnings };
}
