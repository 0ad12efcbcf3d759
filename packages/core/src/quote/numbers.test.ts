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
    ["€ 1.250,–", 1250],
    ["1.250,-", 1250],
    ["3700 EUR", 3700],
    ["USD 99.99", 99.99],
    ["Rs. 2480", 2480],
    ["Rp 45.000.000", 45000000],
    ["250 000 CFA", 250000],
    ["12,00 e", 12],
    ["-17,35 €", -17.35],
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
    expect(parseNumber("4.000", { decimal: "." })).toBe(4);
  });

  it("a document's decimal mark is learnt from its unambiguous numbers", () => {
    expect(numberStyle("Prix 1.234,56 € | Total 38,70 €").decimal).toBe(",");
    expect(numberStyle("Price $1,234.56 | Total 19.99").decimal).toBe(".");
    expect(numberStyle("Montant 1 800,00 €").spaced).toBe(true);
  });
});

describe("money tokens in a line", () => {
  const values = (line: string) => moneyTokens(line).map((t) => t.value);

  it("a rate is not an amount", () => expect(values("Tax (8.25%): $169.53")).toEqual([169.53]));
  it("dates, times and codes are not amounts", () => {
    expect(values("Date: 03/14/2031 21:29:06")).toEqual([]);
    expect(values("Invoice INV-7731 dated 2031-05-12")).toEqual([]);
    expect(values("C4A(12.07) Zonnepanelen")).toEqual([]);
    // a reference whose letters read as a currency ("DH", the dirham)
    expect(values("Réf. DH-160-BL")).toEqual([]);
  });
  it("the currency mark is part of its amount", () => {
    const [token] = moneyTokens("Total TTC : 2 160,00 €", { spaced: true });
    expect(token).toMatchObject({ value: 2160, currency: true, decimals: true });
  });
  it("amounts side by side stay apart", () => expect(values("Total 2 146.50 | 21.97 168.47")).toEqual([2, 146.5, 21.97, 168.47]));
});
