import { moneyTokens, parseNumber } from "../numbers";
import type { LineItem } from "../schema";
import { COLUMN_WORDS, NOT_TOTAL_LABELS, wordPattern, type Column } from "./lexicon";
import { findDates } from "./dates";
import { classify } from "./totals";
import { clean, fold, type Cell, type Doc, type Row } from "./text";

/**
 * Line items from the item table: its header row is found by column words in the supported
 * languages (a cell may hold several: "Menge Einzelpreis"), each row's trailing values are
 * mapped onto the header's columns (by x position when the reader gave geometry, otherwise by
 * an alignment that fits numbers to number columns, units to unit columns and rates to rate
 * columns), wrapped description lines are joined, section subtotals are skipped, and the table
 * ends at the totals. A table that runs over several pages repeats its header or just goes on.
 */

interface HeaderColumn {
  type: Column;
  cell: number;
  x0?: number;
  x1?: number;
}

export interface Header {
  row: Row;
  columns: HeaderColumn[];
}

/** Column phrases, longest first, with the column they name (first listed wins for shared words). */
const PHRASES: [string, Column][] = (() => {
  const order: Column[] = ["amount", "unitPrice", "quantity", "unit", "discount", "tax", "description", "code", "index", "date"];
  const seen = new Map<string, Column>();
  for (const column of order) for (const word of COLUMN_WORDS[column]) if (!seen.has(word)) seen.set(word, column);
  return [...seen.entries()].sort((a, b) => b[0].length - a[0].length);
})();
/** The phrases by their first character, so a header cell is split without trying every phrase at every word. */
const BY_FIRST = new Map<string, [string, Column][]>();
for (const entry of PHRASES) BY_FIRST.set(entry[0][0]!, [...(BY_FIRST.get(entry[0][0]!) ?? []), entry]);
const PRIMARY_DESCRIPTION =
  /^(description|desc|designation|libelle|bezeichnung|beschreibung|omschrijving|descripcion|concepto|descrizione|descricao|uraian|keterangan|deskripsi|particulars|details|item description|description of .*|nom & designation|leistung|prestation|artikelbezeichnung)/;

/** Splits a header cell into the column phrases it holds; null when it holds words that are not column names. */
function cellColumns(key: string): { types: Column[]; spans: [number, number][]; covered: number; letters: number } {
  const types: Column[] = [];
  const spans: [number, number][] = [];
  // same length as the key, so a phrase's position is its place across the cell
  const text = key.replace(/\((?:[^)]*)\)/g, (m) => " ".repeat(m.length)).replace(/[€$£%*:]/g, " ");
  const letters = text.replace(/[^\p{L}]/gu, "").length;
  let covered = 0;
  let at = 0;
  while (at < text.length) {
    const skip = /^[\s|/.,-]+/.exec(text.slice(at));
    if (skip) at += skip[0].length;
    if (at >= text.length) break;
    const rest = text.slice(at);
    const hit = BY_FIRST.get(rest[0]!)?.find(([phrase]) => rest.startsWith(phrase) && !/[\p{L}]/u.test(rest.charAt(phrase.length)));
    if (hit) {
      types.push(hit[1]);
      spans.push([at / text.length, (at + hit[0].length) / text.length]);
      covered += hit[0].replace(/[^\p{L}]/gu, "").length;
      at += hit[0].length;
    } else {
      const word = /^\S+/.exec(rest)![0];
      // currency and tax qualifiers: "EUR", "HT", "excl.", "netto"
      if (
        /^(eur|usd|gbp|chf|inr|ht|ttc|excl|incl|exkl|inkl|net|netto|brutto|mwst|vat|tva|btw|per|de|du|of|the|a|en|in|pro|je|par|por|x)\.?$/.test(
          word,
        )
      )
        covered += word.replace(/[^\p{L}]/gu, "").length;
      at += word.length;
    }
  }
  return { types, spans, covered, letters };
}

/** The item-table header a row is, if it is one. */
export function headerOf(row: Row, doc: Doc): Header | undefined {
  if (row.cells.length < 2 && row.text.length > 120) return undefined;
  const columns: HeaderColumn[] = [];
  let covered = 0;
  let letters = 0;
  row.cells.forEach((cell, c) => {
    const got = cellColumns(cell.key);
    covered += got.covered;
    letters += got.letters;
    got.types.forEach((type, k) => {
      // a cell holding several column names ("Menge Einheit Preis/Einh Gesamt"): each its share of the cell's width
      const [from, to] = got.spans[k]!;
      const width = cell.x0 !== undefined ? cell.x1! - cell.x0 : 0;
      columns.push({ type, cell: c, ...(cell.x0 !== undefined ? { x0: cell.x0 + width * from, x1: cell.x0 + width * to } : {}) });
    });
  });
  if (letters === 0 || covered / letters < 0.6) return undefined;
  // a header holds no amounts
  if (moneyTokens(row.text, doc.style).some((t) => t.decimals || t.currency)) return undefined;
  const types = new Set(columns.map((c) => c.type));
  const numeric = ["quantity", "unitPrice", "amount"].filter((t) => types.has(t as Column)).length;
  // the description column may be unnamed (or lost by OCR) when two number columns are named
  const described = types.has("description") || types.has("code") || (numeric >= 2 && row.cells.length <= 6 && row.cells.length >= 2);
  if (!described || numeric === 0 || columns.length < 3 - (row.cells.length === 1 ? 0 : 1)) return undefined;
  // several description-like columns: the one named "description" describes, the others are codes
  const descriptions = columns.filter((c) => c.type === "description");
  if (descriptions.length > 1) {
    const primary =
      descriptions.find((c) => PRIMARY_DESCRIPTION.test(row.cells[c.cell]!.key.trim())) ?? descriptions[descriptions.length - 1]!;
    for (const c of descriptions) if (c !== primary) c.type = "code";
  }
  if (!columns.some((c) => c.type === "description")) {
    const code = columns.find((c) => c.type === "code");
    if (code) code.type = "description";
  }
  // an amount column before the unit price ("Jumlah | Harga Satuan | Total") counts units
  const firstPrice = columns.findIndex((c) => c.type === "unitPrice");
  const amounts = columns.filter((c) => c.type === "amount");
  if (firstPrice >= 0 && amounts.length > 1 && columns.indexOf(amounts[0]!) < firstPrice && !types.has("quantity"))
    amounts[0]!.type = "quantity";
  // a table with prices but no amount column: the last price is the line amount
  if (!types.has("amount")) {
    const prices = columns.filter((c) => c.type === "unitPrice");
    if (prices.length > 0 && (!types.has("quantity") || prices.length > 1)) prices[prices.length - 1]!.type = "amount";
  }
  return { row, columns };
}

// ---------------------------------------------------------------- row values

type ValueKind = "num" | "pct" | "unit" | "word" | "date";

interface Value {
  kind: ValueKind;
  /** Where it starts in its cell. */
  at?: number;
  text: string;
  value?: number;
  money?: boolean;
  decimals?: boolean;
  cell: number;
}

const UNIT_WORDS =
  /^(ea|each|pc|pcs|piece|pieces|units?|unit\(s\)|hrs?|hours?|h|days?|nights?|rooms?|tag|tage|std|stunden?|stk|stuck|pauschal|pausch|psch|m|m2|m²|m3|m³|lm|kg|g|t|l|liters?|liter\(s\)|lot|lots|set|sets|box|boxes|pack|packs|months?|monat|monate|jours?|heures?|forfait|ml|mm|cm|km|kwh|u|ud|uds|unidad|unidades|stuks|st|pce|pces|pz|pezzi|unita|unid|buah|pcs\.|qty|x|sqm|sqft|ft|in|yd|gal|lb|lbs|oz|mois|an|ans|year|years|jahr|jahre|jaar|jaren|ano|anos|week|weeks|woche|wochen|semaine|semaines|uur|ore|horas|jam|hari|bulan|tahun|[a-z]\d{2}|c62|h87)\.?$/i;

// a value cell holds numbers, rates, units and short qualifiers ("15.00 Units", "100.00 TVA 20%", "Std 0 e")
const isValueCell = (cell: Cell) => {
  const t = cell.text.trim();
  if (!t) return true;
  if (UNIT_WORDS.test(t)) return true;
  if (!/\d/.test(t)) return false;
  const rest = t
    .replace(/\(s\)/g, "")
    .replace(/[-+]?\d[\d.,'’ ]*[-–]?\s?%?/g, " ")
    .replace(/[$€£¥₹()*–-]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return rest.every((w) => UNIT_WORDS.test(w) || /^[A-Z]{2,4}\.?$/.test(w) || /^(e|x|rs\.?|rp\.?)$/i.test(w));
};

/** A row's cells as description text followed by its values (numbers, rates, units). */
function rowValues(row: Row, doc: Doc): { lead: Cell[]; values: Value[]; splitCell: number } {
  let split = row.cells.length;
  while (split > 0 && isValueCell(row.cells[split - 1]!)) split--;
  if (split === row.cells.length && row.cells.length > 0) {
    // one long cell (OCR, or a description glued to its numbers): values are the trailing tokens
    return { lead: row.cells, values: [], splitCell: split };
  }
  const values: Value[] = [];
  for (let c = split; c < row.cells.length; c++) values.push(...cellValues(row.cells[c]!.text, c, doc));
  return { lead: row.cells.slice(0, split), values, splitCell: split };
}

function cellValues(raw: string, cell: number, doc: Doc): Value[] {
  const out: (Value & { at: number })[] = [];
  // dates are values of their own, never numbers ("30. April 2026", "02/17/26")
  let text = raw;
  for (const d of findDates(raw)) {
    out.push({ kind: "date", text: raw.slice(d.index, d.end), cell, at: d.index });
    text = text.slice(0, d.index) + " ".repeat(d.end - d.index) + text.slice(d.end);
  }
  const words = (s: string, offset: number) => {
    for (const m of s.replace(/(\d)\s+%/g, "$1%").matchAll(/\S+/g)) {
      const w = m[0];
      const at = offset + m.index!;
      if (/^[-+]?\d+([.,]\d+)?%$/.test(w)) out.push({ kind: "pct", text: w, cell, at });
      else if (/^\p{L}[\p{L}\d().²³/-]{0,14}$/u.test(w)) out.push({ kind: UNIT_WORDS.test(w) ? "unit" : "word", text: w, cell, at });
    }
  };
  let at = 0;
  for (const token of moneyTokens(text, doc.style)) {
    words(text.slice(at, token.index), at);
    out.push({ kind: "num", text: token.text, value: token.value, money: token.currency, decimals: token.decimals, cell, at: token.index });
    at = token.index + token.text.length;
  }
  words(text.slice(at), at);
  return out.sort((a, b) => a.at - b.at);
}

/** Trailing values of a single-cell row ("Steel bracket 10 12.50 125.00"), and the description before them. */
function splitTrailing(text: string, doc: Doc): { description: string; values: Value[] } {
  const all = cellValues(text, 0, doc);
  let k = all.length;
  while (k > 0 && all[k - 1]!.kind !== "word") k--;
  const values = all.slice(k).filter((v) => v.kind !== "word");
  if (values.length === 0) return { description: text, values: [] };
  return { description: clean(text.slice(0, values[0]!.at)), values };
}

// ---------------------------------------------------------------- alignment

const NUMERIC: Column[] = ["quantity", "unit", "unitPrice", "discount", "tax", "amount", "date"];

function fit(value: Value, column: Column, last: boolean, lastColumn: boolean): number {
  switch (column) {
    case "amount":
      if (value.kind !== "num") return -9;
      // of two amount columns (net and gross) the first is taken only when both are filled
      if (!lastColumn) return 2;
      return value.decimals || value.money ? 3 + (last ? 1 : 0) : 1.5;
    case "unitPrice":
      return value.kind === "num" ? (value.decimals || value.money ? 2.5 : 1.5) : -9;
    case "quantity":
      if (value.kind !== "num") return -9;
      return value.money ? 0.5 : 2;
    case "unit":
      return value.kind === "unit" || value.kind === "word" ? 3 : -9;
    case "discount":
      return value.kind === "pct" ? 3 : value.kind === "num" ? 0.5 : -9;
    case "tax":
      return value.kind === "pct" ? 3 : value.kind === "num" ? 0.3 : value.kind === "word" ? 0.5 : -9;
    case "date":
      return value.kind === "date" ? 3 : -9;
    default:
      return -9;
  }
}

/** The best monotone assignment of values to columns (dynamic programming; unassigned values cost a little). */
function align(values: Value[], columns: Column[]): (Column | undefined)[] {
  const m = values.length;
  const n = columns.length;
  const lastAmount = columns.lastIndexOf("amount");
  const score: number[][] = Array.from({ length: m + 1 }, () => Array<number>(n + 1).fill(-Infinity));
  const move: (0 | 1 | 2)[][] = Array.from({ length: m + 1 }, () => Array<0 | 1 | 2>(n + 1).fill(0));
  score[0]![0] = 0;
  for (let i = 0; i <= m; i++)
    for (let j = 0; j <= n; j++) {
      const here = score[i]![j]!;
      if (here === -Infinity) continue;
      if (j < n && here > score[i]![j + 1]!) {
        score[i]![j + 1] = here;
        move[i]![j + 1] = 1; // skip a column
      }
      if (i < m) {
        const skip = here - (values[i]!.kind === "word" ? 0.2 : values[i]!.kind === "unit" ? 0.5 : 1.5);
        if (skip > score[i + 1]![j]!) {
          score[i + 1]![j] = skip;
          move[i + 1]![j] = 0; // leave a value unassigned
        }
      }
      if (i < m && j < n) {
        const s = here + fit(values[i]!, columns[j]!, j === lastAmount && i === m - 1, j === lastAmount);
        if (s > score[i + 1]![j + 1]!) {
          score[i + 1]![j + 1] = s;
          move[i + 1]![j + 1] = 2;
        }
      }
    }
  const out: (Column | undefined)[] = Array(m).fill(undefined);
  let i = m;
  let j = n;
  while (i > 0 || j > 0) {
    const mv = move[i]![j]!;
    if (mv === 2) {
      out[i - 1] = columns[j - 1];
      i--;
      j--;
    } else if (mv === 1) j--;
    else i--;
  }
  return out;
}

/**
 * Values under the header column they stand under, when the reader gave positions: each value
 * takes the column its horizontal extent overlaps most (or the nearest one), and a column keeps
 * its best value. Null when a value lands in a column of the wrong kind: the alignment by order decides then.
 */
function alignByPosition(values: Value[], row: Row, columns: HeaderColumn[]): (Column | undefined)[] | null {
  if (columns.some((c) => c.x0 === undefined) || row.cells.some((c) => c.text && c.x0 === undefined)) return null;
  const span = (v: Value): [number, number] => {
    const cell = row.cells[v.cell]!;
    const length = Math.max(1, cell.text.length);
    const width = cell.x1! - cell.x0!;
    const at = v.at ?? 0;
    return [cell.x0! + (width * at) / length, cell.x0! + (width * (at + v.text.length)) / length];
  };
  const chosen = values.map((v) => {
    if (v.kind === "word") return { column: -1, score: 0 };
    const [a, b] = span(v);
    let best = -1;
    let score = -Infinity;
    columns.forEach((c, i) => {
      const o = Math.min(b, c.x1!) - Math.max(a, c.x0!);
      const gap = o >= 0 ? o : -Math.min(Math.abs(a - c.x1!), Math.abs(b - c.x0!), Math.abs(b - c.x1!));
      if (gap > score) {
        score = gap;
        best = i;
      }
    });
    return { column: score > -40 ? best : -1, score };
  });
  const out: (Column | undefined)[] = values.map(() => undefined);
  columns.forEach((column, i) => {
    const mine = chosen.map((c, k) => ({ ...c, k })).filter((c) => c.column === i);
    if (mine.length === 0) return;
    const best = mine.sort((a, b) => b.score - a.score)[0]!;
    out[best.k] = column.type;
  });
  for (let k = 0; k < values.length; k++) if (out[k] && fit(values[k]!, out[k]!, false, true) <= -9) return null;
  return out.some((c) => c === "amount" || c === "unitPrice") ? out : null;
}

const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.015, Math.abs(b) * 0.001);

/** Numbers from the values by their column, with the arithmetic used to settle doubtful ones. */
function valuesToItem(values: Value[], assigned: (Column | undefined)[], leadNumber: number | null) {
  const get = (c: Column) => {
    const i = c === "amount" ? assigned.indexOf(c) : assigned.lastIndexOf(c);
    return i >= 0 ? values[i] : undefined;
  };
  let quantity = get("quantity")?.value ?? null;
  let unitPrice = get("unitPrice")?.value ?? null;
  const amountValue = get("amount");
  let amount = amountValue?.value ?? null;
  // "15.00 Units": a unit word right after the quantity, when no column is named for units
  const quantityAt = assigned.lastIndexOf("quantity");
  const follower = quantityAt >= 0 ? values[quantityAt + 1] : undefined;
  const unit = (get("unit") ?? (follower?.kind === "unit" ? follower : undefined))?.text.replace(/\.$/, "") ?? null;
  const nums = values.filter((v) => v.kind === "num").map((v) => v.value!);
  if (amount !== null && quantity !== null && unitPrice !== null && !close(quantity * unitPrice, amount)) {
    // find the pair of numbers before the amount that multiplies to it
    const before = values.slice(0, values.indexOf(amountValue!)).filter((v) => v.kind === "num");
    for (let a = 0; a < before.length; a++)
      for (let b = a + 1; b < before.length; b++)
        if (close(before[a]!.value! * before[b]!.value!, amount)) {
          quantity = before[a]!.value!;
          unitPrice = before[b]!.value!;
        }
  }
  // "Executive Chair with 2 | 150 | 300": the quantity was glued to the description
  let usedLead = false;
  if (leadNumber !== null && nums.length >= 2 && close(leadNumber * nums[nums.length - 2]!, nums[nums.length - 1]!)) {
    const consistent = quantity !== null && unitPrice !== null && amount !== null && close(quantity * unitPrice, amount);
    if (!consistent) {
      quantity = leadNumber;
      unitPrice = nums[nums.length - 2]!;
      amount = nums[nums.length - 1]!;
      usedLead = true;
    }
  }
  if (amount === null && nums.length === 1 && quantity === null && unitPrice === null) amount = nums[0]!;
  // a price with no column of its own between the quantity and the amount
  if (unitPrice === null && quantity !== null && amount !== null) {
    const price = values.find((v, i) => v.kind === "num" && assigned[i] === undefined && close(quantity! * v.value!, amount!));
    if (price) unitPrice = price.value!;
  }
  return { quantity, unit, unitPrice, amount, usedLead };
}

// ---------------------------------------------------------------- the table

export interface Items {
  items: LineItem[];
  /** Rows that belong to the item tables (header to last item), so totals are read elsewhere. */
  inside: Set<number>;
}

const hasLetters = (s: string) => /\p{L}{2}/u.test(s);

/**
 * A row whose label names a total, subtotal, tax, shipping or discount line: its first text
 * cell, or a later one followed by at most one amount ("Notes ... | Total HT : | 600 000").
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
/** Payments, balances, deposits: lines after the totals that are not items either. */
const NOT_TOTAL = wordPattern(NOT_TOTAL_LABELS);
const strongTotal = (row: Row) => row.cells.some((c) => classify(fold(c.text).replace(/[\d.,%€$£]+/g, " "))?.rank === 3);

const isTotalsRow = (row: Row, doc: Doc) => {
  const kind = totalsKind(row, doc);
  return kind !== undefined && kind !== "discount" && moneyTokens(row.text, doc.style).length > 0;
};

interface Parsed {
  item?: LineItem;
  text?: string;
}

/** Footer, contact and bank lines that interrupt a table on a page break: never items, never part of a description. */
const CONTACT =
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
    // one bare number after words is a wrapped description ("Grohe Sense Guard inclusief 3"), not a line
    if (nums.length === 0 || (nums.length === 1 && !nums[0]!.decimals && !nums[0]!.money)) return { text: clean(joined) };
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
      // "Pos. Bezeichnung" or "Menge Beschreibung" over "1 Shopware": the leading number is the index or the quantity
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
      if (hasCode && parts.length > 1) parts = parts.slice(1);
    }
    description = clean(parts.join(" "));
  }
  // "Sed diam nonumy eirmod tem 0 | Std 0 e": a quantity glued to the description
  let leadNumber: number | null = null;
  const glued = /\s(\d+(?:[.,]\d+)?)$/.exec(description);
  if (
    glued &&
    values.filter((v) => v.kind === "num").length < columns.filter((c) => c !== "unit" && c !== "tax" && c !== "discount").length
  ) {
    leadNumber = Number(glued[1]!.replace(",", "."));
  }
  const assigned = alignByPosition(values, row, numericColumns) ?? align(values, columns);
  const got = valuesToItem(values, assigned, leadNumber);
  if (got.usedLead && glued) description = description.slice(0, glued.index).trim();
  if (got.quantity === null && leadQuantity !== null) got.quantity = leadQuantity;
  if (!/[\p{L}\d]/u.test(description)) return {};
  if (got.amount === null && got.unitPrice === null && got.quantity === null) return { text: row.text };
  return {
    item: { description, quantity: got.quantity, unit: got.unit, unitPrice: got.unitPrice, amount: got.amount, page: row.page },
  };
}

/** How many rows without an item may pass before the table is over. */
const MAX_GAP = 12;

/**
 * Rows that are items by their arithmetic alone, for a table whose header was not read: a
 * description, then numbers whose quantity x unit price is the line amount, at least two such
 * rows one after the other.
 */
function arithmeticRows(doc: Doc): Items {
  const found: { item: LineItem; row: Row }[] = [];
  for (const row of doc.rows) {
    if (CONTACT.test(row.key) || isTotalsRow(row, doc)) continue;
    const joined = row.cells.map((c) => c.text).join(" ");
    const { description, values } = splitTrailing(joined, doc);
    const nums = values.filter((v) => v.kind === "num").map((v) => v.value!);
    if (nums.length < 3 || !/\p{L}{2}/u.test(description)) continue;
    const amount = nums[nums.length - 1]!;
    const [quantity, unitPrice] = [nums[nums.length - 3]!, nums[nums.length - 2]!];
    if (amount === 0 || !close(quantity * unitPrice, amount)) continue;
    found.push({ item: { description, quantity, unit: null, unitPrice, amount, page: row.page }, row });
  }
  // rows of one table sit together
  const kept = found.filter((f, i) => found.some((g, j) => j !== i && Math.abs(g.row.n - f.row.n) <= 3));
  return { items: kept.map((k) => k.item), inside: new Set(kept.map((k) => k.row.n)) };
}

export function readItems(doc: Doc): Items {
  const read = readTables(doc);
  return read.items.length > 0 ? read : arithmeticRows(doc);
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
      if (isTotalsRow(row, doc)) {
        // a grand total always ends the table
        if (strongTotal(row)) break;
        // a section subtotal is followed by more items; the totals are not
        const ahead = rows.slice(j + 1, j + 5);
        // ...with as many cells as the items so far: markup lines under a total ("Garanties (2%) €5.049,26") are not items
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
      const parsed = parseRow(row, header, doc);
      if (parsed.item) {
        items.push(parsed.item);
        shapes.push(row.cells.filter((c) => c.text).length);
        previous = parsed.item;
        last = j;
        gap = 0;
      } else if (parsed.text && previous && gap === 0 && !/:\s*$/.test(parsed.text) && row.cells.filter((c) => c.text).length === 1) {
        previous.description = clean(`${previous.description} ${parsed.text}`).slice(0, 1000);
        last = j;
      } else {
        // headings of a long outline ("B3A(74) | Vaste sanitairvoorzieningen") weigh less than stray rows
        gap += parsed.text && !/\d{3}/.test(parsed.text) ? 0.34 : 1;
        if (gap > MAX_GAP) break;
      }
    }
    for (let k = start; k <= last; k++) inside.add(rows[k]!.n);
    i = Math.max(i, last);
  }
  return { items, inside };
}
