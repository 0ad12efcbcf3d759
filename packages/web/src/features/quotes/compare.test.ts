import i18next from "i18next";
import ICU from "i18next-icu";
import { beforeAll, describe, expect, it } from "vitest";
import quotes from "@/locales/en/quotes.json";
import { compareQuotes, normalizeDescription } from "./compare";
import type { LineItem } from "@quorum/core/quote/schema";
import { csvFileName, quoteCsv, type Quote } from "./model";

const line = (description: string, quantity: number, unitPrice: number): LineItem => ({
  description,
  quantity,
  unit: null,
  unitPrice,
  amount: Math.round(quantity * unitPrice * 100) / 100,
  page: 1,
});

// The two vendor quotes of the fixtures (@quorum/testing/project-documents).
const acme = [
  line("Steel mounting bracket 40 mm", 10, 12.5),
  line("Hydraulic pump HP-220", 4, 389.99),
  line("Stainless hex bolts M8 (box of 50)", 25, 7.2),
  line("Installation labor (hours)", 2, 95),
];
const pacific = [
  line("Steel Mounting Bracket - 40mm", 10, 11.9),
  line("Hydraulic Pump, model HP-220", 4, 405),
  line("Stainless Hex Bolts M8, box of 50", 25, 6.95),
  line("Installation Labor (hours)", 2, 88),
  line("Pressure relief valve PRV-75", 2, 64.5),
];

describe("comparing vendor quotes by line item", () => {
  it("normalizes how vendors write the same item", () => {
    expect(normalizeDescription("Steel mounting bracket 40 mm")).toBe(normalizeDescription("Steel Mounting Bracket - 40mm"));
    expect(normalizeDescription("Stainless hex bolts M8 (box of 50)")).toBe(normalizeDescription("Stainless Hex Bolts M8, box of 50"));
  });

  it("matches every shared item, keeps the extra one, and marks the cheaper unit price", () => {
    const { rows, matchedCount, matchedTotals } = compareQuotes([{ lineItems: acme }, { lineItems: pacific }]);
    expect(matchedCount).toBe(4);
    expect(rows).toHaveLength(5);
    const pump = rows.find((r) => r.description === "Hydraulic pump HP-220")!;
    expect(pump.cells.map((c) => c?.unitPrice)).toEqual([389.99, 405]);
    expect(pump.cheapest).toBe(0);
    expect(rows.find((r) => r.description.startsWith("Steel"))!.cheapest).toBe(1);
    const valve = rows[rows.length - 1]!;
    expect(valve.cells[0]).toBeNull();
    expect(valve.cheapest).toBeNull();
    expect(matchedTotals).toEqual([125 + 1559.96 + 180 + 190, 119 + 1620 + 173.75 + 176]);
  });

  it("does not pair different items that share a word", () => {
    const { rows } = compareQuotes([
      { lineItems: [line("Hydraulic pump HP-220", 1, 1)] },
      { lineItems: [line("Hydraulic hose 2 m", 1, 1)] },
    ]);
    expect(rows).toHaveLength(2);
  });
});

describe("CSV export", () => {
  // The column labels come from the catalog of the language on screen: English here.
  beforeAll(() => i18next.use(ICU).init({ lng: "en", resources: { en: { quotes } } }));

  const quote = {
    id: 7,
    kind: "vendor",
    vendorName: "Acme, Inc.",
    customerName: "Northwind",
    quoteNumber: "AIS-1",
    quoteDate: "2024-03-14",
    validUntil: null,
    currency: "USD",
    paymentTerms: '=HYPERLINK("x")',
    documentName: "acme.pdf",
    lineItems: [line('Bolt 1/2" "heavy"', 2, 1.5)],
    subtotal: 3,
    tax: null,
    shipping: null,
    total: 3,
  } as unknown as Quote;

  it("writes the fields, line items and totals, quoting commas and quotes and defusing formulas", () => {
    const csv = quoteCsv(quote);
    expect(csv).toContain('Vendor,"Acme, Inc."\r\n');
    expect(csv).toContain('"Bolt 1/2"" ""heavy""",2,,1.5,3\r\n');
    expect(csv).toContain(`Payment terms,"'=HYPERLINK(""x"")"`);
    expect(csv).toContain("Total,3\r\n");
    expect(csvFileName(quote)).toBe("acme-inc-ais-1.csv");
  });
});
