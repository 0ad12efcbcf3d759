/**
 * Retrieval chunks: each page's text cut into pieces of about CHUNK_CHARS along
 * its layout. Page text has one line per row with table cells joined by " | ", so
 * a chunk is cut only between lines and a row is never split; a label line
 * ("Invoice number:") stays with the value under it, and a table's header line
 * with its first row. A chunk that starts inside a table whose header is not in
 * it begins with that header again, so every row is read with its columns. Every
 * chunk names the one page it came from and its line range there; consecutive
 * chunks of a page share their boundary lines (OVERLAP_CHARS) so a fact across
 * the cut is in both.
 */
export const CHUNK_CHARS = 1200;
export const OVERLAP_CHARS = 200;
/** A table row longer than this is cut like prose (a row of 5 KB is not a row anyone reads). */
export const MAX_ROW_CHARS = 4 * CHUNK_CHARS;
/** A table ends after this many lines without a row (wrapped descriptions sit between rows). */
const TABLE_GAP_LINES = 5;
/** A header needs a row within this many lines below it. */
const HEADER_REACH = 3;
/** A table chunk is started afresh rather than begun at the end of a fuller one. */
const FRESH_TABLE_SHARE = 0.6;

/** One chunk as stored in the document's chunks.json. */
export interface StoredChunk {
  /** Position in the document, from 0. */
  index: number;
  /** 1-based page (PDF page, spreadsheet sheet, ~3,000 character slice of text). */
  page: number;
  /** The first and last line of the page's text this chunk holds (1-based; the line geometry's index + 1). */
  lineFrom?: number;
  lineTo?: number;
  text: string;
}

/** derived/.../chunks.json */
export interface ChunkFile {
  version: 1;
  documentId: number;
  chunks: StoredChunk[];
}

/** A chunk as `Document.chunks(projectId)` hands it to retrieval, joined with its document. */
export interface Chunk extends StoredChunk {
  /** `<documentId>:<index>`, stable while the document exists. */
  id: string;
  documentId: number;
  projectId: number;
  fileName: string;
  documentCategory: string;
}

const cellsOf = (line: string) => line.split(" | ");

/** A line of column names: several cells, words only (a row of values has digits). */
function looksLikeHeader(line: string): boolean {
  if (line.length > 240 || !line.includes(" | ") || /\d/.test(line) || !/\p{L}/u.test(line)) return false;
  return cellsOf(line).every((c) => c.length <= 60);
}

/** A table row: several cells, one of them with a figure in it. */
const looksLikeRow = (line: string) => line.includes(" | ") && /\d/.test(line);

/**
 * For each line, the index of the header line of the table it belongs to, or -1.
 * A header is a line of column names followed within HEADER_REACH lines by a row;
 * the table runs until TABLE_GAP_LINES lines pass without a row, or the next
 * header. The lines between rows (a wrapped description) belong to the table;
 * the lines after its last row do not.
 */
export function tableHeaders(lines: string[]): number[] {
  const header = lines.map(() => -1);
  let current = -1;
  let lastRow = -1;
  const close = () => {
    for (let i = current + 1; i <= lastRow; i++) header[i] = current;
    current = -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (looksLikeHeader(line) && lines.slice(i + 1, i + 1 + HEADER_REACH).some(looksLikeRow)) {
      if (current >= 0) close();
      current = i;
      lastRow = i;
      continue;
    }
    if (current < 0) continue;
    if (looksLikeRow(line)) lastRow = i;
    else if (i - lastRow > TABLE_GAP_LINES) close();
  }
  if (current >= 0) close();
  return header;
}

/** A label waiting for its value on the next line: "Invoice Date:", "Bill to:". */
const isLabel = (line: string) => line.length <= 80 && line.endsWith(":") && !looksLikeRow(line);

function splitLong(line: string, size: number): string[] {
  if (line.length <= size) return [line];
  const parts: string[] = [];
  let rest = line;
  while (rest.length > size) {
    // cut after a sentence or at a space, never inside a word when avoidable
    const window = rest.slice(0, size);
    const cut = Math.max(window.lastIndexOf(". ") + 1, window.lastIndexOf(" "));
    const at = cut > size / 2 ? cut : size;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** A line of the page as chunks hold it: its text, its 1-based line number and its table's header. */
interface PageLine {
  text: string;
  line: number;
  /** Its position among the page's non-empty lines. */
  at: number;
  /** Position of its table's header line, or -1. */
  header: number;
}

/** Lines that must share a chunk: a label with its value, a header with its first row. */
function units(lines: PageLine[], size: number): PageLine[][] {
  const out: PageLine[][] = [];
  let bound = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const pieces = l.text.includes(" | ") && l.text.length <= MAX_ROW_CHARS ? [l.text] : splitLong(l.text, size);
    for (const text of pieces) {
      const piece = text === l.text ? l : { text, line: l.line, at: l.at, header: l.header };
      if (bound) out[out.length - 1]!.push(piece);
      else out.push([piece]);
      bound = false;
    }
    const startsTable = lines[i + 1]?.header === l.at;
    bound = (isLabel(l.text) || startsTable) && out[out.length - 1]!.length < 4;
  }
  return out;
}

export function chunkPages(pages: { page: number; text: string }[], size = CHUNK_CHARS, overlap = OVERLAP_CHARS): StoredChunk[] {
  const chunks: StoredChunk[] = [];
  for (const { page, text } of pages) {
    const lines: PageLine[] = [];
    text.split("\n").forEach((raw, i) => {
      const t = raw.trim();
      if (t !== "") lines.push({ text: t, line: i + 1, at: lines.length, header: -1 });
    });
    tableHeaders(lines.map((l) => l.text)).forEach((header, at) => (lines[at]!.header = header));

    let current: PageLine[] = [];
    let length = 0;
    let fresh = 0;
    const flush = () => {
      if (fresh === 0) return;
      chunks.push(toChunk(chunks.length, page, current, lines));
      // carry the last lines (up to `overlap` characters) into the next chunk
      const carried: PageLine[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const l = current[i]!;
        if (carriedLength + l.text.length > overlap) break;
        carried.unshift(l);
        carriedLength += l.text.length + 1;
      }
      current = carried;
      length = carriedLength;
      fresh = 0;
    };
    for (const unit of units(lines, size)) {
      const unitLength = unit.reduce((sum, l) => sum + l.text.length + 1, 0);
      const opensTable = lines[unit[0]!.at + 1]?.header === unit[0]!.at;
      if (fresh > 0 && (length + unitLength > size || (opensTable && length > size * FRESH_TABLE_SHARE))) flush();
      current.push(...unit);
      length += unitLength;
      fresh += unit.length;
    }
    flush();
  }
  return chunks;
}

/** The chunk's text, led by its table's header when it starts inside a table without it. */
function toChunk(index: number, page: number, current: PageLine[], lines: PageLine[]): StoredChunk {
  const first = current[0]!;
  const header = first.header >= 0 ? lines[first.header]! : undefined;
  const repeat = header && !current.some((l) => l.at === header.at) ? [header.text] : [];
  return {
    index,
    page,
    lineFrom: first.line,
    lineTo: current[current.length - 1]!.line,
    text: [...repeat, ...current.map((l) => l.text)].join("\n"),
  };
}
