import { moneyTokens, parseNumber } from "../numbers";
import type { LineItem } from "../schema";
import { expressionItem } from "./expression-item";
import { formItem } from "./form-item";
import { headerOf, type Header } from "./item-header";
import {
  NUMERIC,
  UNIT_WORDS,
  align,
  alignByPosition,
  cellValues,
  close,
  isValueCell,
  rowValues,
  splitTrailing,
  valuesToItem,
} from "./item-values";
import { NOT_TOTAL_LABELS, wordPattern } from "./lexicon";
import { classify } from "./totals";
import { clean, fold, type Doc, type Row } from "./text";

export { headerOf } from "./item-header";

/**
 * Line items from the item table: its header row is found by column words in the supported
 * languages (a cell may hold several: "Menge Einzelpreis"), each row's trailing values are
 * mapped onto the header's columns (by x position when the reader gave geometry, otherwise by
 * an alignment that fits numbers to number columns, units to unit columns and rates to rate
 * columns), wrapped description lines are joined, section subtotals are skipped, and the table
 * ends at the totals. A table that runs over several pages repeats its header or just goes on.
 */

export interface Items {
  items: LineItem[];
  /** Rows that belong to the item tables (header to last item), so totals are read elsewhere. */
  inside: Set<number>;
}

const hasLetters = (s: string) => /\p{L}{2}/u.test(s);

/** Where a row's description ends: its first cell of words that is not a value, when a cell follows it (the amounts). */
export function descriptionEnd(row: Row): number | undefined {
  const first = row.cells.findIndex((c) => hasLetters(c.text) && !isValueCell(c));
  return first < 0 || first === row.cells.length - 1 ? undefined : first;
}

/** A row's line number in a cell of its own before the description ("1 | Cement | 50 | ..."). */
const INDEX_CELL = /^\d{1,3}[.)]?$/;

/** A row's cells up to and including `end`, as one description; a leading line number is not part of it. */
export const descriptionOf = (row: Row, end: number) =>
  clean(
    row.cells
      .slice(0, end + 1)
      .filter((c, i) => i > 0 || i === end || !INDEX_CELL.test(c.text.trim()))
      .map((c) => c.text)
      .join(" "),
  );

/**
 * A row whose label names a total, subtotal, tax, shipping or discount line: its first text
 * cell, or a later one followed by at most one amount ("Notes ... | Total HT : | 250 000").
 */
function totalsKind(row: Row, doc: Doc): string | undefined {
  const texts = row.cells.map((c, i) => ({ c, i })).filter(({ c }) => hasLetters(c.text) && !isValueCell(c));
  // the label leads its cell: "Total HT", "19% VAT", never a description that mentions a port or a tax
  const kindOf = (text: string) =>
    classify(
      fold(text)
        .split(/\s+/)
        .slice(0, 4)
        .join(" ")
        .replace(/[\d.,%€$£]+/g, " "),
    )?.field;
  if (texts.length === 0) return undefined;
  const first = kindOf(texts[0]!.c.text);
  if (first) return first;
  const last = texts[texts.length - 1]!;
  const after = row.cells.slice(last.i + 1).flatMap((c) => moneyTokens(c.text, doc.style));
  return after.length <= 1 && /^\p{L}/u.test(last.c.text.trim()) ? kindOf(last.c.text) : undefined;
}
const TOTAL_WORD = /(?<![\p{L}])(total|totaal|totale|gesamt|summe|somme|jumlah)(?![\p{L}])/u;
/** Payments, balances, deposits: lines after the totals that are not items either. */
export const NOT_TOTAL = wordPattern(NOT_TOTAL_LABELS);
const strongTotal = (row: Row) => row.cells.some((c) => classify(fold(c.text).replace(/[\d.,%€$£]+/g, " "))?.rank === 3);

export const isTotalsRow = (row: Row, doc: Doc) => {
  const kind = totalsKind(row, doc);
  return kind !== undefined && kind !== "discount" && moneyTokens(row.text, doc.style).length > 0;
};

interface Parsed {
  item?: LineItem;
  text?: string;
}

/** Footer, contact and bank lines that interrupt a table on a page break: never items, never part of a description. */
export const CONTACT =
  /(?<![\p{L}])(iban|bic|swift|tel|phone|fax|e-?mail|ust-?id\w*|steuer-?nr|vat (no|reg)|siret|siren|rcs|hrb|kvk|gstin|bankverbindung|kontoinhaber|geschaftsfuhrer|page \d|seite \d|pagina \d)(?![\p{L}])|@|www\./u;

function parseRow(row: Row, header: Header, doc: Doc): Parsed {
  if (CONTACT.test(row.key)) return {};
  const numericColumns = header.columns.filter((c) => NUMERIC.includes(c.type));
  let { lead, values } = rowValues(row, doc);
  let description = "";
  if (values.length === 0) {
    const joined = lead.map((c) => c.text).join(" ");
    if (row.cells.length > 1) return { text: clean(joined) };
    const split = splitTrailing(joined, doc);
    const nums = split.values.filter((v) => v.kind === "num");
    // one bare number after words is a wrapped description ("Wandkraan chroom inclusief 2"), not a line
    // ...nor is a measure ending it ("Hin- und Rückfahrt, 7,5 t")
    const measure = nums.length === 1 && !nums[0]!.money && split.values.at(-1)?.kind === "unit";
    if (nums.length === 0 || (nums.length === 1 && !nums[0]!.decimals && !nums[0]!.money) || measure) return { text: clean(joined) };
    description = split.description;
    values = split.values;
    lead = [];
  }
  const columns = numericColumns.map((c) => c.type);
  let leadQuantity: number | null = null;
  // no amount column (its title split over two lines): a trailing value is the line amount
  if (!columns.includes("amount")) columns.push("amount");
  if (!description) {
    const sameShape = row.cells.length === header.row.cells.length;
    const typeAt = (cell: number) => header.columns.filter((c) => c.cell === cell).map((c) => c.type);
    let parts: string[];
    if (sameShape && lead.some((_, i) => typeAt(i).includes("description"))) {
      // cells line up with the header: keep the description column (and nothing the header calls a code, tax or index);
      // "Pos. Bezeichnung" or "Menge Beschreibung" over "1 Webshop-Einrichtung": the leading number is the index or the quantity
      parts = lead.map((c, i) => {
        const types = typeAt(i);
        // "Qty | Description | ...": a quantity column before the description
        if (types[0] === "quantity" && /^\d+([.,]\d+)?$/.test(c.text.trim())) leadQuantity = parseNumber(c.text, doc.style);
        if (!types.includes("description")) return "";
        const first = /^(\d+(?:[.,]\d+)?)\.?\s+(?=\S)/.exec(c.text);
        if (first && (types[0] === "index" || types[0] === "quantity")) {
          if (types[0] === "quantity") leadQuantity = Number(first[1]!.replace(",", "."));
          return c.text.slice(first[0].length);
        }
        return c.text;
      });
      parts = parts.filter((t) => t.trim() !== "");
    } else {
      const hasIndex = header.columns.some((c) => c.type === "index");
      const hasCode = header.columns.some((c) => c.type === "code");
      parts = lead.map((c) => c.text).filter((t) => t.trim() !== "");
      const firstColumn = header.columns[0]?.type;
      if (firstColumn === "quantity" && parts.length > 1 && /^\d+([.,]\d+)?$/.test(parts[0]!)) {
        leadQuantity = parseNumber(parts[0]!, doc.style);
        parts = parts.slice(1);
      } else if (hasIndex && parts.length > 1 && /^\d{1,4}\.?$/.test(parts[0]!)) parts = parts.slice(1);
      else if (hasIndex && parts.length > 0) parts[0] = parts[0]!.replace(/^\d{1,3}\.?\s+(?=\p{L})/u, "");
      // the code column's cell; a code the reader joined to the description ("GRF-ETQ Progettazione grafica") loses the code only
      if (hasCode && parts.length > 0) {
        const [code, ...words] = parts[0]!.split(" ");
        if (words.length > 0 && CODE_ONLY.test(code!)) parts = [words.join(" "), ...parts.slice(1)];
        else if (parts.length > 1) parts = parts.slice(1);
      }
    }
    description = clean(parts.join(" "));
  }
  // "Workshop vor Ort 4 | Std 360 e": a quantity glued to the description
  let leadNumber: number | null = null;
  const glued = /\s(\d+(?:[.,]\d+)?)$/.exec(description);
  if (
    glued &&
    values.filter((v) => v.kind === "num").length < columns.filter((c) => c !== "unit" && c !== "tax" && c !== "discount").length
  ) {
    leadNumber = Number(glued[1]!.replace(",", "."));
  }
  // a quantity read before the description leaves no quantity among the values after it
  const rest = leadQuantity === null ? columns : columns.filter((c) => c !== "quantity");
  const assigned = alignByPosition(values, row, numericColumns) ?? align(values, rest);
  const got = valuesToItem(values, assigned, leadNumber);
  if (got.usedLead && glued) description = description.slice(0, glued.index).trim();
  if (got.quantity === null && leadQuantity !== null) got.quantity = leadQuantity;
  // a line named by a unit word alone ("Hours | 7,5 | 40,00 | 300,00"): that word describes it
  const named = row.cells[0]?.text.trim() ?? "";
  if (!/[\p{L}\d]/u.test(description) && UNIT_WORDS.test(named) && got.amount !== null) description = named;
  if (!/[\p{L}\d]/u.test(description)) return {};
  if (got.amount === null && got.unitPrice === null && got.quantity === null) return { text: row.text };
  return {
    item: { description, quantity: got.quantity, unit: got.unit, unitPrice: got.unitPrice, amount: got.amount, page: row.page },
  };
}

/** How many rows without an item may pass before the table is over. */
const MAX_GAP = 12;

/** A number written as money: with cents, a currency, or thousands grouped ("2.740.000" where no cents are written). */
const moneyLike = (v: { text: string; decimals?: boolean; money?: unknown }) =>
  Boolean(v.decimals || v.money || /\d[.,'\u00a0\u202f ]\d{3}(?!\d)/.test(v.text));

/** How many of a row's last numbers the arithmetic looks at: a line holds a quantity, a price, a rate and an amount or two. */
const LAST_NUMBERS = 6;

/**
 * The arithmetic of a row whose numbers sit among words, units, currency and tax codes
 * ("[AX210] Wireless Bridge | 1 Unit 18,400.00 | ST1 Ksh 18,400.00"): its description is its first
 * cell with words, its amount the last number after it, and a quantity and a unit price, in that
 * order, whose product is the amount.
 */
function mixedArithmetic(row: Row, doc: Doc): LineItem | undefined {
  const first = descriptionEnd(row);
  if (first === undefined) return undefined;
  const nums = row.cells
    .slice(first + 1)
    .flatMap((c, i) => cellValues(c.text, first + 1 + i, doc))
    .filter((v) => v.kind === "num" && v.value !== undefined)
    .slice(-LAST_NUMBERS);
  const amount = nums.at(-1);
  if (!amount || !amount.value || !moneyLike(amount)) return undefined;
  for (let j = nums.length - 2; j >= 1; j--) {
    const price = nums[j]!;
    if (!moneyLike(price)) continue;
    for (let i = j - 1; i >= 0; i--) {
      const quantity = nums[i]!.value!;
      if (quantity > 0 && close(quantity * price.value!, amount.value))
        return {
          description: descriptionOf(row, first),
          quantity,
          unit: null,
          unitPrice: price.value!,
          amount: amount.value,
          page: row.page,
        };
    }
  }
  return undefined;
}

/**
 * Rows that are items by their arithmetic alone, for a table whose header was not read: a
 * description, then numbers whose quantity x unit price is the line amount, at least two such
 * rows one after the other, or a calculation written out on the row.
 */
function arithmeticRows(doc: Doc): Items {
  const found: { item: LineItem; row: Row; written?: Row }[] = [];
  for (const [i, row] of doc.rows.entries()) {
    if (CONTACT.test(row.key)) continue;
    // a totals label on a row whose quantity x unit price is its amount names an item ("Delivery | 1 | 250.00 | 250.00")
    const totals = isTotalsRow(row, doc);
    // a description cell followed by value cells: the cells say where the description ends, so
    // its own measures ("Cement 50 kg", "(1 load = 4 m³)") stay in it
    const byCells = !totals && row.cells.length >= 3 ? mixedArithmetic(row, doc) : undefined;
    if (byCells) {
      found.push({ item: byCells, row });
      continue;
    }
    const above = doc.rows[i - 1];
    const written = expressionItem(row, doc, above?.page === row.page && !isTotalsRow(above, doc) ? above : undefined);
    if (written && !totals) {
      found.push({ item: written.item, row, written: written.described });
      continue;
    }
    const joined = descriptionOf(row, row.cells.length - 1);
    const { description, values } = splitTrailing(joined, doc);
    const nums = values.filter((v) => v.kind === "num").map((v) => v.value!);
    if (nums.length < 3 || !/\p{L}{2}/u.test(description)) {
      // (a row of three or more cells was tried by its cells above)
      if (totals || row.cells.length >= 3) continue;
      const item = mixedArithmetic(row, doc);
      if (item) found.push({ item, row });
      continue;
    }
    const amount = nums[nums.length - 1]!;
    const [quantity, unitPrice] = [nums[nums.length - 3]!, nums[nums.length - 2]!];
    // a free line ("Setup | 1 | 0.00 | 0.00") is an item, but only among priced ones
    if ((amount === 0 && !(quantity > 0 && unitPrice === 0)) || !close(quantity * unitPrice, amount)) continue;
    found.push({ item: { description, quantity, unit: null, unitPrice, amount, page: row.page }, row });
  }
  // rows of one table sit together (a priced row near each); a calculation written out is a line wherever it stands
  const kept = found.filter(
    (f, i) => f.written || found.some((g, j) => j !== i && g.item.amount !== 0 && Math.abs(g.row.n - f.row.n) <= 3),
  );
  return { items: kept.map((k) => k.item), inside: new Set(kept.flatMap((k) => [k.row.n, ...(k.written ? [k.written.n] : [])])) };
}

/** Rows whose amounts end within this many points of each other share a right-aligned column. */
const COLUMN_SLACK = 6;
/** A column of amounts is a table from this many rows on. */
const MIN_COLUMN_ROWS = 3;
/** Rows of one table are at most this many rows apart (wrapped descriptions, section headings). */
const MAX_ROW_GAP = 4;

/**
 * Rows that are items by their geometry, for a table with no header the rules know and no
 * arithmetic to confirm it: a description on the left and an amount whose right edge lines up
 * with the amounts of at least MIN_COLUMN_ROWS nearby rows of the page (a right-aligned money
 * column). Totals, contact and footer lines never count.
 */
function columnRows(doc: Doc): Items {
  const candidates = doc.rows.flatMap((row) => {
    const last = row.cells.at(-1);
    if (!last || last.x1 === undefined || CONTACT.test(row.key) || isTotalsRow(row, doc)) return [];
    const first = descriptionEnd(row);
    const amount = moneyTokens(last.text, doc.style).at(-1);
    if (first === undefined || !amount?.decimals) return [];
    return [{ row, right: last.x1, left: row.cells[first]!.x0, first, amount: amount.value }];
  });
  const inColumn = (c: (typeof candidates)[number], d: (typeof candidates)[number]) =>
    d.row.page === c.row.page &&
    Math.abs(d.right - c.right) <= COLUMN_SLACK &&
    Math.abs(d.row.n - c.row.n) <= MAX_ROW_GAP * MIN_COLUMN_ROWS;
  // priced rows make the column; a free line ("0.00") in it, between two of them, is an item too
  const priced = candidates.filter(
    (c) => c.amount !== 0 && candidates.filter((d) => d.amount !== 0 && inColumn(c, d)).length >= MIN_COLUMN_ROWS,
  );
  const kept = candidates.filter(
    (c) =>
      priced.includes(c) ||
      (c.amount === 0 &&
        priced.some((p) => inColumn(c, p) && p.row.n < c.row.n) &&
        priced.some((p) => inColumn(c, p) && p.row.n > c.row.n)),
  );
  const items = withoutBreakdowns(kept).map(({ row, first, amount }): LineItem => {
    const nums = row.cells
      .slice(first + 1, -1)
      .flatMap((c) => moneyTokens(c.text, doc.style))
      .map((t) => t.value);
    const [quantity, unitPrice] =
      nums.length >= 2 && close(nums.at(-2)! * nums.at(-1)!, amount) ? [nums.at(-2)!, nums.at(-1)!] : [null, null];
    return { description: descriptionOf(row, first), quantity, unit: null, unitPrice, amount, page: row.page };
  });
  return { items, inside: new Set(kept.map((k) => k.row.n)) };
}

interface ColumnRow {
  row: Row;
  left?: number;
  amount: number;
}

/**
 * A statement's column of amounts also lists what makes each amount up ("Cloud storage | 2.22",
 * then indented "Charges | 2.22", "Credits | 0.00") and sums them ("Services | 4.11" over its
 * lines): rows indented under a row whose amount they make up are part of it, and a row whose
 * amount is the sum of all the others is their summary, not one more line.
 */
function withoutBreakdowns<T extends ColumnRow>(rows: T[]): T[] {
  const parentOf = (c: T) =>
    rows.findLast(
      (p) =>
        p.row.page === c.row.page &&
        p.row.n < c.row.n &&
        p.left !== undefined &&
        c.left !== undefined &&
        c.left - p.left > COLUMN_SLACK &&
        rows.every((q) => q.row.n <= p.row.n || q.row.n >= c.row.n || (q.left ?? 0) - p.left! > COLUMN_SLACK),
    );
  const children = new Map<T, T[]>();
  for (const c of rows) {
    const parent = parentOf(c);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const parts = new Set(
    [...children].flatMap(([parent, kids]) =>
      kids.some((k) => close(k.amount, parent.amount)) ||
      close(
        kids.reduce((s, k) => s + k.amount, 0),
        parent.amount,
      )
        ? kids
        : [],
    ),
  );
  const lines = rows.filter((c) => !parts.has(c));
  const sum = lines.reduce((s, p) => s + p.amount, 0);
  const summaries = lines.filter((p) => lines.length >= 3 && p.amount !== 0 && close(2 * p.amount, sum));
  return summaries.length === 1 ? lines.filter((p) => p !== summaries[0]) : lines;
}

export function readItems(doc: Doc): Items {
  const read = readTables(doc);
  if (read.items.length > 0) return read;
  const arithmetic = arithmeticRows(doc);
  if (arithmetic.items.length > 0) return arithmetic;
  const columns = columnRows(doc);
  if (columns.items.length > 0) return columns;
  const form = formItem(doc);
  return form ? { items: [form.item], inside: new Set(form.rows.map((r) => r.n)) } : columns;
}

/** An article code with no words ("ETQ-1014", "A-22/7", "GRF-ETQ"): capitals and digits, with a digit or a dash. */
const CODE_ONLY = /^(?=\S*[\d-])[\p{Lu}\d][\p{Lu}\d./_-]{2,19}$/u;

/** A row of text only, and the item it was appended to as a continuation (if any). */
interface TextRow {
  j: number;
  text: string;
  to?: LineItem;
}

/** Takes a text row back from the item it was appended to: it begins the next item's description instead. */
function detach(textRow: TextRow) {
  if (textRow.to) textRow.to.description = clean(textRow.to.description.slice(0, -textRow.text.length));
}

/** A row with a description cell put before its cells. */
function withDescription(row: Row, description: string): Row {
  const cells = [{ text: description, key: fold(description) }, ...row.cells];
  const text = cells.map((c) => c.text).join(" | ");
  return { ...row, cells, text, key: fold(text) };
}

function readTables(doc: Doc): Items {
  const items: LineItem[] = [];
  const inside = new Set<number>();
  const rows = doc.rows;
  for (let i = 0; i < rows.length; i++) {
    let header = headerOf(rows[i]!, doc);
    if (!header) continue;
    const start = i;
    let last = i;
    let gap = 0;
    let previous: LineItem | undefined;
    // the text row just read, and the item it was added to (if any)
    let textRow: TextRow | undefined;
    const shapes: number[] = [];
    let j = i + 1;
    for (; j < rows.length; j++) {
      const row = rows[j]!;
      const again = headerOf(row, doc);
      if (again) {
        header = again;
        previous = undefined;
        continue;
      }
      // a row of totals labels ("TOTAL HT | TOTAL TVA | TOTAL TTC") heads the totals, not more items
      const labels = row.cells.filter((c) => classify(c.key.replace(/[\d.,%€$£]+/g, " ")));
      if (last > start && labels.length >= 2 && labels.some((c) => TOTAL_WORD.test(c.key)) && moneyTokens(row.text, doc.style).length === 0)
        break;
      // a row whose quantity x unit price is its amount is an item, whatever its words ("Porte d'entrée", "Tax consulting")
      let parsedFirst = parseRow(row, header, doc);
      // values alone, set beside the middle of a wrapped description ("Cocktail, 12 pièces par" / "24,50 € | 80 | 1 960,00 €"
      // / "convive"): the text row above starts their description, even if it was taken to continue the item before
      // (or by an article code alone: "ETQ-1014 | 12.000 pz | 0,085 | 1.020,00")
      const lead = row.cells[0]?.text.trim() ?? "";
      const coded = CODE_ONLY.test(lead);
      if (textRow?.j === j - 1 && !parsedFirst.item && !parsedFirst.text && (coded || !hasLetters(lead))) {
        const values = coded ? { ...row, cells: row.cells.slice(1) } : row;
        const described = parseRow(withDescription(values, textRow.text), header, doc);
        if (described.item) {
          detach(textRow);
          textRow = undefined;
          parsedFirst = described;
        }
      }
      const complete =
        parsedFirst.item && [parsedFirst.item.quantity, parsedFirst.item.unitPrice, parsedFirst.item.amount].every((v) => v !== null);
      if (!complete && isTotalsRow(row, doc)) {
        // a grand total always ends the table
        if (strongTotal(row)) break;
        // a section subtotal is followed by more items; the totals are not
        const ahead = rows.slice(j + 1, j + 5);
        // ...with as many cells as the items so far: markup lines under a total ("Risico-opslag (3%) €1.204,50") are not items
        const shape = shapes.length ? Math.min(3, shapes.sort((a, b) => a - b)[Math.floor(shapes.length / 2)]!) : 1;
        const more = ahead.findIndex(
          (r) =>
            totalsKind(r, doc) === undefined &&
            !NOT_TOTAL.test(r.key) &&
            r.cells.filter((c) => c.text).length >= shape &&
            parseRow(r, header!, doc).item?.amount != null,
        );
        const totalsFirst = ahead.findIndex((r) => isTotalsRow(r, doc));
        if (more >= 0 && (totalsFirst < 0 || more < totalsFirst)) {
          previous = undefined;
          continue;
        }
        break;
      }
      const parsed = parsedFirst;
      const filled = row.cells.filter((c) => c.text).length;
      if (parsed.item) {
        // "Interior painting of the halls" / "and corridors, two coats | 1 | 1,200.00": a description
        // that starts in lower case continues the text row above, whose item it is
        if (textRow?.j === j - 1 && /^\p{Ll}/u.test(parsed.item.description)) {
          detach(textRow);
          parsed.item.description = clean(`${textRow.text} ${parsed.item.description}`).slice(0, 1000);
        }
        items.push(parsed.item);
        shapes.push(filled);
        previous = parsed.item;
        last = j;
        gap = 0;
      } else if (parsed.text && previous && gap === 0 && !/:\s*$/.test(parsed.text) && filled === 1) {
        const text = clean(parsed.text);
        previous.description = clean(`${previous.description} ${text}`).slice(0, 1000);
        if (previous.description.endsWith(text)) textRow = { j, text, to: previous };
        last = j;
      } else {
        if (parsed.text && filled === 1) textRow = { j, text: clean(parsed.text) };
        // headings of a long outline ("C2(14) | Binnenschilderwerk") weigh less than stray rows
        gap += parsed.text && !/\d{3}/.test(parsed.text) ? 0.34 : 1;
        if (gap > MAX_GAP) break;
      }
    }
    for (let k = start; k <= last; k++) inside.add(rows[k]!.n);
    i = Math.max(i, last);
  }
  return { items, inside };
}
