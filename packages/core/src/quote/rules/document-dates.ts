import { findDates, type DateOrder } from "./dates";
import { cellsUnder, previousRow } from "./fields";
import { CREDIT_WORDS, INVOICE_WORDS, ISSUE_DATE_LABELS, OTHER_DATE_LABELS, QUOTE_WORDS, VALID_UNTIL_LABELS, wordPattern } from "./lexicon";
import type { Doc, Row } from "./text";

/**
 * The document's own dates: the issue date (never a due, delivery, order, period or validity
 * date) and the date an offer is valid until. Every date on the page is read with the label
 * that names it: text before it in its cell, the cell to its left, the label cell above it in a
 * label row, or a label line ending with a colon just above.
 */

export type DateRole = "valid" | "other" | "issue" | "plain" | "none";

export interface DatedValue {
  iso: string;
  row: Row;
  role: DateRole;
  /** Position in the document: rows, then characters. */
  at: number;
}

const VALID = wordPattern(VALID_UNTIL_LABELS);
const OTHER = wordPattern(OTHER_DATE_LABELS);
const ISSUE = wordPattern(ISSUE_DATE_LABELS.filter((l) => !["date", "datum", "fecha", "data", "tanggal", "tgl", "dated"].includes(l)));
/** A date label, or a letter's place before its date ("Leipzig, den", "Surabaya,"). */
const PLAIN = /(?<![\p{L}])(date|dated|datum|fecha|data|tanggal|tgl)(?![\p{L}])|,\s*(den|le|el|il|o)\s*$|^\s*\p{L}[\p{L} .'-]{1,30},\s*$/u;
const DOC_WORD = wordPattern([...QUOTE_WORDS, ...INVOICE_WORDS, ...CREDIT_WORDS]);
const RANGE_AFTER = /^\s*(au|to|till|until|bis|-|–|a|al|tot|s\/d|sampai|hingga|t\/m)\s*\d/;

const ORDER_DATE =
  /(?<![\p{L}])(order|ordered|commande|bestell\p{L}*|auftrag\p{L}*|pedido|ordine|encomenda|pesanan|bestelling)(?![\p{L}])/u;
/** The dates of another document the page refers to ("Date de la facture associée", "Related invoice date"). */
const RELATED = /(associee|liee|related|original|precedente|referenced|zugehorige|bezug|rectificada|corrigee)/;

function roleOf(label: string): DateRole {
  if (RELATED.test(label)) return "other";
  if (VALID.test(label)) return "valid";
  if (OTHER.test(label)) return "other";
  if (ISSUE.test(label)) return "issue";
  if (DOC_WORD.test(label)) return "issue";
  if (PLAIN.test(label)) return "plain";
  return "none";
}

const hasWords = (s: string) => /\p{L}{2}/u.test(s);

/** The label text that names a date found at `index` in cell `c` of `row`. */
function labelOf(doc: Doc, row: Row, c: number, index: number, order: DateOrder): string {
  const before = row.cells[c]!.key.slice(0, index);
  // "Facture n°80412 du": the last words before the date, not a sentence earlier on the line
  if (hasWords(before)) return before.slice(-60);
  const isLabel = (key: string) => hasWords(key) && findDates(key, order).length === 0 && !/\d{3}/.test(key);
  // a label row over a value row ("Invoice Date | Due Date" over "14/03/2031 | 13/04/2031")
  const above = previousRow(doc, row);
  const overIt =
    above &&
    cellsUnder(row, c, above)
      .map((i) => above.cells[i]!.key)
      .find(isLabel);
  let left: string | undefined;
  for (let k = c - 1; k >= 0; k--) {
    const key = row.cells[k]!.key;
    // an empty cell, or a label's colon set in a column of its own ("Berlaku s/d | : | 4 April 2031")
    if (!key.trim() || /^[:.\-–]+$/.test(key.trim())) continue;
    if (isLabel(key)) left = key.slice(-60);
    break;
  }
  // in a grid of label | value rows the label is beside the date, and the value above it is another
  // field's ("Bearbeiter | T. Vogt" over "Gültig bis | 06.06.2031", "Original" over "Data de emissão | 11/03/2031"):
  // the one that names a date's role wins, the label beside it first
  const named = [left, overIt].find((l) => l !== undefined && roleOf(l) !== "none");
  if (named ?? overIt ?? left) return (named ?? overIt ?? left)!;
  if (above && above.cells.length === 1 && /:\s*$/.test(above.key)) return above.key;
  return "";
}

/** Every date in the document with the role its label gives it. */
/** `isOrder`: the document is an order, so its order date is its issue date. */
export function datedValues(doc: Doc, order: DateOrder, isOrder = false): DatedValue[] {
  const out: DatedValue[] = [];
  for (const row of doc.rows) {
    row.cells.forEach((cell, c) => {
      for (const found of findDates(cell.text, order)) {
        const label = labelOf(doc, row, c, found.index, order);
        const after = cell.key.slice(found.end);
        const before = cell.key.slice(0, found.index);
        let role = roleOf(label);
        if (isOrder && role === "other" && ORDER_DATE.test(label)) role = "issue";
        // "du 01/03/2031 au 31/03/2031", "01.06.31-30.06.31": a period, not an issue date
        // (only when the range word follows that earlier date: "Émise le 02/10 · Offre valable jusqu'au 02/11" is no period)
        const earlier = findDates(before, order).at(-1);
        if (RANGE_AFTER.test(after) || (earlier && /^\s*(au|to|bis|-|–)\s*$/.test(before.slice(earlier.end)))) role = "other";
        out.push({ iso: found.iso, row, role, at: row.n * 1000 + c * 100 + Math.min(99, found.index) });
      }
    });
  }
  return out;
}

const RANK: Record<DateRole, number> = { issue: 3, plain: 2, none: 1, other: 0, valid: 0 };

/**
 * The issue date: the best-labelled date (an issue label, then a plain "Date"), else an
 * unlabelled date near the top of the first page. A date after the document's validity or
 * due date cannot be its issue date.
 */
export function issueDate(dates: DatedValue[], limit?: string | null): DatedValue | undefined {
  const firstPage = dates[0]?.row.page;
  const candidates = dates.filter(
    (d) => RANK[d.role] >= 2 || (d.role === "none" && d.row.page === firstPage && d.row.line < 25 && d.row.cells.length <= 4),
  );
  const consistent = candidates.filter((d) => !limit || d.iso <= limit);
  const pool = consistent.length > 0 ? consistent : candidates;
  return pool.sort((a, b) => RANK[b.role] - RANK[a.role] || a.at - b.at)[0];
}

/** The date printed as the end of validity. */
export function validUntil(dates: DatedValue[]): DatedValue | undefined {
  return dates.find((d) => d.role === "valid");
}
