/**
 * Spreadsheet cell values as the text a person sees: numbers in their cell's format (so 125
 * in a "$#,##0.00" cell reads "$125.00", and 0.0825 in a percent cell "8.25%"), dates as
 * ISO dates. Shared by the .xlsx and .xls readers.
 */

/** Excel's built-in number formats (ECMA-376 18.8.30), by id; the rest are defined in the file. */
export const BUILTIN_FORMATS: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  5: "$#,##0_);($#,##0)",
  6: "$#,##0_);[Red]($#,##0)",
  7: "$#,##0.00_);($#,##0.00)",
  8: "$#,##0.00_);[Red]($#,##0.00)",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  14: "m/d/yyyy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yyyy h:mm",
  37: "#,##0_);(#,##0)",
  38: "#,##0_);[Red](#,##0)",
  39: "#,##0.00_);(#,##0.00)",
  40: "#,##0.00_);[Red](#,##0.00)",
  41: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)',
  42: '_($* #,##0_);_($* (#,##0);_($* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)',
  44: '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)',
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mm:ss.0",
  48: "##0.0E+0",
  49: "@",
};

/** The first section of a format, with quoted text, escapes and [colour]/[locale] tags removed. */
function firstSection(format: string) {
  const section = format.split(";")[0] ?? "";
  return section
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/_./g, "");
}

export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[dmyhs]/i.test(firstSection(format).replace(/E\+0+/gi, ""));
}

/** Excel serial day numbers to dates; 1900 dates count the fictitious 29 February 1900. */
export function serialToDate(serial: number, date1904 = false): Date {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - 25569) * 86_400_000));
}

export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  const time = iso.slice(11, 16);
  return time === "00:00" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

/** The currency a format prints: a [$€-407] locale tag, or a symbol quoted ("$") or bare. */
function currencySymbol(format: string): string {
  const section = format.split(";")[0] ?? "";
  const locale = /\[\$([^\]-]+)/.exec(section)?.[1];
  if (locale) return locale;
  return /[$€£¥]/.exec(section.replace(/\[[^\]]*\]/g, ""))?.[0] ?? "";
}

/** Formats a number as its cell format would show it (the common cases, not the full grammar). */
export function formatNumber(value: number, format: string | undefined, date1904 = false): string {
  if (!Number.isFinite(value)) return String(value);
  if (!format || format === "General" || format === "@") return String(Number(value.toPrecision(15)));
  if (isDateFormat(format)) return formatDate(serialToDate(value, date1904));
  const section = firstSection(format);
  const decimals = /\.([0#?]+)/.exec(section)?.[1]?.length ?? 0;
  if (section.includes("%")) return `${(value * 100).toFixed(decimals)}%`;
  if (/E\+/i.test(section)) return value.toExponential(decimals);
  const grouped = /#,##|0,0/.test(section);
  const digits = Math.abs(value).toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouped,
  });
  return `${value < 0 ? "-" : ""}${currencySymbol(format)}${digits}`;
}
