import { headerOf } from "./item-header";
import { clean, type Doc, type Row } from "./text";

/**
 * Where a labelled value sits relative to its label, in the layouts documents use:
 * "Label: value" in one cell, "Label | value" in the next cell, a label row over a value row
 * ("Invoice Date | Due Date" then "14/03/2031 | 13/04/2031"), or a label alone on its line with
 * the value on the next. Column alignment uses the cells' x extent when the reader gave it,
 * otherwise the cells' positions counted from either end of the row.
 */

export interface Near {
  text: string;
  row: Row;
  cell: number;
  how: "inline" | "right" | "below" | "next";
}

const SEPARATORS = /^[\s:#.\-–—=|/]*(?:(?:n°|nº|no\.?|nr\.?)(?![\p{L}]))?[\s:#.\-–—=]*/iu;

/** The row after this one on the same page, if any. */
export function nextRow(doc: Doc, row: Row, skip = 1): Row | undefined {
  const next = doc.rows[row.n + skip];
  return next && next.page === row.page ? next : undefined;
}

export function previousRow(doc: Doc, row: Row): Row | undefined {
  const prev = doc.rows[row.n - 1];
  return prev && prev.page === row.page ? prev : undefined;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

/** The cells of `below` that sit under cell `index` of `row`: by geometry, else by position from the left and from the right. */
export function cellsUnder(row: Row, index: number, below: Row): number[] {
  const cell = row.cells[index]!;
  if (cell.x0 !== undefined && below.cells.every((c) => c.x0 !== undefined) && row.cells.every((c) => c.x0 !== undefined)) {
    const width = Math.max(1, cell.x1! - cell.x0);
    const overlapping = below.cells
      .map((c, i) => ({ i, o: overlap(cell.x0!, cell.x1!, c.x0!, c.x1!) }))
      .filter(({ o }) => o > -0.25 * width)
      .sort((a, b) => b.o - a.o)
      .map(({ i }) => i);
    if (overlapping.length > 0) return overlapping;
    // a heading centred over its column ("BILL TO" over "NORTHWIND TRADERS"): the value nearest to it that no other label is nearer to
    const centre = (c: { x0?: number; x1?: number }) => (c.x0! + c.x1!) / 2;
    return below.cells
      .map((c, i) => ({ i, d: Math.abs(centre(c) - centre(cell)) }))
      .filter(({ i }) => {
        const nearest = row.cells.reduce(
          (best, c, k) =>
            Math.abs(centre(c) - centre(below.cells[i]!)) < Math.abs(centre(row.cells[best]!) - centre(below.cells[i]!)) ? k : best,
          0,
        );
        return nearest === index;
      })
      .sort((a, b) => a.d - b.d)
      .map(({ i }) => i);
  }
  if (below.cells.length === row.cells.length) return [index];
  const out = new Set<number>();
  if (index < below.cells.length) out.add(index);
  const fromRight = below.cells.length - (row.cells.length - index);
  if (fromRight >= 0) out.add(fromRight);
  return [...out];
}

/**
 * Value candidates for a label that ends at `end` in cell `cell` of `row`, nearest first.
 * The reader that consumes them decides which one is a value of the right kind.
 */
export function near(doc: Doc, row: Row, cell: number, end: number): Near[] {
  const out: Near[] = [];
  // a column title of the item table ("No", "Nama Barang") labels the rows under it, which are items
  if (headerOf(row, doc)) return out;
  const inline = clean(row.cells[cell]!.text.slice(end).replace(SEPARATORS, ""));
  if (inline) out.push({ text: inline, row, cell, how: "inline" });
  // in a row of column titles the cell to the right is the next title, not this one's value
  const rightmost = isTitleRow(row) ? cell : cell + 2;
  for (let c = cell + 1; c < row.cells.length && c <= rightmost; c++) {
    // "Nama | : Budi": the colon set in a column of its own starts the value's cell
    const text = clean(row.cells[c]!.text.replace(/^\s*:\s*/, ""));
    if (text) out.push({ text, row, cell: c, how: "right" });
  }
  for (let skip = 1; skip <= 2; skip++) {
    const below = nextRow(doc, row, skip);
    // the item table's header ends the label's neighbourhood: its rows are items, not values
    if (!below || headerOf(below, doc)) break;
    for (const i of cellsUnder(row, cell, below)) {
      const text = clean(below.cells[i]!.text);
      if (text) out.push({ text, row: below, cell: i, how: "below" });
    }
    if (skip === 1 && row.cells.filter((c) => c.text).length === 1 && below.cells[0]?.text)
      out.push({ text: clean(below.cells[0].text), row: below, cell: 0, how: "next" });
  }
  return out;
}

/**
 * A row of column titles over their values ("SELLER | POSITION | PAYMENT TERMS | DUE DATE"):
 * three or more short capitalised cells without a digit.
 */
function isTitleRow(row: Row): boolean {
  const cells = row.cells.map((c) => c.text.trim()).filter(Boolean);
  return cells.length >= 3 && cells.every((t) => !/\d/.test(t) && t.split(/\s+/).length <= 3 && /\p{Lu}/u.test(t) && t === t.toUpperCase());
}

export interface LabelHit {
  row: Row;
  cell: number;
  index: number;
  end: number;
  /** The matched label, folded. */
  label: string;
}

/**
 * A printed cell holds a label or two; a cell of hundreds ("# # # ...") is not a form, and reading
 * the value after each of them would cost the square of the cell's length.
 */
const MAX_LABELS_PER_CELL = 8;

/** Every occurrence of a label pattern (on folded text) in the document's cells, in reading order. */
export function findLabels(doc: Doc, pattern: RegExp, rows: Row[] = doc.rows): LabelHit[] {
  const hits: LabelHit[] = [];
  const re = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const row of rows) {
    row.cells.forEach((cell, c) => {
      re.lastIndex = 0;
      let count = 0;
      for (let m = re.exec(cell.key); m && count < MAX_LABELS_PER_CELL; m = re.exec(cell.key), count++) {
        hits.push({ row, cell: c, index: m.index, end: m.index + m[0].length, label: m[0] });
        if (m[0].length === 0) re.lastIndex++;
      }
    });
  }
  return hits;
}

/** The first candidate near a label that a reader accepts. */
export function readNear<T>(
  doc: Doc,
  hit: LabelHit,
  read: (text: string, near: Near) => T | null | undefined,
): { value: T; near: Near } | null {
  // a qualifier between the label and its colon, or ending its cell, is the label's ("Cliente (Receptor): ...")
  const qualifier = /^\s*\([^()]{1,30}\)(?=\s*:|\s*$)/.exec(hit.row.cells[hit.cell]!.key.slice(hit.end))?.[0].length ?? 0;
  for (const candidate of near(doc, hit.row, hit.cell, hit.end + qualifier)) {
    const value = read(candidate.text, candidate);
    if (value !== null && value !== undefined) return { value, near: candidate };
  }
  return null;
}
