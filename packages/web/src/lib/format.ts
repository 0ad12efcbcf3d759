/**
 * Dates and amounts as every screen shows them, through Intl in the language on screen, so a
 * date or a price reads the same on /profile, a project card and a quote.
 */

import { i18next } from "../i18n";
import { currentLocale } from "../i18n/languages";

/** What a missing or unreadable value shows as. */
export const NO_VALUE = "—";

type Instant = string | number | Date | null | undefined;

/** An instant (ISO string or epoch milliseconds) as a date: "Nov 25, 2026", or "November 25, 2026" with `month: "long"`. */
export function formatDate(value: Instant, month: "short" | "long" = "short"): string {
  if (value === null || value === undefined || value === "") return NO_VALUE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NO_VALUE : date.toLocaleDateString(currentLocale(), { year: "numeric", month, day: "numeric" });
}

/** A calendar date as printed on a document (YYYY-MM-DD): "Mar 14, 2024", never shifted by a time zone. */
export function formatCalendarDate(iso: string | null | undefined): string {
  if (!iso) return NO_VALUE;
  const [y, m, d] = iso.split("-").map(Number);
  if (!y || !m || !d) return iso;
  return new Date(y, m - 1, d).toLocaleDateString(currentLocale(), { month: "short", day: "numeric", year: "numeric" });
}

const plain = (amount: number) => amount.toLocaleString(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in major units: "$1,250.00"; without a currency the number alone (a symbol would claim one). */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return NO_VALUE;
  if (!currency) return plain(amount);
  try {
    return new Intl.NumberFormat(currentLocale(), {
      style: "currency",
      currency: currency.toUpperCase(),
      currencyDisplay: "narrowSymbol",
    }).format(amount);
  } catch {
    // An unknown code: the number with the code written out.
    return `${plain(amount)} ${currency}`;
  }
}

/** A day of the year in UTC, without the year: "December 1" ("1. Dezember" in German). */
export function formatDayMonth(value: Instant): string {
  const date = value instanceof Date ? value : new Date(value ?? NaN);
  return Number.isNaN(date.getTime())
    ? NO_VALUE
    : date.toLocaleDateString(currentLocale(), { day: "numeric", month: "long", timeZone: "UTC" });
}

/** A price in whole units: "$50" ("50 $" in French). */
export function formatWholeMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), {
    style: "currency",
    currency: currency.toUpperCase(),
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A share (0..1) as a percentage: "92%", "92 %" in French; `digits` after the decimal point. */
export const formatPercent = (share: number, digits = 0) =>
  share.toLocaleString(currentLocale(), { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A file size: "1.5 MB", "1,5 Mo": the number as the language on screen writes it, with its unit abbreviation (the documents catalog's). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "";
  const units = ["bytes", "kb", "mb", "gb"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const size = value.toLocaleString(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return i18next.t(`documents:size.${units[unit]}`, { size });
}

/** A whole count with the locale's grouping: "12,345" ("12 345" in French). */
export const formatCount = (n: number) => n.toLocaleString(currentLocale());

/** Hour and minute, in the reader's locale ("9:05 AM", "09:05"); "" for a missing or zero time. */
export function formatTimeOfDay(value: string | null | undefined): string {
  const date = new Date(value ?? NaN);
  if (Number.isNaN(date.getTime()) || date.getTime() === 0) return "";
  return date.toLocaleTimeString(currentLocale(), { hour: "numeric", minute: "2-digit" });
}
