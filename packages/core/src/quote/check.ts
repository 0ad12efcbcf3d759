import type { Flag, LineItem, QuoteData } from "./schema";

/** Half a cent plus float noise: amounts on a quote are written to the cent. */
const TOLERANCE = 0.015;

export const cents = (n: number) => Math.round(n * 100) / 100;
const differs = (a: number, b: number, tolerance = TOLERANCE) => Math.abs(a - b) > tolerance;
const money = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A line's amount as written, or quantity x unit price when only those are given. */
export function lineAmount(item: LineItem): number | null {
  if (item.amount !== null) return item.amount;
  if (item.quantity !== null && item.unitPrice !== null) return cents(item.quantity * item.unitPrice);
  return null;
}

/**
 * The arithmetic a person would check before trusting a quote: each line is quantity x unit
 * price, the lines add up to the subtotal (or, when the lines include tax, to the total), and
 * subtotal + tax + shipping is the total. Each disagreement becomes a flag that says why the
 * quote needs review; the values themselves stay as the document wrote them. Lines rounded one
 * by one may miss their sum by half a cent each.
 */
export function crossCheck(quote: Pick<QuoteData, "lineItems" | "subtotal" | "tax" | "shipping" | "total">): Flag[] {
  const flags: Flag[] = [];
  quote.lineItems.forEach((item, line) => {
    if (item.quantity === null || item.unitPrice === null || item.amount === null) return;
    const expected = cents(item.quantity * item.unitPrice);
    // a credit note prints positive quantities and prices beside negative amounts
    const actual = Math.sign(expected) !== Math.sign(item.amount) && item.amount !== 0 ? -item.amount : item.amount;
    // a printed quantity or price is itself rounded to the cent (or to its decimals): half a unit of each may be missing
    const rounding = TOLERANCE + 0.005 * Math.abs(item.quantity) + (Number.isInteger(item.quantity) ? 0 : 0.005 * Math.abs(item.unitPrice));
    if (differs(expected, actual, rounding)) {
      flags.push({
        code: "line_amount",
        message: `Line ${line + 1} ("${item.description.slice(0, 60)}"): ${item.quantity} x ${money(item.unitPrice)} = ${money(expected)}, but the amount says ${money(item.amount)}.`,
        expected,
        actual: item.amount,
        line,
      });
    }
  });

  const amounts = quote.lineItems.map(lineAmount).filter((a): a is number => a !== null);
  const linesSum = amounts.length > 0 ? cents(amounts.reduce((s, a) => s + a, 0)) : null;
  const sumTolerance = TOLERANCE + 0.005 * amounts.length;
  if (linesSum !== null && quote.subtotal !== null && differs(linesSum, quote.subtotal, sumTolerance)) {
    // lines priced with tax add up to the total instead
    const gross = quote.total !== null && !differs(linesSum, quote.total, sumTolerance);
    if (!gross)
      flags.push({
        code: "line_items_sum",
        message: `The line items add up to ${money(linesSum)}, but the subtotal says ${money(quote.subtotal)}.`,
        expected: linesSum,
        actual: quote.subtotal,
        line: null,
      });
  }

  if (quote.total === null) {
    flags.push({ code: "missing_total", message: "No total was found on the quote.", expected: null, actual: null, line: null });
  } else {
    const base = quote.subtotal ?? linesSum;
    if (base !== null) {
      const expected = cents(base + (quote.tax ?? 0) + (quote.shipping ?? 0));
      const gross = quote.subtotal === null && linesSum !== null && !differs(linesSum, quote.total, sumTolerance);
      if (!gross && differs(expected, quote.total, quote.subtotal === null ? sumTolerance : TOLERANCE)) {
        const parts = [`${quote.subtotal !== null ? "subtotal" : "line items"} ${money(base)}`];
        if (quote.tax !== null) parts.push(`tax ${money(quote.tax)}`);
        if (quote.shipping !== null) parts.push(`shipping ${money(quote.shipping)}`);
        flags.push({
          code: "total_sum",
          message: `${parts.join(" + ")} = ${money(expected)}, but the total says ${money(quote.total)}.`,
          expected,
          actual: quote.total,
          line: null,
        });
      }
    }
  }
  return flags;
}
