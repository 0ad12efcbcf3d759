import { fold } from "./fold";

/**
 * Dates as documents write them: ISO (2031-05-12, 2031/06/04), numeric day-first or
 * month-first (decided by the caller's `order`, overruled by impossible values), two-digit
 * years, and month names full or abbreviated in English, French, Spanish, German, Dutch,
 * Italian, Portuguese and Indonesian ("12. Mai 2031", "4 juin 2030", "July 21, 2032",
 * "9 de abril de 2031", "28-Feb-2031").
 */

export type DateOrder = "dmy" | "mdy";

// prettier-ignore
const MONTHS: [string, number][] = [
  ["january", 1], ["february", 2], ["march", 3], ["april", 4], ["may", 5], ["june", 6], ["july", 7], ["august", 8], ["september", 9],
  ["october", 10], ["november", 11], ["december", 12], ["jan", 1], ["feb", 2], ["mar", 3], ["apr", 4], ["jun", 6], ["jul", 7], ["aug", 8],
  ["sep", 9], ["sept", 9], ["oct", 10], ["nov", 11], ["dec", 12],
  ["janvier", 1], ["fevrier", 2], ["mars", 3], ["avril", 4], ["mai", 5], ["juin", 6], ["juillet", 7], ["aout", 8], ["septembre", 9],
  ["octobre", 10], ["novembre", 11], ["decembre", 12], ["janv", 1], ["fevr", 2], ["fev", 2], ["avr", 4], ["juil", 7],
  ["enero", 1], ["febrero", 2], ["marzo", 3], ["abril", 4], ["mayo", 5], ["junio", 6], ["julio", 7], ["agosto", 8], ["septiembre", 9],
  ["setiembre", 9], ["octubre", 10], ["noviembre", 11], ["diciembre", 12], ["ene", 1], ["abr", 4], ["ago", 8], ["dic", 12],
  ["januar", 1], ["janner", 1], ["februar", 2], ["feber", 2], ["marz", 3], ["juni", 6], ["juli", 7], ["oktober", 10], ["dezember", 12],
  ["okt", 10], ["dez", 12],
  ["januari", 1], ["februari", 2], ["maart", 3], ["mei", 5], ["augustus", 8], ["mrt", 3],
  ["gennaio", 1], ["febbraio", 2], ["aprile", 4], ["maggio", 5], ["giugno", 6], ["luglio", 7], ["settembre", 9], ["ottobre", 10],
  ["dicembre", 12], ["gen", 1], ["mag", 5], ["giu", 6], ["lug", 7], ["set", 9], ["ott", 10],
  ["janeiro", 1], ["fevereiro", 2], ["marco", 3], ["maio", 5], ["junho", 6], ["julho", 7], ["setembro", 9], ["outubro", 10],
  ["novembro", 11], ["dezembro", 12], ["out", 10],
  ["maret", 3], ["agustus", 8], ["desember", 12], ["agu", 8], ["agt", 8], ["des", 12], ["nop", 11], ["pebruari", 2],
];
const MONTH = new Map(MONTHS);
const MONTH_ALT = [...MONTH.keys()].sort((a, b) => b.length - a.length).join("|");

const pad = (n: number) => String(n).padStart(2, "0");

/** Two-digit years: 00-50 are this century, 51-99 the last. */
const fullYear = (y: number) => (y >= 100 ? y : y <= 50 ? 2000 + y : 1900 + y);

export function isoDate(year: number, month: number, day: number): string | null {
  year = fullYear(year);
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export interface FoundDate {
  iso: string;
  index: number;
  end: number;
  /** Written with digits only (its day/month order was decided, not read). */
  numeric: boolean;
}

const PATTERNS: { re: RegExp; read: (m: RegExpExecArray, order: DateOrder) => string | null; numeric?: boolean }[] = [
  {
    // 2031-05-12, 2031/06/04, 2031.05.12
    re: /(?<![\d.,/-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d/-]|[.,]\d)/g,
    read: (m) => isoDate(+m[1]!, +m[3]!, +m[4]!),
  },
  {
    // 12. mai 2031, 4 juin 2030, 9 de abril de 2031, 28-feb-2031, 11/jan/24, 1er janvier 2032, 3rd of May 2031
    re: new RegExp(
      `(?<![\\d\\p{L}])(\\d{1,2})(?:er|st|nd|rd|th|º|°)?\\.?(?:\\s*(?:de|of)\\s+|[\\s/-]*)(${MONTH_ALT})\\.?(?![\\p{L}])(?:\\s*(?:de|del)\\s+|[\\s,.'/-]*)(\\d{4}|'?\\d{2})(?![\\d])`,
      "gu",
    ),
    read: (m) => isoDate(+m[3]!.replace("'", ""), MONTH.get(m[2]!)!, +m[1]!),
  },
  {
    // july 21, 2032 · oct 14,2031 · june 5 , 2030 · may 1st 2031
    re: new RegExp(`(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})(?![\\d])`, "gu"),
    read: (m) => isoDate(+m[3]!, MONTH.get(m[1]!)!, +m[2]!),
  },
  {
    // 06/21/2031, 21.06.2031, 21-06-31
    re: /(?<![\d.,/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/]|[.,]\d|-\d)/g,
    read: (m, order) => {
      const [a, b, y] = [+m[1]!, +m[3]!, +m[4]!];
      // dots are day-first everywhere; an impossible month overrules the document's order
      const dayFirst = m[2] === "." ? b <= 12 : order === "dmy" ? b <= 12 || a > 12 : a > 12 && b <= 12;
      return dayFirst ? isoDate(y, b, a) : isoDate(y, a, b);
    },
    numeric: true,
  },
];

/** Every date in a text, in reading order. */
export function findDates(text: string, order: DateOrder = "mdy"): FoundDate[] {
  // every date has a digit, and a numeric one a separator between digits
  if (!/\d/.test(text)) return [];
  const key = fold(text);
  const found: FoundDate[] = [];
  const named = /\p{L}{3}/u.test(key);
  const numericOnly = /\d[-/.]\d/.test(key);
  for (const { re, read, numeric } of PATTERNS) {
    if (numeric || re === PATTERNS[0]!.re ? !numericOnly : !named) continue;
    re.lastIndex = 0;
    for (let m = re.exec(key); m; m = re.exec(key)) {
      const iso = read(m, order);
      if (!iso) continue;
      const index = m.index;
      const end = index + m[0].length;
      if (found.some((f) => index < f.end && end > f.index)) continue;
      found.push({ iso, index, end, numeric: numeric ?? false });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first date in a text (month-first when a numeric date could be read either way and has slashes). */
export function parseDate(text: string, order: DateOrder = "mdy"): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

/**
 * Day-first or month-first for a whole document: numeric dates that can only be read one way
 * decide; otherwise the caller's guess from the country, currency and language.
 */
export function dateOrder(text: string, fallback: DateOrder): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<![\d.,/-])(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/])/g)) {
    const [a, b] = [+m[1]!, +m[3]!];
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (dmy > mdy) return "dmy";
  if (mdy > dmy) return "mdy";
  return fallback;
}
