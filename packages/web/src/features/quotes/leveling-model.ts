import { awardedTotal, foreignCurrencies, levelQuotes, lowestPerRow, rateFor, type LeveledRow } from "@quorum/core/quote/leveling";
import { counterparty, type Quote } from "./model";
import { parseAwards, parseIds, parseRates, type Award } from "./leveling-params";
import type { LevelingSearch } from "./leveling-search";

/** The currency most of the quotes are in: the leveling's own until the person picks another. */
function usualCurrency(quotes: readonly Quote[]): string | null {
  const counts = new Map<string, number>();
  for (const q of quotes) if (q.currency) counts.set(q.currency, (counts.get(q.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** What the leveling page and its export show, worked out from the quotes and the address. */
export function levelingOf(all: readonly Quote[], search: LevelingSearch) {
  // Columns in a stable order (by vendor), whatever order the list shows.
  const vendor = all.filter((q) => q.kind === "vendor").sort((a, b) => counterparty(a).localeCompare(counterparty(b)) || a.id - b.id);
  const chosen = parseIds(search.quotes);
  const quotes = chosen.length > 0 ? vendor.filter((q) => chosen.includes(q.id)) : vendor;
  const base = search.base ?? usualCurrency(quotes) ?? "USD";
  const rates = parseRates(search.rates);
  const rows = levelQuotes(quotes);
  const awardList = parseAwards(search.award);
  const awards = rows.map((row) => {
    const qi = row.cells.findIndex((line, i) => line !== null && awardList.some((a) => a.quoteId === quotes[i]!.id && a.line === line));
    return qi >= 0 ? qi : null;
  });
  const currencies = [...new Set([base, ...quotes.flatMap((q) => (q.currency ? [q.currency] : []))])].sort();
  return {
    vendor,
    quotes,
    base,
    rates,
    rows,
    awards,
    currencies,
    /** The currencies that need a rate, and the rate entered for each (null while none is). */
    foreign: foreignCurrencies(quotes, base).map((currency) => ({ currency, rate: rates.find((r) => r.currency === currency) ?? null })),
    lowest: lowestPerRow(rows, quotes, base, rates),
    awarded: awardedTotal(rows, quotes, awards, base, rates),
    rateOf: (q: Quote) => rateFor(q.currency, base, rates),
  };
}
export type Leveling = ReturnType<typeof levelingOf>;

/** The awards with row `row` given to the quote at position `to` (or to nobody). */
export function awardRow(leveling: Pick<Leveling, "quotes" | "awards" | "rows">, row: number, to: number | null): Award[] {
  const next = leveling.awards.slice();
  next[row] = to;
  return awardsOf(leveling.rows, leveling.quotes, next);
}

/** Per-row awards (quote positions) as the address keeps them. */
export function awardsOf(rows: readonly LeveledRow[], quotes: readonly Pick<Quote, "id">[], awards: readonly (number | null)[]): Award[] {
  return rows.flatMap((row, ri) => {
    const qi = awards[ri];
    const line = qi === null || qi === undefined ? null : row.cells[qi];
    return line === null || line === undefined ? [] : [{ quoteId: quotes[qi!]!.id, line }];
  });
}
