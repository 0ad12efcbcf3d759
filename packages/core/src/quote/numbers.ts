/**
 * Reading numbers and money as documents write them, in every common convention:
 * 1,234.56 · 1.234,56 · 1 234,56 (also with no-break and thin spaces) · 1'234.56 ·
 * 12,34,567.00 (Indian grouping) · € 1.250,– · (50.00) · 50.00- · Arabic-Indic and
 * Persian digits. Shared by the offline rules and the normalisation of what models return.
 */
import { parseDate as readDate } from "./rules/dates";

/** How a document writes its numbers, learnt from its unambiguous ones (see `numberStyle`). */
export interface NumberStyle {
  /** The decimal mark, when the document shows one unambiguously. */
  decimal?: "." | ",";
}

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic and Persian digits and separators as ASCII; exotic spaces and minus signs as plain ones. */
export function asciiDigits(text: string): string {
  return text
    .replace(ARABIC_INDIC, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, ",")
    .replace(/[\u00a0\u2007\u2009\u202f\u200a]/g, " ")
    .replace(/[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g, "-");
}

/**
 * Currency marks that may stand before or after an amount: symbols, ISO codes, and the
 * short forms people print (Rs., R$, kr, zł, Rp, RM, CFA, DH...). A lone trailing "e" is
 * the euro sign of a TeX font that text extraction reads as a letter.
 */
// prettier-ignore
export const ISO_CURRENCIES = [
  "USD", "EUR", "GBP", "CHF", "JPY", "CNY", "RMB", "INR", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "BRL", "ARS", "CLP", "COP", "PEN",
  "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "RUB", "UAH", "ZAR", "NGN", "KES", "GHS", "EGP", "MAD", "DZD",
  "TND", "XOF", "XAF", "AED", "SAR", "QAR", "KWD", "BHD", "OMR", "ILS", "IDR", "MYR", "THB", "PHP", "VND", "KRW", "TWD", "PKR", "BDT",
  "LKR", "NPR",
] as const;
const CURRENCY_MARK = `(?:[$€£¥₹₩₦₱฿₫₺₽₴₪₡₲₵₸﷼]|(?:${ISO_CURRENCIES.join("|")})(?![A-Za-z])|Rs\\.?|K[Ss]hs?\\.?|U[Ss]h|T[Ss]h|GH₵|R\\$|S\\/\\.?|US\\$|C\\$|A\\$|S\\$|HK\\$|NZ\\$|kr\\.?|Kč|zł|Ft|Rp\\.?|RM|F\\s?CFA|CFA|DH|Dhs?|Fr\\.|SFr\\.?)`;
const STRIP_PREFIX = new RegExp(`^${CURRENCY_MARK}\\s*`);
const STRIP_SUFFIX = new RegExp(`\\s*(?:${CURRENCY_MARK}|e)$`);

/**
 * A number as written in a cell or after a label; null when the text is not one number.
 * `style` settles "1,500" and "1.500" (a group or a decimal) the way the rest of the
 * document writes; without it "1,500" is 1500 and "1.500" is 1.5.
 */
export function parseNumber(raw: string | null | undefined, style: NumberStyle = {}): number | null {
  if (raw === null || raw === undefined) return null;
  let text = asciiDigits(raw).replace(/\s+/g, " ").trim();
  if (text === "" || /%\s*$/.test(text)) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  for (let pass = 0; pass < 2; pass++) {
    text = text.replace(STRIP_PREFIX, "").replace(STRIP_SUFFIX, "").trim();
    if (text.startsWith("-") || text.startsWith("+")) {
      negative = negative || text.startsWith("-");
      text = text.slice(1).trim();
    }
  }
  // "1.250,-" and "1.250,–": whole currency units, and the mark before the dash is the decimal mark
  const whole = /([.,])-$/.exec(text);
  if (whole) {
    text = text.slice(0, -2);
    style = { ...style, decimal: whole[1] as "." | "," };
  }
  if (/\d-$/.test(text)) {
    negative = true;
    text = text.slice(0, -1);
  }
  if (!/^\d[\d.,' ’]*$/.test(text) || !/\d$/.test(text)) return null;
  const value = readDigits(text, style);
  if (value === null || !Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** Digits with grouping and decimal marks: which mark is which, and whether the groups are well formed. */
function readDigits(text: string, style: NumberStyle): number | null {
  const marks = [...text.matchAll(/[.,' ’]/g)];
  if (marks.length === 0) return Number(text);
  const last = marks[marks.length - 1]!;
  const lastMark = last[0];
  const after = text.slice(last.index! + 1);
  const dots = marks.filter((m) => m[0] === ".").length;
  const commas = marks.filter((m) => m[0] === ",").length;
  let decimal: string | null = null;
  if ((lastMark === "." || lastMark === ",") && dots > 0 && commas > 0) decimal = lastMark;
  else if (lastMark === "." || lastMark === ",") {
    const count = lastMark === "." ? dots : commas;
    if (count > 1) decimal = null;
    else if (after.length !== 3) decimal = lastMark;
    else if (style.decimal) decimal = style.decimal === lastMark ? lastMark : null;
    else decimal = lastMark === "." && !/[ ',’]/.test(text) ? "." : null;
    // "1.500" after other groups ("1 234.500") is still a decimal part only when groups use another mark
    if (decimal === null && marks.some((m) => m[0] !== lastMark) && count === 1) decimal = lastMark;
  }
  const integer = decimal ? text.slice(0, last.index) : text;
  const fraction = decimal ? after : "";
  if (decimal && !/^\d+$/.test(fraction)) return null;
  const groups = integer.split(/[.,' ’]/);
  if (groups.length > 1) {
    // western groups of three, or Indian lakh/crore groups of two before the last three
    const tail = groups.slice(1);
    const western = tail.every((g) => g.length === 3) && groups[0]!.length <= 3 && groups[0]!.length >= 1;
    const indian =
      groups.length > 2 &&
      groups[groups.length - 1]!.length === 3 &&
      groups.slice(1, -1).every((g) => g.length === 2) &&
      groups[0]!.length <= 2;
    if (!western && !indian) return null;
    const separators = new Set([...integer.matchAll(/[.,' ’]/g)].map((m) => m[0]));
    if (separators.size > 1) return null;
  }
  return Number(`${groups.join("")}${fraction ? `.${fraction}` : ""}`);
}

export interface MoneyToken {
  value: number;
  /** Where the token starts in the text. */
  index: number;
  text: string;
  /** A currency mark was written with it. */
  currency: boolean;
  /** It has a decimal part (or whole-unit dash). */
  decimals: boolean;
}

const NUMBER_CORE =
  "\\d{1,3}(?:[.,'’]\\d{3})+(?:[.,]\\d{1,4}|[.,]-)?|\\d{1,2}(?:,\\d{2})+,\\d{3}(?:\\.\\d{1,4})?|\\d+(?:[.,]\\d{1,4}|[.,]-)?";
const SPACED_CORE = "\\d{1,3}(?: \\d{3})+(?:[.,]\\d{1,4}|[.,]-)?";
const pattern = (spaced: boolean) =>
  new RegExp(
    `(?<![\\w.,/(-])\\(?-?\\s?(?:${CURRENCY_MARK}\\s?)?-?\\s?(?:${spaced ? `${SPACED_CORE}|` : ""}${NUMBER_CORE})(?:\\s?(?:${CURRENCY_MARK}|e(?![\\w])))?\\)?-?(?![\\w/:]|[.,]\\d|-\\w|\\s?%)`,
    "g",
  );
const PATTERNS = { spaced: pattern(true), plain: pattern(false) };
const tokenPattern = (spaced: boolean) => {
  const re = spaced ? PATTERNS.spaced : PATTERNS.plain;
  re.lastIndex = 0;
  return re;
};

/**
 * Money-looking tokens in a line, left to right: percentages, dates and parts of codes are
 * left out. `spaced` lets "1 234,56" be one token (documents that group with spaces).
 */
export function moneyTokens(line: string, style: NumberStyle & { spaced?: boolean } = {}): MoneyToken[] {
  const text = asciiDigits(line);
  const found: MoneyToken[] = [];
  for (const m of text.matchAll(tokenPattern(style.spaced ?? false))) {
    let raw = m[0];
    const index = m.index! + (raw.length - raw.trimStart().length);
    raw = raw.trim();
    // a bracket that opens a note "(8" or closes one "5)" is not a sign
    if (raw.startsWith("(") && !raw.endsWith(")")) raw = raw.slice(1);
    if (raw.endsWith(")") && !raw.startsWith("(")) raw = raw.slice(0, -1);
    // "2024-" of a range or "5-" of "5-10": a trailing dash is a sign only right after decimals
    if (/\d-$/.test(raw) && !/[.,]\d{2}-$/.test(raw)) raw = raw.slice(0, -1);
    // the minutes and seconds of a time
    if (/\d:$/.test(text.slice(0, index))) continue;
    const value = parseNumber(raw, style);
    if (value === null) continue;
    found.push({
      value,
      index,
      text: raw,
      currency: new RegExp(CURRENCY_MARK).test(raw.replace(/\d/g, "")) || /\de$|\d\se$/.test(raw),
      decimals: /\d[.,](\d{1,2}|\d{4}|-)(?!\d)/.test(raw),
    });
  }
  return found;
}

/**
 * The decimal mark a document uses, from its unambiguous numbers: both marks in one number,
 * one mark followed by one, two or four digits, or one mark grouping three digits twice.
 */
export function numberStyle(text: string): NumberStyle & { spaced: boolean } {
  let dot = 0;
  let comma = 0;
  let spaced = 0;
  for (const m of asciiDigits(text).matchAll(/\d[\d.,' ]*\d/g)) {
    const s = m[0];
    const both = /\.\d{3},\d{1,2}$|^\d{1,3}(\.\d{3})+,/.test(s) ? "," : /,\d{3}\.\d{1,2}$|^\d{1,3}(,\d{3})+\./.test(s) ? "." : null;
    if (both === ",") comma += 2;
    else if (both === ".") dot += 2;
    else if (/^\d+,\d{2}$/.test(s) || /\d ?\d{3},\d{2}$/.test(s)) comma++;
    else if (/^\d+\.\d{2}$/.test(s)) dot++;
    // "3.000.000" groups with dots, so a dot is never its decimal mark (and "1,000,000" with commas)
    else if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) comma++;
    else if (/^\d{1,3}(,\d{3}){2,}$/.test(s)) dot++;
    if (/^\d{1,3}( \d{3})+([.,]\d{2})?$/.test(s)) spaced++;
  }
  const style: NumberStyle & { spaced: boolean } = { spaced: spaced > 0 };
  if (dot > comma) style.decimal = ".";
  else if (comma > dot) style.decimal = ",";
  return style;
}

/** The first date in a text as YYYY-MM-DD (ISO, numeric, or with a month name in a supported language). */
export function parseDate(text: string | null | undefined): string | null {
  return text ? readDate(text) : null;
}
