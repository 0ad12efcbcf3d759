/**
 * Reading numbers, money and dates as quotes write them ("$1,234.50", "(50.00)",
 * "1.234,50 €", "May 1, 2025", "05/01/2025"). Shared by the offline rules and the
 * normalisation of what models return.
 */

const MONEY = /^\(?-?\s*(?:[A-Z]{3}\s*)?[$€£¥]?\s*-?\s*(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:([.,])(\d{1,4}))?\s*[$€£¥]?\s*(?:[A-Z]{3})?\)?-?$/;

/** A number as written in a cell or after a label; null when the text is not one number. */
export function parseNumber(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.replace(/\u00a0/g, " ").trim();
  if (text === "" || /%\s*$/.test(text)) return null;
  const match = MONEY.exec(text);
  if (!match) return null;
  let whole = match[1]!;
  let fraction = match[3];
  const decimalMark = match[2];
  // "1.234" with a dot and three digits and no other mark is a thousands group in
  // European writing only when a comma decimal follows; alone it is 1.234.
  if (decimalMark === "," && fraction && fraction.length === 3 && !/[.\s]/.test(whole)) {
    whole = `${whole}${fraction}`;
    fraction = undefined;
  }
  const groupMark = /\d([,.\s])\d{3}/.exec(whole)?.[1];
  if (groupMark && decimalMark && groupMark === decimalMark) {
    // "1,234,567" read as groups: the last group came through as the "fraction"
    whole = `${whole}${fraction ?? ""}`;
    fraction = undefined;
  }
  const digits = whole.replace(/[,.\s]/g, "");
  const value = Number(fraction ? `${digits}.${fraction}` : digits);
  if (!Number.isFinite(value)) return null;
  const negative = /^\(.*\)$/.test(text) || /^-|-$/.test(text.replace(/^[A-Z]{3}\s*/, "").replace(/[$€£¥]\s*/, ""));
  return negative ? -value : value;
}

/** Money-looking tokens in a line, left to right (percentages excluded). */
export function moneyTokens(line: string): { value: number; index: number; text: string }[] {
  const found: { value: number; index: number; text: string }[] = [];
  // greedy and without lookaheads, so "8.25%" is one token (then dropped), never "(8"
  const pattern = /\(?-?(?:[A-Z]{3}\s?)?[$€£¥]?\s?-?\d[\d,.]*\)?(?:\s?[$€£¥])?/g;
  for (const m of line.matchAll(pattern)) {
    const end = (m.index ?? 0) + m[0].length;
    if (/^\s*%/.test(line.slice(end))) continue;
    const text = m[0].trim().replace(/[.,]$/, "");
    const value = parseNumber(text.replace(/^\((?!.*\))/, "").replace(/^([^(]*)\)$/, "$1"));
    if (value !== null) found.push({ value, index: (m.index ?? 0) + m[0].length - m[0].trimStart().length, text });
  }
  return found;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

function iso(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first date in a text as YYYY-MM-DD: ISO, US m/d/y, "May 1, 2025", "1 May 2025". */
export function parseDate(text: string | null | undefined): string | null {
  if (!text) return null;
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})\b/.exec(text);
  if (m) {
    const [a, b] = [+m[1]!, +m[2]!];
    // US order unless the first number cannot be a month
    return a > 12 ? iso(+m[3]!, b, a) : iso(+m[3]!, a, b);
  }
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
    if (month >= 0) return iso(+m[3]!, month + 1, +m[2]!);
  }
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    if (month >= 0) return iso(+m[3]!, month + 1, +m[1]!);
  }
  return null;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY" };
const CODES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "JPY",
  "CNY",
  "INR",
  "MXN",
  "BRL",
  "SEK",
  "NOK",
  "DKK",
  "ZAR",
  "SGD",
  "HKD",
];

/** The currency a text is written in: an ISO code when one appears, else its symbol. */
export function detectCurrency(text: string): string | null {
  const code = new RegExp(`\\b(${CODES.join("|")})\\b`).exec(text)?.[1];
  if (code) return code;
  const symbol = /[$€£¥]/.exec(text)?.[0];
  return symbol ? SYMBOLS[symbol]! : null;
}
