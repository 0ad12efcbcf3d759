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
    expect(crossCheck({ lineItems: [line(25, 2.4, -60)], subtotal: -60, tax: -12, shipping: null, total: -72 })).toEqual([]);
  });

  it("lines priced with tax add up to the total, not the subtotal", () => {
    const quote = { lineItems: [line(1, 249, 249), line(2, 35.5, 71)], subtotal: 264.46, tax: 55.54, shipping: null, total: 320 };
    expect(crossCheck(quote)).toEqual([]);
  });

  it("lines rounded one by one may miss their sum by half a cent each", () => {
    const quote = {
      lineItems: [line(1.5, 10.45, 15.68), line(2.5, 10.45, 26.13), line(4.5, 10.45, 47.03)],
      subtotal: 88.83,
      tax: null,
      shipping: null,
      total: 88.83,
    };
    expect(crossCheck(quote).filter((f) => f.code !== "line_amount")).toEqual([]);
  });

  it("a quantity or price printed rounded leaves the line within half a unit of each", () => {
    expect(crossCheck({ lineItems: [line(12.35, 842.6, 10402.4)], subtotal: null, tax: null, shipping: null, total: 10402.4 })).toEqual([]);
    expect(crossCheck({ lineItems: [line(2, 10, 25)], subtotal: null, tax: null, shipping: null, total: 25 }).map((f) => f.code)).toEqual([
      "line_amount",
    ]);
  });

  it("a total that does not add up says by how much, with the figures it used", () => {
    const flags = crossCheck({ lineItems: [], subtotal: 1640, tax: 328, shipping: 0, total: 2050 });
    expect(flags).toEqual([
      {
        code: "total_sum",
        message: "subtotal 1,640.00 + tax 328.00 + shipping 0.00 = 1,968.00, but the total says 2,050.00.",
        expected: 1968,
        actual: 2050,
        line: null,
      },
    ]);
  });
});
