import { describe, expect, it } from "vitest";
import {
  awardedTotal,
  convert,
  foreignCurrencies,
  levelQuotes,
  LevelingRate,
  lowestPerRow,
  normalizeDescription,
  type LevelLine,
  type LevelQuote,
} from "./leveling";

const line = (description: string, quantity: number | null, unitPrice: number | null, unit: string | null = null): LevelLine => ({
  description,
  quantity,
  unit,
  unitPrice,
  amount: quantity !== null && unitPrice !== null ? Math.round(quantity * unitPrice * 100) / 100 : null,
});

/** A quote from rows of description, quantity, unit price and unit. */
const quote = (currency: string | null, rows: [string, number, number, string?][]): LevelQuote => ({
  currency,
  lineItems: rows.map(([description, quantity, unitPrice, unit]) => line(description, quantity, unitPrice, unit ?? null)),
});

// Invented vendors quoting the same job, each in its own words.
const harbor = quote("USD", [
  ["Steel mounting bracket 40 mm", 10, 12.5],
  ["Hydraulic pump HP-220", 4, 389.99],
  ["Stainless hex bolts M8 (box of 50)", 25, 7.2],
  ["Installation labor (hours)", 2, 95, "hr"],
]);
const coastal = quote("USD", [
  ["Steel Mounting Bracket - 40mm", 10, 11.9],
  ["Hydraulic Pump, model HP-220", 4, 405],
  ["Stainless Hex Bolts M8, box of 50", 25, 6.95],
  ["Installation Labor (hours)", 2, 88, "hours"],
  ["Pressure relief valve PRV-75", 2, 64.5],
]);
const alpen = quote("EUR", [
  ["Hydraulikpumpe HP-220 hydraulic pump", 4, 360],
  ["Montagewinkel Stahl / steel mounting bracket 40mm", 10, 10.5],
  ["Installation labour hours", 2, 80, "Std"],
]);

describe("leveling vendor quotes", () => {
  it("reads the same item however each vendor writes it", () => {
    expect(normalizeDescription("Steel mounting bracket 40 mm")).toBe(normalizeDescription("Steel Mounting Bracket - 40mm"));
    expect(normalizeDescription("Stainless hex bolts M8 (box of 50)")).toBe(normalizeDescription("Stainless Hex Bolts M8, box of 50"));
  });

  it("matches every shared item across three vendors and flags the lines a vendor did not quote", () => {
    const rows = levelQuotes([harbor, coastal, alpen]);
    expect(rows).toHaveLength(5);
    const row = (start: string) => rows.find((r) => r.description.startsWith(start))!;
    expect(row("Steel").cells).toEqual([0, 0, 1]);
    expect(row("Hydraulic").cells).toEqual([1, 1, 0]);
    expect(row("Installation").cells).toEqual([3, 3, 2]);
    // not quoted by the third vendor, nor the valve by the first
    expect(row("Stainless").cells).toEqual([2, 2, null]);
    expect(row("Pressure").cells).toEqual([null, 4, null]);
    // rows every vendor quotes come first
    expect(rows.slice(0, 3).every((r) => r.cells.every((c) => c !== null))).toBe(true);
  });

  it("does not pair different items that share a word", () => {
    const rows = levelQuotes([
      { currency: null, lineItems: [line("Hydraulic pump HP-220", 1, 1)] },
      { currency: null, lineItems: [line("Hydraulic hose 2 m", 1, 1)] },
    ]);
    expect(rows).toHaveLength(2);
  });

  it("keeps the same words in different units apart", () => {
    const rows = levelQuotes([
      { currency: null, lineItems: [line("Copper cable 2.5 mm2", 100, 1, "m"), line("Copper cable 2.5 mm2", 1, 80, "roll")] },
      { currency: null, lineItems: [line("Copper cable 2.5 mm2", 1, 75, "roll")] },
    ]);
    expect(rows.map((r) => r.cells)).toEqual([
      [1, 0],
      [0, null],
    ]);
  });

  it("pairs the line of the same quantity when two lines of one quote fit an item equally", () => {
    const rows = levelQuotes([
      { currency: null, lineItems: [line("Door hinge", 12, 4)] },
      { currency: null, lineItems: [line("Door hinge", 6, 4), line("Door hinge", 12, 3.8)] },
    ]);
    expect(rows[0]!.cells).toEqual([0, 1]);
  });
});

describe("converting and awarding", () => {
  const rates = [LevelingRate.parse({ currency: "EUR", rate: 1.08, date: "2026-11-20" })];

  it("converts with the entered rate, and not at all without one", () => {
    expect(convert(100, "EUR", "USD", rates)).toBeCloseTo(108, 10);
    expect(convert(100, "USD", "USD", rates)).toBe(100);
    expect(convert(100, "GBP", "USD", rates)).toBeNull();
    expect(foreignCurrencies([harbor, alpen, { currency: "GBP", lineItems: [] }], "USD")).toEqual(["EUR", "GBP"]);
  });

  it("refuses a rate that is not a positive number or lacks its date", () => {
    expect(LevelingRate.safeParse({ currency: "EUR", rate: 0, date: "2026-11-20" }).success).toBe(false);
    expect(LevelingRate.safeParse({ currency: "EUR", rate: 1.1, date: "" }).success).toBe(false);
    expect(LevelingRate.safeParse({ currency: "EUR", rate: 1.1, date: "2026-02-31x" }).success).toBe(false);
  });

  it("totals the awarded lines in one currency and names a missing rate", () => {
    const quotes = [harbor, coastal, alpen];
    const rows = levelQuotes(quotes);
    const lowest = lowestPerRow(rows, quotes, "USD", rates);
    const at = (start: string) => rows.findIndex((r) => r.description.startsWith(start));
    // 4 x 360 EUR = 1,555.20 USD beats 1,559.96 and 1,620
    expect(lowest[at("Hydraulic")]).toBe(2);
    const { total, awarded, missingRates } = awardedTotal(rows, quotes, lowest, "USD", rates);
    expect(awarded).toBe(5);
    expect(missingRates).toEqual([]);
    // bracket 105 EUR, pump 1,440 EUR, labour 160 EUR, bolts 173.75 USD, valve 129 USD
    expect(total).toBe(Math.round(((105 + 1440 + 160) * 1.08 + 173.75 + 129) * 100) / 100);
    expect(awardedTotal(rows, quotes, lowest, "USD", []).missingRates).toEqual(["EUR"]);
  });
});
