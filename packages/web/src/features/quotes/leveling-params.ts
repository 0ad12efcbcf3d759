import { LevelingRate } from "@quorum/core/quote/leveling";

/** The values of the leveling page's address (see leveling-search.ts), read and written. */

/** "4,7,9": the chosen quotes' ids. */
export const parseIds = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number);

export const idsParam = (ids: readonly number[]) => ids.join(",");

/** "EUR:1.08:2026-11-20;GBP:1.27:2026-11-20": the entered rates, each with the date it holds for. */
export function parseRates(text: string | undefined): LevelingRate[] {
  const rates: LevelingRate[] = [];
  for (const part of (text ?? "").split(";")) {
    const [currency, rate, date] = part.split(":");
    const parsed = LevelingRate.safeParse({ currency, rate: Number(rate), date });
    if (parsed.success && !rates.some((r) => r.currency === parsed.data.currency)) rates.push(parsed.data);
  }
  return rates;
}

export const ratesParam = (rates: readonly LevelingRate[]) => rates.map((r) => `${r.currency}:${r.rate}:${r.date}`).join(";");

export interface Award {
  quoteId: number;
  line: number;
}

/** "4:0,9:2": the awarded lines. */
export function parseAwards(text: string | undefined): Award[] {
  return (text ?? "").split(",").flatMap((part) => {
    const m = /^(\d{1,15}):(\d{1,4})$/.exec(part);
    return m ? [{ quoteId: Number(m[1]), line: Number(m[2]) }] : [];
  });
}

export const awardsParam = (awards: readonly Award[]) => awards.map((a) => `${a.quoteId}:${a.line}`).join(",");
