import { moneyTokens, numberStyle, type NumberStyle } from "./numbers";
import { findDates } from "./rules/dates";
import { fold } from "./rules/fold";
import { escapeRegExp, type TextPage } from "./rules/text";
import {
  MAX_PRINTED_CHARS,
  QUOTE_FIELDS,
  type Box,
  type LineItem,
  type Place,
  type PlacedLineItem,
  type PlacedQuote,
  type QuoteData,
  type QuoteField,
} from "./schema";

/**
 * Where each extracted value is printed: the page and the box around it, found by looking for
 * the value itself in the page's laid-out lines (a number that parses to the amount, a date that
 * reads as the same day, the name's text), starting where the reader says it read it. The same
 * search serves the rules (which know the line) and a model (which names the page), so both
 * answer boxes in one shape. A value that is not printed as such gets its page alone.
 */

/** Where a reader read a field: its page, and the line on that page when it knows it. */
export interface Hint {
  page: number | null;
  line?: number;
  /** The value as the reader says it is printed (a model copies it), when it differs from the value. */
  printed?: string | null;
}
export type Hints = Partial<Record<QuoteField, Hint>>;

export type Kind = "money" | "date" | "text" | "currency";

export const KINDS: Record<QuoteField, Kind> = {
  vendorName: "text",
  customerName: "text",
  quoteNumber: "text",
  quoteDate: "date",
  validUntil: "date",
  currency: "currency",
  subtotal: "money",
  tax: "money",
  shipping: "money",
  total: "money",
  paymentTerms: "text",
};

type Geometry = NonNullable<TextPage["lines"]>[number];
type GeoCell = Geometry["cells"][number] & { words?: { end: number; x0: number; x1: number }[] };

/**
 * One line of a document as the search sees it: its cells' texts and how to say where it is (the
 * laid-out line's geometry; else the sheet row, for a spreadsheet; else its paragraph, the
 * 1-based line of the document's extracted text, for Word and plain text).
 */
interface Entry {
  page: TextPage;
  index: number;
  paragraph: number;
  cells: string[];
  geometry?: Geometry;
}

function entriesOf(pages: TextPage[]): Entry[] {
  const out: Entry[] = [];
  let paragraph = 0;
  for (const page of pages) {
    const texts = page.text.split("\n");
    if (page.lines?.length)
      page.lines.forEach((geometry, index) => out.push({ page, index, paragraph: 0, cells: geometry.cells.map((c) => c.text), geometry }));
    else texts.forEach((text, index) => out.push({ page, index, paragraph: paragraph + index + 1, cells: text.split(" | ") }));
    paragraph += texts.length;
  }
  return out;
}

/**
 * Lines searched for one value at most: a value is printed near where it was read, and a
 * document of tens of thousands of lines must not make placing eleven values slow.
 */
export const MAX_SEARCHED_LINES = 5000;

/** Lines to search, nearest to the hint first: its line and neighbours, its page, then every page. */
function* candidates(entries: Entry[], hint: Hint | undefined): Generator<Entry> {
  const seen = new Set<Entry>();
  const onPage = hint?.page ? entries.filter((e) => e.page.page === hint.page) : [];
  if (hint?.line !== undefined)
    for (const d of [0, 1, -1, 2, -2]) {
      const entry = onPage.find((e) => e.index === hint.line! + d);
      if (entry) {
        seen.add(entry);
        yield entry;
      }
    }
  let searched = seen.size;
  for (const entry of [...onPage, ...entries]) {
    if (searched >= MAX_SEARCHED_LINES) return;
    if (seen.has(entry)) continue;
    seen.add(entry);
    searched += 1;
    yield entry;
  }
}

const SYMBOLS: Record<string, string[]> = {
  USD: ["US$", "$"],
  EUR: ["€", "euro"],
  GBP: ["£"],
  JPY: ["¥"],
  CNY: ["¥", "元"],
  INR: ["₹", "rs."],
  IDR: ["rp"],
  BRL: ["r$"],
  CHF: ["fr."],
  NGN: ["₦"],
};

/** Finds where a value is printed in a text: the span [start, end), or null. */
export type Matcher = (text: string) => [number, number] | null;

/** A matcher for one value: built once, run over every cell searched. */
export function matcher(value: string | number, kind: Kind, style: NumberStyle): Matcher {
  if (kind === "money")
    return (text) => {
      const token = moneyTokens(text, style)
        .reverse()
        .find((t) => Math.abs(Math.abs(t.value) - Math.abs(value as number)) < 0.005);
      return token ? [token.index, token.index + token.text.length] : null;
    };
  if (kind === "date")
    return (text) => {
      const date = [...findDates(text, "dmy"), ...findDates(text, "mdy")].find((d) => d.iso === value);
      return date ? [date.index, date.end] : null;
    };
  const words = kind === "currency" ? [String(value), ...(SYMBOLS[String(value)] ?? [])] : [String(value)];
  const patterns = words
    .map((word) => fold(word).replace(/\s+/g, " ").trim())
    .filter((wanted) => wanted !== "")
    .map((wanted) => {
      // a code or a short name is a word of its own ("EUR", not the "eur" of "Fourniture"), and so is
      // a number at either end ("INV-12" is not the start of "INV-123")
      const bounded = /^[\p{L}\p{N}]/u.test(wanted) && (wanted.length <= 3 || /^\p{N}|\p{N}$/u.test(wanted));
      return new RegExp(bounded ? `(?<![\\p{L}\\p{N}])${escapeRegExp(wanted)}(?![\\p{L}\\p{N}])` : escapeRegExp(wanted), "u");
    });
  return (text) => {
    const key = fold(text).replace(/\s/g, " ");
    for (const pattern of patterns) {
      const m = pattern.exec(key);
      if (!m) continue;
      if (kind !== "currency") return [m.index, m.index + m[0].length];
      // a symbol is printed with its amount ("$1,250.00"): the box holds the whole word
      const start = key.lastIndexOf(" ", m.index) + 1;
      const space = key.indexOf(" ", m.index + m[0].length);
      return [start, space < 0 ? key.length : space];
    }
    return null;
  };
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10000) / 10000));

/** The box of characters [start, end) of a cell, from its words when it has them, else the cell's share of them. */
function spanBox(cell: GeoCell, start: number, end: number): { x0: number; x1: number } {
  const words = cell.words;
  if (words && words.length > 0) {
    let begin = 0;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const w of words) {
      if (w.end > start && begin < end) {
        x0 = Math.min(x0, w.x0);
        x1 = Math.max(x1, w.x1);
      }
      begin = w.end;
    }
    if (x0 < x1) return { x0, x1 };
  }
  const length = Math.max(1, cell.text.length);
  if (start <= 0 && end >= cell.text.trimEnd().length) return { x0: cell.x0, x1: cell.x1 };
  // no word positions: the characters' share of the cell, a character wider on each side
  const per = (cell.x1 - cell.x0) / length;
  return { x0: Math.max(cell.x0, cell.x0 + per * (start - 1)), x1: Math.min(cell.x1, cell.x0 + per * (end + 1)) };
}

function toBox(page: TextPage, x0: number, y0: number, x1: number, y1: number): Box | undefined {
  if (!page.width || !page.height) return undefined;
  return [clamp(x0 / page.width), clamp(y0 / page.height), clamp(x1 / page.width), clamp(y1 / page.height)];
}

const printed = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, MAX_PRINTED_CHARS);

const column = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : column(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26));
const sheetName = (name: string) => (/^[A-Za-z_][\w.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);

/** Where cells [first, last] of a line are, for a line without geometry: a sheet's cell (or range), else the paragraph. */
function where(entry: Entry, first: number, last: number): Omit<Place, "page" | "text"> {
  const row = entry.page.sheet?.rows[entry.index];
  if (entry.page.sheet && row) {
    const name = sheetName(entry.page.sheet.name);
    return { cell: `${name}!${column(first)}${row}${last > first ? `:${column(last)}${row}` : ""}` };
  }
  return { paragraph: entry.paragraph };
}

/** Where a value is printed in one line: one cell, or for text, a run of cells read as one. */
function inLine(entry: Entry, match: Matcher, kind: Kind): Place | null {
  const { page, geometry, cells } = entry;
  for (const [c, text] of cells.entries()) {
    const span = match(text);
    if (!span) continue;
    const shown = printed(text.slice(span[0], span[1]));
    if (!geometry) return { page: page.page, ...where(entry, c, c), text: shown };
    const cell = geometry.cells[c] as GeoCell;
    const { x0, x1 } = spanBox(cell, span[0], span[1]);
    return { page: page.page, box: toBox(page, x0, cell.y0, x1, cell.y1), text: shown };
  }
  if (kind !== "text" || cells.length < 2) return null;
  const span = match(cells.join(" "));
  if (!span) return null;
  let at = 0;
  const covered = cells.flatMap((text, c) => {
    const from = at;
    at += text.length + 1;
    return from < span[1] && at - 1 > span[0] ? [c] : [];
  });
  const shown = printed(cells.join(" ").slice(span[0], span[1]));
  if (!geometry) return { page: page.page, ...where(entry, covered[0]!, covered.at(-1)!), text: shown };
  const boxes = covered.map((c) => geometry.cells[c]!);
  const box = toBox(
    page,
    Math.min(...boxes.map((c) => c.x0)),
    Math.min(...boxes.map((c) => c.y0)),
    Math.max(...boxes.map((c) => c.x1)),
    Math.max(...boxes.map((c) => c.y1)),
  );
  return { page: page.page, box, text: shown };
}

/**
 * The printed text a reader copied, as a matcher, when it reads as the value: a model's amount
 * or date has to be the same one it normalised; a name may be printed differently from its value.
 */
function printedMatcher(value: string | number, kind: Kind, style: NumberStyle, hint: Hint | undefined): Matcher | undefined {
  const wanted = hint?.printed?.replace(/\s+/g, " ").trim();
  if (!wanted || wanted.length > MAX_PRINTED_CHARS) return undefined;
  if (kind !== "text" && matcher(value, kind, style)(wanted) === null) return undefined;
  return matcher(wanted, "text", style);
}

/** Where one value is printed, searching from the hint outwards; the hint's page alone when it is not found. */
export function locate(
  pages: TextPage[],
  value: string | number,
  kind: Kind,
  hint?: Hint,
  style: NumberStyle = numberStyle(pages.map((p) => p.text).join("\n")),
  entries = entriesOf(pages),
) {
  const searches: [Matcher | undefined, Kind][] = [
    [printedMatcher(value, kind, style, hint), "text"],
    [matcher(value, kind, style), kind],
  ];
  for (const [match, as] of searches) {
    if (!match) continue;
    for (const entry of candidates(entries, hint)) {
      const place = inLine(entry, match, as);
      if (place) return place;
    }
  }
  return hint?.page ? { page: hint.page } : null;
}

/** A line item's row: the line that prints its amount (or unit price), after the previous item's, preferring one with its words. */
function placeItems(entries: Entry[], items: LineItem[], style: NumberStyle): PlacedLineItem[] {
  const lines = entries.map((entry) => ({ entry, text: fold(entry.cells.join(" ")) }));
  let cursor = 0;
  return items.map((item) => {
    const money = item.amount ?? item.unitPrice;
    if (money === null || lines.length === 0) return item;
    const words = fold(item.description)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3)
      .slice(0, 4);
    const match = matcher(money, "money", style);
    const priced = (i: number) => lines[i]!.entry.cells.some((c) => match(c));
    let found = -1;
    for (let i = cursor; i < lines.length && i < cursor + 200; i++) {
      if (item.page !== null && lines[i]!.entry.page.page < item.page) continue;
      if (!priced(i)) continue;
      if (found < 0) found = i;
      if (words.length === 0 || words.some((w) => lines[i]!.text.includes(w))) {
        found = i;
        break;
      }
    }
    if (found < 0) return item;
    cursor = found + 1;
    const { entry } = lines[found]!;
    const { page, geometry: line } = entry;
    if (!line) return { ...item, source: { page: page.page, ...where(entry, 0, entry.cells.length - 1) } };
    const box = toBox(page, line.x0, line.y0, line.x1, line.y1);
    return { ...item, source: { page: page.page, ...(box ? { box } : {}) } };
  });
}

/**
 * The quote with where each value is printed: every found field's source gets its box and
 * printed text, every line item its row.
 */
export function placeQuote(
  quote: QuoteData,
  pages: TextPage[],
  hints: Hints = {},
  style: NumberStyle = numberStyle(pages.map((p) => p.text).join("\n")),
): PlacedQuote {
  const entries = entriesOf(pages);
  const sources = { ...quote.sources } as PlacedQuote["sources"];
  for (const field of QUOTE_FIELDS) {
    const value = quote[field];
    const source = quote.sources[field];
    if (value === null || value === undefined) continue;
    const hint = hints[field] ?? (source?.page ? { page: source.page } : undefined);
    const place = locate(pages, value, KINDS[field], hint, style, entries);
    if (!place) continue;
    const { page, ...where } = place;
    sources[field] = { page: page ?? source?.page ?? null, confidence: source?.confidence ?? 0.5, ...where };
  }
  return { ...quote, sources, lineItems: placeItems(entries, quote.lineItems, style) };
}

/**
 * Whether a corrected value is the one printed at a source's place (a person fixed how it was
 * read, not where): then the correction keeps the source.
 */
export function printedAt(source: { text?: string } | null | undefined, field: QuoteField, value: string | number): boolean {
  if (!source?.text) return false;
  return matcher(value, KINDS[field], numberStyle(source.text))(source.text) !== null;
}
