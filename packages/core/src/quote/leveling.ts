import { z } from "zod";

/**
 * Vendor leveling: the line items of several quotes matched into rows (one item per row, one
 * cell per quote), amounts converted into one currency with rates a person enters, and an award
 * per row. Browser-safe (zod only): the leveling page and its spreadsheet export both use it, so
 * they match and total the same way.
 *
 * Vendors write the same item differently ("Steel mounting bracket 40 mm" / "Steel Mounting
 * Bracket - 40mm"), so descriptions are compared as word sets (case, accents, punctuation, units
 * glued to their numbers, plural s and filler words ignored); the unit and the quantity confirm
 * or weaken a pairing. Each line takes at most one row and each row one line per quote.
 */

/** What leveling reads of a line item. */
export interface LevelLine {
  description: string;
  quantity: number | null;
  unit: string | null;
  unitPrice: number | null;
  amount: number | null;
}

export interface LevelQuote {
  currency: string | null;
  lineItems: readonly LevelLine[];
}

/** One item across the quotes: the index of its line in each quote, null where that quote does not quote it. */
export interface LeveledRow {
  /** The wording of the first quote that has it. */
  description: string;
  cells: (number | null)[];
}

const FILLER = new Set(["a", "an", "the", "of", "for", "and", "with", "per", "model", "item", "no", "nr", "pcs", "ea", "each"]);

/** A line and a row whose score reaches this are the same item. */
export const SAME_ITEM = 0.6;
/** Agreeing units or quantities add this to the description's similarity; disagreeing units take UNIT_CONFLICT off. */
const AGREEMENT_BONUS = 0.05;
const UNIT_CONFLICT = 0.3;

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

const UNIT_NAMES: Record<string, string> = {
  each: "ea",
  pc: "ea",
  pcs: "ea",
  piece: "ea",
  pieces: "ea",
  unit: "ea",
  units: "ea",
  stk: "ea",
  h: "hr",
  hrs: "hr",
  hour: "hr",
  hours: "hr",
  std: "hr",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  boxes: "box",
  bx: "box",
  kgs: "kg",
  lbs: "lb",
  set: "set",
  sets: "set",
};

/** A unit as one spelling ("pcs", "Each", "piece" are all "ea"); null when none is stated. */
export function normalizeUnit(unit: string | null | undefined): string | null {
  const u = unit?.trim().toLowerCase().replace(/\.$/, "");
  if (!u) return null;
  return UNIT_NAMES[u] ?? u;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

interface Candidate {
  key: string;
  words: Set<string>;
  unit: string | null;
  quantity: number | null;
}

const candidate = (line: LevelLine): Candidate => ({
  key: normalizeDescription(line.description),
  words: new Set(descriptionWords(line.description)),
  unit: normalizeUnit(line.unit),
  quantity: line.quantity,
});

/** How alike two lines are: their descriptions' similarity, moved by their units and quantities. */
function score(a: Candidate, b: Candidate): number {
  let s = a.key && a.key === b.key ? 1 : jaccard(a.words, b.words);
  if (a.unit && b.unit) s += a.unit === b.unit ? AGREEMENT_BONUS : -UNIT_CONFLICT;
  if (a.quantity !== null && b.quantity !== null && a.quantity === b.quantity) s += AGREEMENT_BONUS;
  return s;
}

/**
 * The quotes' line items as rows of the same item. Each quote's lines are paired with the rows so
 * far best-first (so a close-but-wrong pairing cannot take a better one's place); a line that
 * pairs with none starts a row of its own. Rows every quote has come first.
 */
export function levelQuotes(quotes: readonly LevelQuote[]): LeveledRow[] {
  const rows: (LeveledRow & { first: Candidate })[] = [];
  quotes.forEach((quote, qi) => {
    const lines = quote.lineItems.map(candidate);
    const pairs: { line: number; row: number; score: number }[] = [];
    lines.forEach((line, li) =>
      rows.forEach((row, ri) => {
        const s = score(line, row.first);
        if (s >= SAME_ITEM) pairs.push({ line: li, row: ri, score: s });
      }),
    );
    pairs.sort((a, b) => b.score - a.score || a.line - b.line || a.row - b.row);
    const placed = new Set<number>();
    for (const { line, row } of pairs) {
      if (placed.has(line) || rows[row]!.cells[qi] !== null) continue;
      rows[row]!.cells[qi] = line;
      placed.add(line);
    }
    lines.forEach((line, li) => {
      if (placed.has(li)) return;
      const cells: (number | null)[] = quotes.map(() => null);
      cells[qi] = li;
      rows.push({ description: quote.lineItems[li]!.description, cells, first: line });
    });
  });
  const complete = (r: LeveledRow) => r.cells.every((c) => c !== null);
  // A stable sort: within each group the rows keep the order the quotes list them in.
  return rows.map(({ description, cells }) => ({ description, cells })).sort((a, b) => Number(complete(b)) - Number(complete(a)));
}

/** A line's amount: as printed, else its quantity times its unit price. */
export function lineAmount(line: LevelLine): number | null {
  if (line.amount !== null) return line.amount;
  return line.quantity !== null && line.unitPrice !== null ? cents(line.quantity * line.unitPrice) : null;
}

export const cents = (n: number) => Math.round(n * 100) / 100;

/** The largest rate a person may enter: beyond it the figure is a typing mistake. */
export const MAX_RATE = 1_000_000;

/** A currency's rate into the leveling's currency, as a person entered it, with the date it holds for. */
export const LevelingRate = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, "Currency must be a three-letter code such as USD"),
  rate: z
    .number({ message: "Rate must be a number" })
    .positive("Rate must be more than 0")
    .max(MAX_RATE, `Rate must be at most ${MAX_RATE}`),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Rate date must be a date (YYYY-MM-DD)")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Rate date must be a date (YYYY-MM-DD)"),
});
export type LevelingRate = z.infer<typeof LevelingRate>;

/** The longest value a saved leveling keeps per setting (some hundred quotes, rates or awards). */
export const MAX_LEVELING_SETTING = 2000;
const setting = (pattern: RegExp, message: string) =>
  z.string().max(MAX_LEVELING_SETTING, `A leveling setting may be at most ${MAX_LEVELING_SETTING} characters`).regex(pattern, message);

/**
 * A leveling as the page's address writes it: "4,7,9" (quote ids), "USD", "EUR:1.08:2026-11-20;..."
 * (rates with their dates), "4:0,9:2" (the awarded quote and line of each row).
 */
export const SavedLevelingInput = z.object({
  quotes: setting(/^(\d{1,15}(,\d{1,15})*)?$/, "quotes must be quote ids separated by commas"),
  base: setting(/^[A-Z]{3}$/, "base must be a three-letter currency code").optional(),
  rates: setting(
    /^([A-Z]{3}:[0-9.eE+-]{1,24}:\d{4}-\d{2}-\d{2}(;[A-Z]{3}:[0-9.eE+-]{1,24}:\d{4}-\d{2}-\d{2})*)?$/,
    "rates must be CURRENCY:rate:YYYY-MM-DD separated by semicolons",
  ).optional(),
  award: setting(/^(\d{1,15}:\d{1,4}(,\d{1,15}:\d{1,4})*)?$/, "award must be quote:line pairs separated by commas").optional(),
});
export type SavedLevelingInput = z.infer<typeof SavedLevelingInput>;

export const SavedLeveling = SavedLevelingInput.extend({ updatedAt: z.string() });
export type SavedLeveling = z.infer<typeof SavedLeveling>;

/** GET /api/projects/{id}/leveling: the project's saved leveling, null before one was arranged. */
export const SavedLevelingReply = z.object({ leveling: SavedLeveling.nullable() });
export type SavedLevelingReply = z.infer<typeof SavedLevelingReply>;

/**
 * How a quote's amounts become the leveling currency's: 1 when it is that currency (or states
 * none, and is taken as that), the entered rate otherwise, null while no rate is entered.
 */
export function rateFor(currency: string | null, base: string, rates: readonly LevelingRate[]): LevelingRate | 1 | null {
  if (!currency || currency === base) return 1;
  return rates.find((r) => r.currency === currency) ?? null;
}

/** An amount in the leveling currency, or null while the rate is missing. */
export function convert(amount: number | null, currency: string | null, base: string, rates: readonly LevelingRate[]): number | null {
  if (amount === null) return null;
  const rate = rateFor(currency, base, rates);
  if (rate === null) return null;
  return rate === 1 ? amount : amount * rate.rate;
}

/** The currencies among the quotes that need a rate into `base`. */
export const foreignCurrencies = (quotes: readonly LevelQuote[], base: string) =>
  [...new Set(quotes.map((q) => q.currency).filter((c): c is string => !!c && c !== base))].sort();

/** Per row, the quote (by position) with the lowest amount in the leveling currency (the only one, when one quotes it); null when none has a figure. */
export function lowestPerRow(rows: readonly LeveledRow[], quotes: readonly LevelQuote[], base: string, rates: readonly LevelingRate[]) {
  return rows.map((row) => {
    const amounts = row.cells.map((line, qi) =>
      line === null ? null : convert(lineAmount(quotes[qi]!.lineItems[line]!), quotes[qi]!.currency, base, rates),
    );
    const known = amounts.filter((a): a is number => a !== null);
    if (known.length === 0) return null;
    return amounts.indexOf(Math.min(...known));
  });
}

/**
 * What the awards come to in the leveling currency: per row the awarded quote's amount
 * converted, summed unrounded and rounded to cents once (as the spreadsheet's formulas do).
 * `awards` holds per row the awarded quote's position, or null. `missing` names what keeps a
 * figure out: currencies without a rate and awarded lines without an amount.
 */
export function awardedTotal(
  rows: readonly LeveledRow[],
  quotes: readonly LevelQuote[],
  awards: readonly (number | null)[],
  base: string,
  rates: readonly LevelingRate[],
): { total: number; awarded: number; missingRates: string[]; unpriced: number } {
  let total = 0;
  let awarded = 0;
  let unpriced = 0;
  const missingRates = new Set<string>();
  rows.forEach((row, ri) => {
    const qi = awards[ri];
    if (qi === null || qi === undefined) return;
    const line = row.cells[qi];
    if (line === null || line === undefined) return;
    awarded++;
    const quote = quotes[qi]!;
    const amount = lineAmount(quote.lineItems[line]!);
    if (amount === null) {
      unpriced++;
      return;
    }
    const converted = convert(amount, quote.currency, base, rates);
    if (converted === null) missingRates.add(quote.currency!);
    else total += converted;
  });
  return { total: cents(total), awarded, missingRates: [...missingRates].sort(), unpriced };
}
