import type { Box, Cell, Line, Word, WordSpan } from "./types";

/**
 * Layout: positioned words (pdf.js text items, OCR words, Textract WORD blocks) back into the
 * lines a person reads. Every reader that has geometry goes through here, so the rules, the
 * model and retrieval see one page shape whatever read the page.
 *
 * 1. Rows: words are taken left to right and each joins the row whose last word it lines up
 *    with (boxes overlapping by half the smaller height). Linking to the nearest word rather
 *    than to one row baseline keeps superscripts, cells whose baselines differ a little and
 *    slightly skewed OCR lines on their row.
 * 2. Cells: inside a row, a gap wider than about a character and a half of the row's size is a
 *    column break (" | "), a narrower one wider than a thin space is a space.
 * 3. Blocks: cells stacked one under the other at text pitch form a block (a paragraph, an
 *    address). Two blocks side by side whose lines do not line up (different pitch, or offset)
 *    are read one after the other instead of being interleaved row by row.
 * 4. Right-to-left rows (Arabic, Hebrew) are ordered right to left, keeping runs of
 *    left-to-right words (numbers, Latin names) in their own order, so the text is logical.
 *
 * Sizes are the font size (PDF) or the glyph height (OCR, Textract); every threshold is a
 * fraction of it, so the same rules hold for points and for scaled pixels. Linear-ish in the
 * number of words: rows are found through a vertical bucket index, never by all pairs.
 */

/** A gap wider than this fraction of the size separates two words. */
const SPACE_GAP = 0.12;
/** A gap wider than this multiple of the row's size is a column break. */
const CELL_GAP = 1.6;
/** Two words share a row when their boxes overlap by this fraction of the smaller height. */
const ROW_OVERLAP = 0.6;
/** Lines of one block are at most this multiple of their size apart, box to box. */
const BLOCK_GAP = 0.8;
/** Two lines are aligned when their tops, centres or bottoms are this fraction of the size apart. */
const ALIGNED = 0.2;
/** Side-by-side blocks are read apart when fewer than this share of their lines are aligned. */
const MIN_ALIGNED_SHARE = 0.5;
/**
 * Blocks read apart have at least this many lines beside each other and a line this many
 * times their size wide: stacked header cells of a table (short, narrow, vertically centred)
 * must stay row by row.
 */
const MIN_BLOCK_LINES = 3;
const MIN_BLOCK_WIDTH = 6;
/** Above this many multi-line blocks on a page, side-by-side checks are skipped (all pairs). */
const MAX_BLOCKS = 400;

/** A line's text: its cells joined by " | " (a column gap). */
export const lineText = (line: Pick<Line, "cells">) => line.cells.map((c) => c.text).join(" | ");

/** A page's text: one line per row. */
export const pageText = (lines: Line[]) => lines.map(lineText).join("\n");

interface Item extends Word {
  h: number;
  /** How far a skewed scan has moved the word down at its x: subtracted when finding rows. */
  tilt: number;
}

interface Row {
  words: Item[];
  last: Item;
  /** The last word of normal size: superscripts and footnote marks do not move the row. */
  main: Item;
  /** Sum and count of the normal-size words' centres: a row may follow a slight skew, not wander. */
  sum: number;
  n: number;
  bucket: number;
}

interface Fragment extends Box {
  text: string;
  row: number;
  words: Item[];
  size: number;
  block: number;
}

const centre = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;
const level = (w: Item) => centre(w) - w.tilt;
const overlapY = (a: Item, b: Item) => Math.min(a.y1 - a.tilt, b.y1 - b.tilt) - Math.max(a.y0 - a.tilt, b.y0 - b.tilt);

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Drops empty words and exact overprints (fake bold is the same word drawn twice, a hair apart). */
function prepare(words: Word[]): Item[] {
  const items: Item[] = [];
  // by text, then by a grid cell of about the word's size: a duplicate sits in a neighbouring cell
  const seen = new Map<string, Map<number, Item[]>>();
  const cellKey = (gx: number, gy: number) => gx * 1_000_003 + gy;
  for (const word of words) {
    if (
      word.text.trim() === "" ||
      !(Number.isFinite(word.x0) && Number.isFinite(word.x1) && Number.isFinite(word.y0) && Number.isFinite(word.y1))
    )
      continue;
    const h = Math.max(0.5, word.size ?? word.y1 - word.y0);
    const item: Item = {
      text: word.text,
      x0: word.x0,
      x1: Math.max(word.x0, word.x1),
      y0: word.y0,
      y1: Math.max(word.y0, word.y1),
      size: word.size,
      h,
      tilt: 0,
    };
    const gx = Math.round(item.x0 / h);
    const gy = Math.round(item.y1 / h);
    const grid = seen.get(item.text) ?? seen.set(item.text, new Map()).get(item.text)!;
    let duplicate = false;
    for (let dx = -1; dx <= 1 && !duplicate; dx++) {
      for (let dy = -1; dy <= 1 && !duplicate; dy++) {
        duplicate = (grid.get(cellKey(gx + dx, gy + dy)) ?? []).some(
          (o) => Math.abs(o.x0 - item.x0) < 0.2 * h && Math.abs(o.y1 - item.y1) < 0.2 * h && Math.abs(o.h - h) < 0.2 * h,
        );
      }
    }
    if (duplicate) continue;
    const own = grid.get(cellKey(gx, gy));
    if (own) own.push(item);
    else grid.set(cellKey(gx, gy), [item]);
    items.push(item);
  }
  return items;
}

/** Step 1: words into rows, each word linked to the row it best lines up with on its left. */
function rows(items: Item[]): Item[][] {
  items.sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0);
  const step = Math.max(0.5, median(items.map((i) => i.h)));
  const tallest = Math.min(Math.max(...items.map((i) => i.h)), 8 * step);
  const buckets = new Map<number, Set<Row>>();
  const all: Row[] = [];
  const place = (row: Row) => {
    const bucket = Math.floor(level(row.main) / step);
    if (bucket === row.bucket && buckets.get(bucket)?.has(row)) return;
    buckets.get(row.bucket)?.delete(row);
    row.bucket = bucket;
    (buckets.get(bucket) ?? buckets.set(bucket, new Set()).get(bucket)!).add(row);
  };
  for (const word of items) {
    const c = level(word);
    const reach = (word.h + tallest) / 2;
    let best: Row | undefined;
    let bestScore = -Infinity;
    for (let b = Math.floor((c - reach) / step); b <= Math.floor((c + reach) / step); b++) {
      for (const row of buckets.get(b) ?? []) {
        // a little overlap is normal (kerning, an accent drawn over the next letter); more is another line
        if (row.last.x1 > word.x0 + 0.6 * Math.min(word.h, row.last.h)) continue;
        const share = overlapY(word, row.main) / Math.min(word.h, row.main.h);
        if (share < ROW_OVERLAP || Math.abs(row.sum / row.n - c) > 0.6 * Math.max(word.h, row.main.h)) continue;
        // the best overlap, then the closest centre, then the nearest word on the left
        const score = share * 1000 - (Math.abs(level(row.main) - c) / word.h) * 100 - (word.x0 - row.last.x1) / (100 * word.h);
        if (score > bestScore) {
          bestScore = score;
          best = row;
        }
      }
    }
    if (best) {
      best.words.push(word);
      best.last = word;
      if (word.h >= 0.7 * best.main.h) {
        best.main = word;
        best.sum += c;
        best.n++;
      }
    } else {
      best = { words: [word], last: word, main: word, sum: c, n: 1, bucket: NaN };
      all.push(best);
    }
    place(best);
  }
  return all.map((r) => r.words).sort((a, b) => rowCentre(a) - rowCentre(b) || a[0]!.x0 - b[0]!.x0);
}

/** A row's vertical centre, from its normal-size words. */
function rowCentre(words: Item[]): number {
  const size = Math.max(...words.map((w) => w.h));
  const main = words.filter((w) => w.h >= 0.7 * size);
  return main.reduce((sum, w) => sum + level(w), 0) / main.length;
}

/** Rows giving a skew must span this many times their size; and at least this many must agree. */
const SKEW_SPAN = 10;
const SKEW_ROWS = 2;
/** Skew below this slope (about 0.2 degrees) is left alone; above the other, it is not skew. */
const MIN_SKEW = 0.003;
const MAX_SKEW = 0.1;

/**
 * The slope of the page's lines (a scan put on the glass a little crooked): the median, over
 * long rows, of the rise from their first to their last normal-size word.
 */
function skew(found: Item[][]): number {
  const slopes: number[] = [];
  for (const row of found) {
    const size = Math.max(...row.map((w) => w.h));
    const main = row.filter((w) => w.h >= 0.7 * size);
    const [a, b] = [main[0]!, main[main.length - 1]!];
    const span = (b.x0 + b.x1 - a.x0 - a.x1) / 2;
    if (span >= SKEW_SPAN * size) slopes.push((centre(b) - centre(a)) / span);
  }
  if (slopes.length < SKEW_ROWS) return 0;
  const slope = median(slopes);
  return Math.abs(slope) >= MIN_SKEW && Math.abs(slope) <= MAX_SKEW ? slope : 0;
}

const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const LTR_CHARS = /[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]/g;
const HAS_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const HAS_LTR = /[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]/;
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

type Direction = "rtl" | "ltr" | "neutral";
function direction(text: string): Direction {
  if (!HAS_RTL.test(text)) return HAS_LTR.test(text) ? "ltr" : "neutral";
  const rtl = count(text, RTL_CHARS);
  const ltr = count(text, LTR_CHARS);
  return rtl > ltr ? "rtl" : ltr > 0 ? "ltr" : "neutral";
}

/**
 * Visual (left to right) into logical order for a right-to-left row: reversed, except that runs
 * of left-to-right pieces (numbers, Latin words) keep their own order.
 */
function logicalOrder<T>(pieces: T[], text: (piece: T) => string): T[] {
  const reversed = [...pieces].reverse();
  const out: T[] = [];
  for (let i = 0; i < reversed.length;) {
    if (direction(text(reversed[i]!)) !== "ltr") {
      out.push(reversed[i++]!);
      continue;
    }
    let j = i;
    // a run of left-to-right pieces, with the neutral ones (punctuation) between them
    while (j + 1 < reversed.length && direction(text(reversed[j + 1]!)) !== "rtl") j++;
    while (j > i && direction(text(reversed[j]!)) === "neutral") j--;
    out.push(...reversed.slice(i, j + 1).reverse());
    i = j + 1;
  }
  return out;
}

/** Combining forms of the spacing accents some TeX fonts draw as glyphs of their own. */
const ACCENTS: Record<string, string> = {
  "\u00b4": "\u0301",
  "`": "\u0300",
  "\u02c6": "\u0302",
  "\u00a8": "\u0308",
  "\u02dc": "\u0303",
  "\u00b8": "\u0327",
  "\u02c7": "\u030c",
  "\u02da": "\u030a",
};
const LOOSE_ACCENT = /([\u00b4`\u02c6\u00a8\u02dc\u02c7\u02da])(\p{L})|(\p{L})(\u00b8)/gu;

/** "Num´ero" as TeX draws it (accent, then letter) -> "Numéro". */
export function joinAccents(text: string): string {
  if (!/[\u00b4`\u02c6\u00a8\u02dc\u00b8\u02c7\u02da]/.test(text)) return text;
  return text
    .replace(LOOSE_ACCENT, (all, accent?: string, letter?: string, base?: string, cedilla?: string) => {
      const composed = accent && letter ? `${letter}${ACCENTS[accent]}`.normalize("NFC") : `${base}${ACCENTS[cedilla!]}`.normalize("NFC");
      return composed.length === 1 ? composed : all;
    })
    .normalize("NFC");
}

/** Step 2: a row's words into cells at column gaps, words joined with a space where there is one. */
function cells(words: Item[], row: number): Fragment[] {
  const size = median(words.map((w) => w.h));
  const out: Fragment[] = [];
  let cell: Fragment | undefined;
  for (const word of words) {
    const gap = cell ? word.x0 - cell.x1 : Infinity;
    if (!cell || gap > CELL_GAP * size) {
      cell = { text: "", x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1, row, words: [word], size: word.h, block: -1 };
      out.push(cell);
      continue;
    }
    cell.words.push(word);
    cell.x1 = Math.max(cell.x1, word.x1);
    cell.y0 = Math.min(cell.y0, word.y0);
    cell.y1 = Math.max(cell.y1, word.y1);
  }
  for (const c of out) {
    c.size = median(c.words.map((w) => w.h));
    c.text = joinWords(c.words);
  }
  return out;
}

/** Arabic presentation forms (contextual glyph shapes some fonts map to) as the letters they show. */
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]+/g;
const plainLetters = (text: string) => text.replace(PRESENTATION_FORMS, (forms) => forms.normalize("NFKC"));

function joinWords(words: Item[]): string {
  const rtl = direction(words.map((w) => w.text).join(" ")) === "rtl";
  let text = "";
  let end = -Infinity;
  for (const word of words) {
    const gap = word.x0 - end;
    const spaced = gap > SPACE_GAP * word.h || /\s$/.test(text) || /^\s/.test(word.text);
    text = text === "" ? word.text : `${text}${spaced ? " " : ""}${word.text}`;
    end = Math.max(end, word.x1);
  }
  if (!rtl) return joinAccents(text.replace(/\s+/g, " ").trim());
  // words glued without a space (fragments of one word) stay glued, in logical order
  const pieces = plainLetters(text).replace(/\s+/g, " ").trim().split(" ");
  return logicalOrder(pieces, (p) => p).join(" ");
}

/** The cells of a row (left to right, apart) that overlap `cell` horizontally. */
function overlapping(row: Fragment[], cell: Box): Fragment[] {
  let lo = 0;
  let hi = row.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (row[mid]!.x1 <= cell.x0) lo = mid + 1;
    else hi = mid;
  }
  const out: Fragment[] = [];
  for (let i = lo; i < row.length && row[i]!.x0 < cell.x1; i++) if (row[i]!.x1 > cell.x0) out.push(row[i]!);
  return out;
}

/**
 * Step 3: blocks. A cell continues the block of the cell just above it when it is the only cell
 * under it, of a similar size, at most BLOCK_GAP below it, and nothing else continues that cell.
 */
function blocks(byRow: Fragment[][]): Fragment[][] {
  const below = new Map<Fragment, Fragment>();
  const incoming = new Map<Fragment, number>();
  for (let i = 0; i < byRow.length; i++) {
    for (const cell of byRow[i]!) {
      for (let j = i + 1; j < byRow.length; j++) {
        const next = byRow[j]!;
        if (next[0] && centre(next[0]) - centre(cell) > (2 + BLOCK_GAP) * cell.size) break;
        const under = overlapping(next, cell);
        if (under.length === 0) continue;
        const d = under[0]!;
        const gap = d.y0 - cell.y1;
        const similar = Math.max(d.size, cell.size) <= 1.3 * Math.min(d.size, cell.size);
        if (under.length === 1 && similar && gap <= BLOCK_GAP * cell.size && gap >= -0.4 * cell.size) {
          below.set(cell, d);
          incoming.set(d, (incoming.get(d) ?? 0) + 1);
        }
        break;
      }
    }
  }
  const stacks: Fragment[][] = [];
  for (const row of byRow) {
    for (const cell of row) {
      if (cell.block >= 0) continue;
      const stack = [cell];
      cell.block = stacks.length;
      let next = below.get(cell);
      while (next && incoming.get(next) === 1 && next.block < 0) {
        next.block = stacks.length;
        stack.push(next);
        next = below.get(next);
      }
      stacks.push(stack);
    }
  }
  return stacks;
}

const wide = (cells: Fragment[]) => cells.some((c) => c.x1 - c.x0 >= MIN_BLOCK_WIDTH * c.size);

const aligned = (a: Fragment, b: Fragment) => {
  const tolerance = ALIGNED * Math.min(a.size, b.size);
  return Math.abs(a.y0 - b.y0) <= tolerance || Math.abs(a.y1 - b.y1) <= tolerance || Math.abs(centre(a) - centre(b)) <= tolerance;
};

/** How many of `lines` line up with one of `others` (both top to bottom): a walk, not all pairs. */
function alignedCount(lines: Fragment[], others: Fragment[]): number {
  let n = 0;
  let j = 0;
  for (const line of lines) {
    while (j < others.length && others[j]!.y1 < line.y0 - line.size) j++;
    for (let k = j; k < others.length && others[k]!.y0 <= line.y1 + line.size; k++) {
      if (aligned(line, others[k]!)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * Groups of blocks read together row by row (blocks side by side whose lines line up, such as
 * a table's columns or labels and their values), and which groups must be read whole, one
 * after the other, because they sit beside a group whose lines do not line up with theirs.
 */
function groups(stacks: Fragment[][], byRow: Fragment[][]): { group: number[]; apart: Set<number> } {
  const group = stacks.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
  const apart = new Set<number>();
  const tall = stacks
    .map((cells, id) => ({
      id,
      cells,
      x0: Math.min(...cells.map((c) => c.x0)),
      x1: Math.max(...cells.map((c) => c.x1)),
      y0: cells[0]!.y0,
      y1: cells[cells.length - 1]!.y1,
    }))
    .filter((s) => s.cells.length >= 2);
  if (tall.length > MAX_BLOCKS) return { group, apart };
  const conflicts: [number, number][] = [];
  for (const a of tall) {
    for (const b of tall) {
      if (a.x1 > b.x0 || a.y0 >= b.y1 || b.y0 >= a.y1) continue;
      const aIn = a.cells.filter((c) => c.y1 > b.y0 && c.y0 < b.y1);
      const bIn = b.cells.filter((c) => c.y1 > a.y0 && c.y0 < a.y1);
      if (aIn.length < MIN_BLOCK_LINES || bIn.length < MIN_BLOCK_LINES || !wide(a.cells) || !wide(b.cells)) continue;
      const matched = alignedCount(aIn, bIn) + alignedCount(bIn, aIn);
      if (matched >= MIN_ALIGNED_SHARE * (aIn.length + bIn.length)) group[find(a.id)] = find(b.id);
      else if (!otherColumns(a, b, [...aIn, ...bIn], byRow)) conflicts.push([a.id, b.id]);
    }
  }
  for (const [a, b] of conflicts) {
    if (find(a) === find(b)) continue;
    apart.add(find(a));
    apart.add(find(b));
  }
  return { group: group.map((_, i) => find(i)), apart };
}

/**
 * Whether cells of a third column sit beside the two blocks: then they are cells of a table
 * whose rows hold several lines each, which read best row by row.
 */
function otherColumns(a: Box, b: Box, beside: Fragment[], byRow: Fragment[][]): boolean {
  const first = Math.min(...beside.map((c) => c.row));
  const last = Math.max(...beside.map((c) => c.row));
  for (let r = first; r <= last; r++) {
    for (const c of byRow[r]!) {
      if (c.x1 <= a.x0 || c.x0 >= b.x1 || (c.x0 >= a.x1 && c.x1 <= b.x0)) return true;
    }
  }
  return false;
}

/**
 * Where each word of a cell ends in the cell's text, found in order; none when a word's text
 * was changed on the way (accents joined, right-to-left reordering), so a span is never wrong.
 */
function wordSpans(fragment: Fragment): WordSpan[] | undefined {
  if (fragment.words.length < 2) return undefined;
  const spans: WordSpan[] = [];
  let at = 0;
  for (const word of fragment.words) {
    const text = word.text.trim();
    const index = fragment.text.indexOf(text, at);
    if (text === "" || index < 0 || index - at > 1) return undefined;
    at = index + text.length;
    spans.push({ end: at, x0: round(word.x0), x1: round(word.x1) });
  }
  return spans;
}

const round = (n: number) => Math.round(n * 100) / 100;

function toLine(fragments: Fragment[]): Line {
  const texts = fragments.map((f) => f.text);
  const rtl = direction(texts.join(" ")) === "rtl";
  const ordered = rtl ? logicalOrder(fragments, (f) => f.text) : fragments;
  const cells: Cell[] = ordered.map((f) => {
    const words = rtl ? undefined : wordSpans(f);
    return { text: f.text, x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, ...(words ? { words } : {}) };
  });
  return {
    cells,
    x0: Math.min(...cells.map((c) => c.x0)),
    y0: Math.min(...cells.map((c) => c.y0)),
    x1: Math.max(...cells.map((c) => c.x1)),
    y1: Math.max(...cells.map((c) => c.y1)),
  };
}

/** Positioned words -> the page's lines, top to bottom, each with its cells left to right (or right to left). */
export function layoutWords(words: Word[]): Line[] {
  const items = prepare(words);
  if (items.length === 0) return [];
  let found = rows(items);
  // only pixel-derived words (OCR, Textract: no font size) come from a page that can lie crooked
  const slope = items.filter((i) => i.size === undefined).length > items.length / 2 ? skew(found) : 0;
  if (slope !== 0) {
    for (const item of items) item.tilt = (slope * (item.x0 + item.x1)) / 2;
    found = rows(items);
  }
  const byRow = found.map((row, i) => cells(row, i));
  const stacks = blocks(byRow);
  const { group, apart } = groups(stacks, byRow);
  const groupOf = (cell: Fragment) => (apart.has(group[cell.block]!) ? group[cell.block]! : -1);
  const members = new Map<number, Fragment[][]>();
  for (const row of byRow) {
    const byGroup = new Map<number, Fragment[]>();
    for (const cell of row) {
      const g = groupOf(cell);
      if (g >= 0) (byGroup.get(g) ?? byGroup.set(g, []).get(g)!).push(cell);
    }
    for (const [g, cells] of byGroup) (members.get(g) ?? members.set(g, []).get(g)!).push(cells);
  }
  const lines: Line[] = [];
  const done = new Set<number>();
  for (const row of byRow) {
    // the row's own cells, and the groups read whole that start here, left to right
    const rest = row.filter((c) => groupOf(c) < 0);
    const parts: { x: number; lines: Fragment[][] }[] = rest.length > 0 ? [{ x: rest[0]!.x0, lines: [rest] }] : [];
    for (const cell of row) {
      const g = groupOf(cell);
      if (g < 0 || done.has(g)) continue;
      done.add(g);
      parts.push({ x: cell.x0, lines: members.get(g)! });
    }
    parts.sort((a, b) => a.x - b.x);
    for (const part of parts) for (const line of part.lines) lines.push(toLine(line));
  }
  return lines;
}
