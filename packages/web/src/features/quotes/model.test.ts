import i18next from "i18next";
import ICU from "i18next-icu";
import { beforeAll, describe, expect, it } from "vitest";
import quotes from "@/locales/en/quotes.json";
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
