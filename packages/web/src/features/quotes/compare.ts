import type { LineItem } from "@quorum/core/quote/schema";
import type { Quote } from "./model";

/**
 * Side-by-side comparison of vendor quotes by line item. Vendors write the same
 * item differently ("Steel mounting bracket 40 mm" / "Steel Mounting Bracket -
 * 40mm"), so descriptions are normalized (case, punctuation, units glued to
 * their numbers, plural s, filler words) and matched first exactly, then by word
 * overlap, each line used at most once.
 */

const FILLER = new Set(["a", "an", "the", "of", "for", "and", "with", "per", "model", "item", "no", "nr", "pcs", "ea", "each"]);
/** Two descriptions whose words overlap at least this much (Jaccard) are the same item. */
export const SAME_ITEM = 0.6;

export function descriptionWords(description: string): string[] {
  return (
    description
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      // "40 mm" and "40mm" are the same size
      .replace(/(\d)\s+(mm|cm|m|in|ft|kg|g|lb|lbs|l|ml|gal|v|w|kw|a|hp|psi)\b/g, "$1$2")
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !FILLER.has(w))
      .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
  );
}

export const normalizeDescription = (description: string) => [...new Set(descriptionWords(description))].sort().join(" ");

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

export interface ComparedRow {
  /** The first quote's wording that names the item. */
  description: string;
  /** One cell per quote, in the order given; null where that quote lacks the item. */
  cells: (LineItem | null)[];
  /** Index of the quote with the lowest unit price (when at least two quote it). */
  cheapest: number | null;
}

export interface Comparison {
  rows: ComparedRow[];
  /** Per quote: the sum of the amounts of the items every quote has (a like-for-like total). */
  matchedTotals: (number | null)[];
  /** How many rows every quote has. */
  matchedCount: number;
}

const unitPriceOf = (l: LineItem) => l.unitPrice ?? (l.amount !== null && l.quantity ? l.amount / l.quantity : null);

export function compareQuotes(quotes: Pick<Quote, "lineItems">[]): Comparison {
  const rows: { description: string; words: Set<string>; key: string; cells: (LineItem | null)[] }[] = [];
  quotes.forEach((quote, qi) => {
    const used = new Set<number>();
    const pending: LineItem[] = [];
    // Exact matches first, so a close-but-wrong pairing cannot take an exact one's place.
    for (const line of quote.lineItems) {
      const key = normalizeDescription(line.description);
      const row = rows.findIndex((r, ri) => !used.has(ri) && r.key === key && r.cells[qi] === null);
      if (row >= 0) {
        rows[row]!.cells[qi] = line;
        used.add(row);
      } else pending.push(line);
    }
    for (const line of pending) {
      const words = new Set(descriptionWords(line.description));
      let best = -1;
      let bestScore = SAME_ITEM;
      rows.forEach((r, ri) => {
        if (used.has(ri) || r.cells[qi] !== null) return;
        const score = overlap(words, r.words);
        if (score >= bestScore) {
          best = ri;
          bestScore = score;
        }
      });
      if (best >= 0) {
        rows[best]!.cells[qi] = line;
        used.add(best);
      } else {
        const cells: (LineItem | null)[] = quotes.map(() => null);
        cells[qi] = line;
        rows.push({ description: line.description, words, key: normalizeDescription(line.description), cells });
        used.add(rows.length - 1);
      }
    }
  });

  const compared: ComparedRow[] = rows.map((r) => {
    const prices = r.cells.map((c) => (c ? unitPriceOf(c) : null));
    const quoted = prices.filter((p): p is number => p !== null);
    let cheapest: number | null = null;
    if (quoted.length >= 2) {
      const min = Math.min(...quoted);
      cheapest = prices.findIndex((p) => p === min);
    }
    return { description: r.description, cells: r.cells, cheapest };
  });
  const complete = compared.filter((r) => r.cells.every((c) => c !== null));
  const matchedTotals = quotes.map((_, qi) =>
    complete.length === 0 ? null : Math.round(complete.reduce((sum, r) => sum + (r.cells[qi]!.amount ?? 0), 0) * 100) / 100,
  );
  // Rows every quote has come first, then the partial ones.
  compared.sort((a, b) => Number(b.cells.every((c) => c !== null)) - Number(a.cells.every((c) => c !== null)));
  return { rows: compared, matchedTotals, matchedCount: complete.length };
}
