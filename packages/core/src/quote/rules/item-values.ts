import { moneyTokens } from "../numbers";
import { findDates } from "./dates";
import type { HeaderColumn } from "./item-header";
import type { Column } from "./lexicon";
import { clean, type Cell, type Doc, type Row } from "./text";

/**
 * An item row's values (numbers, rates, units, dates) and the header columns they belong to:
 * by position when the reader gave it, else by an alignment that fits numbers to number columns,
 * units to unit columns and rates to rate columns, with quantity x unit price = amount settling
 * doubtful cases.
 */

export type ValueKind = "num" | "pct" | "unit" | "word" | "date";

export interface Value {
  kind: ValueKind;
  /** Where it starts in its cell. */
  at?: number;
  text: string;
  value?: number;
  money?: boolean;
  decimals?: boolean;
  cell: number;
}

/** Units of measure and packaging words that follow a quantity ("50 sak", "12 Rollen", "3 cad."), in the languages read. */
export const UNIT_WORDS = new RegExp(
  `^(${[
    "ea|each|pc|pcs|piece|pieces|units?|unit\\(s\\)|hrs?|hours?|h|days?|nights?|rooms?|tag|tage|std|stunden?|stk|stuck|stück|pauschal|pausch|psch",
    "m|m2|m²|m3|m³|lm|m1|ml|mm|cm|km|kwh|mq|mc|kg|g|t|l|liters?|liter\\(s\\)|lfm|lfdm|sqm|sqft|ft|in|yd|gal|lb|lbs|oz",
    "lot|lots|set|sets|kit|kits|box|boxes|pack|packs|bags?|rolls?|sheets?|bars?|lengths?|bundles?|pallets?|cartons?|cases?|pairs?|dozen|doz|cans?|bottles?|drums?|coils?|trips?|visits?|ls|job",
    "months?|monat|monate|mois|an|ans|year|years|jahr|jahre|jaar|jaren|ano|anos|week|weeks|woche|wochen|semaine|semaines",
    "jours?|heures?|forfait|fft|ens|u|sac|sacs|rouleaux?|paire|palette",
    "sack|sacke|säcke|rolle|rollen|karton|paar|pal|pak",
    "uur|stuks|st|stuk|zak|zakken|rol|doos",
    "ud|uds|unidad|unidades|pa|gl|jgo|caja|cajas|rollo|rollos|saco|sacos|pieza|piezas",
    "pce|pces|pz|pezzi|unita|cad|nr|corpo|ore|sacchi",
    "un|und|unid|pç|pc|peças|cx|caixa|vb|horas",
    "buah|bh|sak|btg|batang|lembar|lbr|dus|kaleng|titik|ttk|paket|orang|org|kali|jam|hari|bulan|tahun",
    "pcs\\.|qty|x|[a-z]\\d{2}|c62|h87",
  ].join("|")})\\.?$`,
  "i",
);

/** A price cell that says the line costs nothing extra ("included", "inkl.", "inclus", "gratis"). */
const INCLUDED =
  /^(incl\.?|included|inclusive|free|no charge|inclus|incluse|compris|offert|gratuit|inkl\.?|inklusive|inbegriffen|kostenlos|inbegrepen|inclusief|gratis|incluido|incluida|incluso|inclusa|incluído|incluída|termasuk)$/i;

// a value cell holds numbers, rates, units and short qualifiers ("12.00 Units", "250.00 TVA 20%", "Std 4 e")
export const isValueCell = (cell: Cell) => {
  const t = cell.text.trim();
  if (!t) return true;
  if (UNIT_WORDS.test(t) || INCLUDED.test(t)) return true;
  if (!/\d/.test(t)) return false;
  const rest = t
    .replace(/\(s\)/g, "")
    .replace(/[-+]?\d[\d.,'’ ]*[-–]?\s?%?/g, " ")
    // "R$", "S$", "US$", "HK$": a dollar sign with its country's letters; "S/" the sol
    .replace(/\b[A-Z]{1,2}\$|\bS\/\.?/g, " ")
    .replace(/[$€£¥₹()*–-]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return rest.every((w) => UNIT_WORDS.test(w) || /^[A-Z]{2,4}\.?$/.test(w) || /^(e|x|rs\.?|rp\.?)$/i.test(w));
};

/** A row's cells as description text followed by its values (numbers, rates, units). */
export function rowValues(row: Row, doc: Doc): { lead: Cell[]; values: Value[]; splitCell: number } {
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

export function cellValues(raw: string, cell: number, doc: Doc): Value[] {
  const out: (Value & { at: number })[] = [];
  // dates are values of their own, never numbers ("12. Mai 2031", "06/21/31")
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
export function splitTrailing(text: string, doc: Doc): { description: string; values: Value[] } {
  const all = cellValues(text, 0, doc);
  let k = all.length;
  while (k > 0 && all[k - 1]!.kind !== "word") k--;
  const values = all.slice(k).filter((v) => v.kind !== "word");
  if (values.length === 0) return { description: text, values: [] };
  return { description: clean(text.slice(0, values[0]!.at)), values };
}

// ---------------------------------------------------------------- alignment

export const NUMERIC: Column[] = ["quantity", "unit", "unitPrice", "discount", "tax", "amount", "date"];

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
export function align(values: Value[], columns: Column[]): (Column | undefined)[] {
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
export function alignByPosition(values: Value[], row: Row, columns: HeaderColumn[]): (Column | undefined)[] | null {
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

export const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.015, Math.abs(b) * 0.001);

/** Numbers from the values by their column, with the arithmetic used to settle doubtful ones. */
export function valuesToItem(values: Value[], assigned: (Column | undefined)[], leadNumber: number | null) {
  const get = (c: Column) => {
    const i = c === "amount" ? assigned.indexOf(c) : assigned.lastIndexOf(c);
    return i >= 0 ? values[i] : undefined;
  };
  let quantity = get("quantity")?.value ?? null;
  let unitPrice = get("unitPrice")?.value ?? null;
  const amountValue = get("amount");
  let amount = amountValue?.value ?? null;
  // "12.00 Units": a unit word right after the quantity, when no column is named for units
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
  // a quantity whose price and amount were put in the wrong columns: the last number that is the quantity times an earlier one
  if (quantity !== null && quantity !== 0 && !(unitPrice !== null && amount !== null && close(quantity * unitPrice, amount))) {
    const numbers = values.filter((v) => v.kind === "num" && v.value !== quantity);
    const last = numbers[numbers.length - 1];
    const price = last && numbers.slice(0, -1).find((v) => close(quantity! * v.value!, last.value!));
    if (last && price) {
      unitPrice = price.value!;
      amount = last.value!;
    }
  }
  // "Standing desk with 3 | 240 | 720": the quantity was glued to the description
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
