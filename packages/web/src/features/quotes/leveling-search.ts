/**
 * The leveling page's address keeps its whole state, so a link (or a reload) shows the same
 * leveling: `?quotes=4,7,9&base=USD&rates=EUR:1.08:2026-11-20&award=4:0,9:2`. Awards name a
 * quote's line (quote id and line index), not a row: a row's position can change when a quote is
 * corrected, a line's cannot. Anything unreadable is dropped rather than refused, so an old or
 * hand-edited link still opens the page. Read without a schema library: the route table (and
 * so this) is in the first script every visitor loads; the page's chunk reads the values.
 */
export interface LevelingSearch {
  quotes?: string;
  base?: string;
  rates?: string;
  award?: string;
}

const text = (value: unknown) => (typeof value === "string" && value.length <= 2000 ? value : undefined);

export function levelingSearch(search: Record<string, unknown>): LevelingSearch {
  const base = text(search.base);
  return {
    quotes: text(search.quotes),
    base: base && /^[A-Z]{3}$/.test(base) ? base : undefined,
    rates: text(search.rates),
    award: text(search.award),
  };
}
