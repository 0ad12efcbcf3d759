import { describe, expect, it } from "vitest";
import { moneyTokens, numberStyle, parseNumber } from "./numbers";

describe("numbers in every common format", () => {
  it.each([
    ["1,234.56", 1234.56],
    ["1.234,56", 1234.56],
    ["1 234,56", 1234.56],
    ["1\u00a0234,56 €", 1234.56],
    ["1\u202f234,56 €", 1234.56],
    ["1'234.56", 1234.56],
    ["CHF 1’234.50", 1234.5],
    ["12,34,567.00", 1234567],
    ["₹ 1,00,000", 100000],
    ["€ 4.800,–", 4800],
    ["4.800,-", 4800],
    ["4500 EUR", 4500],
    ["USD 99.99", 99.99],
    ["Rs. 1939", 1939],
    ["Rp 45.000.000", 45000000],
    ["600 000 CFA", 600000],
    ["10,00 e", 10],
    ["-20,48 €", -20.48],
    ["(50.00)", -50],
    ["50.00-", -50],
    ["−12.50", -12.5],
    ["١٢٣٤٫٥٦", 1234.56],
    ["۱۲۳۴", 1234],
    ["0", 0],
    ["8.25%", null],
    ["abc", null],
    ["1,23,4", null],
  ])("%s reads as %s", (text, value) => expect(parseNumber(text)).toBe(value));

  it("one group mark alone reads the way the rest of the document writes", () => {
    expect(parseNumber("1,500")).toBe(1500);
    expect(parseNumber("1.500")).toBe(1.5);
    expect(parseNumber("1.500", { decimal: "," })).toBe(1500);
    expect(parseNumber("6.000", { decimal: "." })).toBe(6);
  });

  it("a document's decimal mark is learnt from its unambiguous numbers", () => {
    expect(numberStyle("Prix 1.234,56 € | Total 45,93 €").decimal).toBe(",");
    expect(numberStyle("Price $1,234.56 | Total 19.99").decimal).toBe(".");
    expect(numberStyle("Montant 1 800,00 €").spaced).toBe(true);
  });
});

describe("money tokens in a line", () => {
  const values = (line: string) => moneyTokens(line).map((t) => t.value);

  it("a rate is not an amount", () => expect(values("Tax (8.25%): $169.53")).toEqual([169.53]));
  it("dates, times and codes are not amounts", () => {
    expect(values("Date: 03/14/2024 21:29:06")).toEqual([]);
    expect(values("Invoice INV-100 dated 2024-10-23")).toEqual([]);
    expect(values("B2B(56.05) Warmtepomp")).toEqual([]);
  });
  it("the currency mark is part of its amount", () => {
    const [token] = moneyTokens("Total TTC : 3 240,00 €", { spaced: true });
    expect(token).toMatchObject({ value: 3240, currency: true, decimals: true });
  });
  it("amounts side by side stay apart", () => expect(values("Total 1 278.61 | 40.39 319.00")).toEqual([1, 278.61, 40.39, 319]));
});
