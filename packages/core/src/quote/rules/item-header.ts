import { moneyTokens } from "../numbers";
import { COLUMN_WORDS, type Column } from "./lexicon";
import type { Doc, Row } from "./text";

/**
 * The item table's header row: column words in the supported languages, several to a cell when
 * the reader joined them ("Menge Einzelpreis"), each with its share of the cell's width when the
 * reader gave positions.
 */

export interface HeaderColumn {
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

/**
 * Titles that name one column only when they fill their cell: "Jumlah Harga" is the line amount,
 * but "Jumlah Harga Satuan" run together is the quantity, then the unit price.
 */
const WHOLE_CELL: Record<string, Column> = { "jumlah harga": "amount" };

/** Splits a header cell into the column phrases it holds; null when it holds words that are not column names. */
function cellColumns(key: string): { types: Column[]; spans: [number, number][]; covered: number; letters: number } {
  const whole =
    WHOLE_CELL[
      key
        .replace(/[^\p{L} ]/gu, "")
        .replace(/\s+/g, " ")
        .trim()
    ];
  if (whole) {
    const letters = key.replace(/[^\p{L}]/gu, "").length;
    return { types: [whole], spans: [[0, 1]], covered: letters, letters };
  }
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
      // a cell holding several column names ("Menge Einheit Einzelpreis Gesamt"): each its share of the cell's width
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
