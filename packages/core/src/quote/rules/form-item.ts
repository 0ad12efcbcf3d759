import { moneyTokens, type MoneyToken } from "../numbers";
import type { LineItem } from "../schema";
import { close } from "./item-values";
import { COLUMN_WORDS } from "./lexicon";
import { clean, fold, type Doc, type Row } from "./text";

/**
 * One item written as a form rather than a table, as single-product offers are ("Article: ...",
 * "Unit price: € 3.69", "Pieces: 100", "Total price: € 369.00"): a labelled unit price and a
 * labelled quantity whose product is an amount printed on another line. The arithmetic is what
 * makes it an item; the description is the nearest labelled one above.
 */

const QUANTITY_WORDS = [...COLUMN_WORDS.quantity, "pieces", "pezzi", "piezas", "pecas", "stuks", "stueck", "buah", "quantity ordered"];
/** "Total price", "Prezzo totale": the line's amount, not its unit price. */
const TOTAL_WORD = /(?<![\p{L}])(total|totaal|totale|gesamt|gesamtpreis|summe|somme|jumlah|montant)(?![\p{L}])/u;
/** Labels are short: a sentence that ends with "price" is not one. */
const MAX_LABEL_WORDS = 4;
/** A form's fields sit together: the quantity within this many rows of the unit price. */
const MAX_FIELD_DISTANCE = 6;
/** Labelled unit prices and quantities looked at, at most: a form has one or two of each. */
const MAX_LABELLED = 20;

interface Labelled {
  row: Row;
  token: MoneyToken;
}

const isLabel = (head: string, words: readonly string[]) => {
  const key = fold(head)
    .replace(/[\s:.]+$/, "")
    .trim();
  return key.split(/\s+/).length <= MAX_LABEL_WORDS && words.some((w) => key === w || key.startsWith(`${w} `) || key.endsWith(` ${w}`));
};

/** Cell `c` of a row read as "label: value": the value after the colon, else in the next cell. */
function labelAndValue(row: Row, c: number): { head: string; value: string | undefined } {
  const text = row.cells[c]!.text;
  const colon = text.indexOf(":");
  const head = colon >= 0 ? text.slice(0, colon) : text;
  const value = colon >= 0 && text.slice(colon + 1).trim() ? text.slice(colon + 1) : row.cells[c + 1]?.text;
  return { head, value };
}

/** Each "label: value" (in one cell, or the label's cell and the next) whose label is one of `words`, with the value's first number. */
function labelledValues(doc: Doc, words: readonly string[], accept: (head: string) => boolean = () => true): Labelled[] {
  const out: Labelled[] = [];
  for (const row of doc.rows)
    row.cells.forEach((_cell, c) => {
      if (out.length >= MAX_LABELLED) return;
      const { head, value } = labelAndValue(row, c);
      if (!value || !isLabel(head, words) || !accept(fold(head))) return;
      const token = moneyTokens(value, doc.style)[0];
      if (token && token.value > 0) out.push({ row, token });
    });
  return out;
}

/** The value of the nearest description label above `row` ("Article: Cotton T-shirt"), else the nearest line of words. */
function describe(doc: Doc, row: Row): string {
  for (let n = row.n - 1; n >= 0 && n >= row.n - 12; n--) {
    const above = doc.rows[n]!;
    if (above.page !== row.page) break;
    const { head, value } = labelAndValue(above, 0);
    if (value && isLabel(head, COLUMN_WORDS.description)) return clean(value);
  }
  const words = doc.rows.slice(Math.max(0, row.n - 3), row.n).findLast((r) => r.page === row.page && /\p{L}{3}/u.test(r.text));
  return clean(words?.text.replace(/\s\|\s/g, " ") ?? "");
}

/** The item and the rows of its unit price and quantity; the line printing its amount stays free for the totals, which it often also is. */
export function formItem(doc: Doc): { item: LineItem; rows: Row[] } | undefined {
  const prices = labelledValues(doc, COLUMN_WORDS.unitPrice, (head) => !TOTAL_WORD.test(head));
  const quantities = labelledValues(doc, QUANTITY_WORDS);
  for (const price of prices)
    for (const quantity of quantities) {
      if (quantity.row === price.row || quantity.row.page !== price.row.page) continue;
      if (Math.abs(quantity.row.n - price.row.n) > MAX_FIELD_DISTANCE) continue;
      const amount = Math.round(price.token.value * quantity.token.value * 100) / 100;
      const printed = doc.rows.find(
        (r) =>
          r.page === price.row.page &&
          r !== price.row &&
          r !== quantity.row &&
          Math.abs(r.n - price.row.n) <= MAX_FIELD_DISTANCE * 2 &&
          moneyTokens(r.text, doc.style).some((t) => close(t.value, amount)),
      );
      if (!printed) continue;
      const description = describe(doc, price.row) || "Item";
      return {
        item: { description, quantity: quantity.token.value, unit: null, unitPrice: price.token.value, amount, page: price.row.page },
        rows: [price.row, quantity.row],
      };
    }
  return undefined;
}
