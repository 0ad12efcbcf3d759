import { describe, expect, it } from "vitest";
import { awardsParam, parseAwards, parseIds, parseRates, ratesParam } from "./leveling-params";
import { levelingSearch } from "./leveling-search";

describe("the leveling page's address", () => {
  it("reads back what it wrote: the quotes, the rates with their dates, and the awards", () => {
    const rates = [
      { currency: "EUR", rate: 1.08, date: "2026-11-20" },
      { currency: "GBP", rate: 1.27, date: "2026-11-19" },
    ];
    expect(parseRates(ratesParam(rates))).toEqual(rates);
    const awards = [
      { quoteId: 4, line: 0 },
      { quoteId: 9, line: 12 },
    ];
    expect(parseAwards(awardsParam(awards))).toEqual(awards);
    expect(parseIds("4,7,9")).toEqual([4, 7, 9]);
  });

  it("drops what it cannot read instead of refusing the link", () => {
    expect(parseRates("EUR:0:2026-11-20;GBP:1.2:;USD:abc:2026-01-01;CHF:0.95:2026-11-20;CHF:2:2026-11-21")).toEqual([
      { currency: "CHF", rate: 0.95, date: "2026-11-20" },
    ]);
    expect(parseAwards("4:0,x:1,5:-1,6:2")).toEqual([
      { quoteId: 4, line: 0 },
      { quoteId: 6, line: 2 },
    ]);
    expect(parseIds("1,,a,2e3,3")).toEqual([1, 3]);
    expect(levelingSearch({ base: "usd", quotes: 5, rates: "x".repeat(3000), award: "1:0" })).toEqual({
      base: undefined,
      quotes: undefined,
      rates: undefined,
      award: "1:0",
    });
  });
});
