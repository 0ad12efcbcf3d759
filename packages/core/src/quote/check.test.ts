import { describe, expect, it } from "vitest";
import { crossCheck } from "./check";
import { Quote } from "./index";
import { extractQuoteByRules } from "./rules/index";
import type { LineItem } from "./schema";

describe("cross-checks", () => {
  const base = Quote.normalize({
    ...extractQuoteByRules({
      pages: [
        {
          page: 1,
          text: "Quote\nQty | Description | Unit Price | Amount\n2 | A | $10.00 | $20.00\n3 | B | $5.00 | $15.00\nSubtotal: $35.00\nTax: $3.50\nShipping: $5.00\nTotal: $43.50",
        },
      ],
    })!,
  });

  it("a quote whose numbers add up has no flags", () => expect(crossCheck(base)).toEqual([]));

  it("flag a line whose quantity x unit price is not its amount", () => {
    const flags = crossCheck({ ...base, lineItems: [{ ...base.lineItems[0]!, amount: 25 }, base.lineItems[1]!] });
    expect(flags.map((f) => f.code)).toEqual(["line_amount", "line_items_sum"]);
    expect(flags[0]).toMatchObject({ line: 0, expected: 20, actual: 25 });
  });

  it("flag a total that is not subtotal + tax + shipping, and a missing total", () => {
    expect(crossCheck({ ...base, total: 44 })).toEqual([
      {
        code: "total_sum",
        message: "subtotal 35.00 + tax 3.50 + shipping 5.00 = 43.50, but the total says 44.00.",
        expected: 43.5,
        actual: 44,
        line: null,
      },
    ]);
    expect(crossCheck({ ...base, total: null }).map((f) => f.code)).toEqual(["missing_total"]);
  });
});

describe("cross-checks on real-world arithmetic", () => {
  const line = (quantity: number | null, unitPrice: number | null, amount: number | null): LineItem => ({
    description: "Line",
    quantity,
    unit: null,
    unitPrice,
    amount,
    page: 1,
  });

  it("a credit note's negative amounts beside positive quantities and prices are not mistakes", () => {
    expect(crossCheck({ lineItems: [line(10, 19.8, -198)], subtotal: -198, tax: -39.6, shipping: null, total: -237.6 })).toEqual([]);
  });

  it("lines priced with tax add up to the total, not the subtotal", () => {
    const quote = { lineItems: [line(1, 399, 399), line(1, 69.99, 69.99)], subtotal: 387.59, tax: 81.4, shipping: null, total: 468.99 };
    expect(crossCheck(quote)).toEqual([]);
  });

  it("lines rounded one by one may miss their sum by half a cent each", () => {
    const quote = {
      lineItems: [line(8, 12.51, 100.08), line(6.5, 12.51, 81.32), line(5.25, 12.51, 65.68)],
      subtotal: 247.07,
      tax: null,
      shipping: null,
      total: 247.07,
    };
    expect(crossCheck(quote).filter((f) => f.code !== "line_amount")).toEqual([]);
  });

  it("a quantity or price printed rounded leaves the line within half a unit of each", () => {
    expect(crossCheck({ lineItems: [line(26.85, 1194.73, 32072.9)], subtotal: null, tax: null, shipping: null, total: 32072.9 })).toEqual(
      [],
    );
    expect(crossCheck({ lineItems: [line(2, 10, 25)], subtotal: null, tax: null, shipping: null, total: 25 }).map((f) => f.code)).toEqual([
      "line_amount",
    ]);
  });

  it("a total that does not add up says by how much, with the figures it used", () => {
    const flags = crossCheck({ lineItems: [], subtotal: 1419, tax: 302, shipping: 0, total: 1800 });
    expect(flags).toEqual([
      {
        code: "total_sum",
        message: "subtotal 1,419.00 + tax 302.00 + shipping 0.00 = 1,721.00, but the total says 1,800.00.",
        expected: 1721,
        actual: 1800,
        line: null,
      },
    ]);
  });
});
