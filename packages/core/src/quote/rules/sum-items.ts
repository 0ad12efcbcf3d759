import { moneyTokens } from "../numbers";
import type { LineItem } from "../schema";
import { close } from "./item-values";
import { CONTACT, descriptionEnd, descriptionOf, isTotalsRow, NOT_TOTAL } from "./items";
import type { Doc, Row } from "./text";

/**
 * Items confirmed by the sum they make, for a table the other readers found nothing in (no
 * header they know, fewer rows than a column needs, no quantity x price to check): going up from
 * the totals, the rows with words and one amount at their end whose amounts add up to the
 * items' total printed below them. The sum is the evidence; without it nothing is taken.
 */

/** Rows looked at above the totals: a table that needs more is found by its columns or header. */
const MAX_ROWS_UP = 40;
/** Lines without an amount (wrapped descriptions, headings) that may sit between two items. */
const MAX_QUIET_ROWS = 4;

interface Candidate {
  row: Row;
  description: string;
  amount: number;
}

function candidateOf(row: Row, doc: Doc): Candidate | "skip" | "stop" {
  if (isTotalsRow(row, doc) || NOT_TOTAL.test(row.key)) return "stop";
  if (CONTACT.test(row.key)) return "skip";
  const end = descriptionEnd(row);
  const amount = moneyTokens(row.cells.at(-1)!.text, doc.style).at(-1);
  if (end === undefined || !amount?.decimals) return "skip";
  return { row, description: descriptionOf(row, end), amount: amount.value };
}

/**
 * The items above `below` (the first totals row) whose amounts sum to `target` (the subtotal,
 * or the total less tax and shipping), in reading order; empty when no run of rows adds up.
 */
export function sumConfirmedItems(doc: Doc, below: Row, target: number): LineItem[] {
  if (!(target > 0)) return [];
  const found: Candidate[] = [];
  let sum = 0;
  let quiet = 0;
  for (let n = below.n - 1; n >= 0 && n >= below.n - MAX_ROWS_UP; n--) {
    const row = doc.rows[n]!;
    if (row.page !== below.page && row.page !== below.page - 1) break;
    // totals above the totals row are part of the totals block: look past them until the first item
    const got = candidateOf(row, doc);
    if (got === "stop") {
      if (found.length > 0) break;
      continue;
    }
    if (got === "skip") {
      if (found.length > 0 && ++quiet > MAX_QUIET_ROWS) break;
      continue;
    }
    quiet = 0;
    found.push(got);
    sum = Math.round((sum + got.amount) * 100) / 100;
    if (close(sum, target)) break;
    if (sum > target + 0.01 && found.every((f) => f.amount > 0)) return [];
  }
  if (found.length === 0 || !close(sum, target)) return [];
  return found
    .reverse()
    .map(({ row, description, amount }) => ({ description, quantity: null, unit: null, unitPrice: null, amount, page: row.page }));
}
