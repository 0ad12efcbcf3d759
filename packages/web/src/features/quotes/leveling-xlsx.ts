import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { convert, lineAmount } from "@quorum/core/quote/leveling";
import type { QuoteField } from "@quorum/core/quote/schema";
import type { Profile } from "@/features/profile/queries";
import type { Leveling } from "./leveling-model";
import { counterparty, downloadBlob, fileNamePart, type Quote } from "./model";

/**
 * The leveling as an XLSX workbook (loaded only when a person exports: exceljs is large). One
 * leveling sheet whose converted amounts, sums and awarded total are formulas over the rates the
 * person entered, so a changed rate recalculates in the spreadsheet; one sheet per quote, every
 * value beside the document and page it was read from. The user's company heads each sheet.
 */

interface Input {
  leveling: Leveling;
  profile?: Profile;
  project: string;
  t: TFunction<"quotes">;
}

const MONEY = "#,##0.00";
const RATE = "0.000000";
/** Columns per quote on the leveling sheet: quantity, unit, unit price, amount, converted amount, source. */
const BLOCK = 6;

/** A1-style column letters of a 1-based column number. */
export function columnName(n: number): string {
  let name = "";
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

/** "acme-quote.pdf p. 2": where a value is printed. */
const sourceText = (q: Quote, page: number | null | undefined, t: TFunction<"quotes">) =>
  page ? t("leveling.xlsx.sourcePage", { document: q.documentName, page }) : q.documentName;

/** A sheet name Excel accepts (31 characters, none of []:*?/\), unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, " ")
      .slice(0, 31)
      .trim() || "Quote";
  let name = clean;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${clean.slice(0, 28).trim()} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The company from the profile, at the top of a sheet; answers the next free row. */
function companyRows(sheet: ExcelJS.Worksheet, profile: Profile | undefined): number {
  let row = 1;
  if (profile?.company) {
    sheet.getCell(row, 1).value = profile.company;
    sheet.getCell(row++, 1).font = { bold: true, size: 14 };
  }
  const details = [profile?.companyAddress, profile?.companyPhone, profile?.email].filter(Boolean).join(" · ");
  if (details) sheet.getCell(row++, 1).value = details;
  return row === 1 ? 1 : row + 1;
}

/** The logo from the profile, when it can be read (PNG, JPEG or GIF), 48 pixels high. */
async function logoImage(workbook: ExcelJS.Workbook, url: string | undefined) {
  if (!url) return null;
  try {
    const response = await fetch(url);
    const type = response.headers.get("content-type") ?? "";
    const extension = type.includes("png")
      ? "png"
      : type.includes("jpeg") || type.includes("jpg")
        ? "jpeg"
        : type.includes("gif")
          ? "gif"
          : null;
    if (!response.ok || !extension) return null;
    const blob = await response.blob();
    const bitmap = await createImageBitmap(blob);
    const height = 48;
    const width = Math.round((bitmap.width / bitmap.height) * height);
    bitmap.close();
    const id = workbook.addImage({ buffer: await blob.arrayBuffer(), extension });
    return { id, width, height };
  } catch {
    // A logo that cannot be fetched leaves the export without it rather than without the export.
    return null;
  }
}

export async function levelingWorkbook({ leveling, profile, project, t }: Input): Promise<ExcelJS.Workbook> {
  const { quotes, rows, awards, base, rates } = leveling;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = profile?.company || "Quorum";
  const logo = await logoImage(workbook, profile?.companyLogo);
  const taken = new Set<string>();
  const sheet = workbook.addWorksheet(sheetName(t("leveling.xlsx.sheet"), taken));

  let r = companyRows(sheet, profile);
  sheet.getCell(r, 1).value = project ? `${t("leveling.title")} · ${project}` : t("leveling.title");
  sheet.getCell(r++, 1).font = { bold: true, size: 12 };
  sheet.getCell(r++, 1).value = t("leveling.xlsx.currency", { currency: base });
  r++;

  // The rates block: every converted figure is a formula over one of these cells.
  const rateCell = new Map<string, string>();
  ["currency", "rate", "rateDate"].forEach((key, i) => (sheet.getCell(r, i + 1).value = t(`leveling.xlsx.${key}`, { base })));
  sheet.getRow(r++).font = { bold: true };
  const rateRows: { currency: string; rate: number; date: string }[] = [
    { currency: base, rate: 1, date: "" },
    ...leveling.foreign.flatMap(({ currency, rate }) => (rate ? [rate] : [{ currency, rate: Number.NaN, date: "" }])),
  ];
  for (const rate of rateRows) {
    sheet.getCell(r, 1).value = rate.currency;
    if (Number.isFinite(rate.rate)) {
      sheet.getCell(r, 2).value = rate.rate;
      sheet.getCell(r, 2).numFmt = RATE;
      rateCell.set(rate.currency, `$B$${r}`);
    } else sheet.getCell(r, 2).value = t("leveling.noRate");
    sheet.getCell(r, 3).value = rate.date;
    r++;
  }
  r++;

  // Headings: each vendor over its block of columns, then the block's own headings.
  const first = (qi: number) => 2 + qi * BLOCK;
  const awardedToCol = 2 + quotes.length * BLOCK;
  const awardedCol = awardedToCol + 1;
  quotes.forEach((q, qi) => {
    sheet.mergeCells(r, first(qi), r, first(qi) + BLOCK - 1);
    sheet.getCell(r, first(qi)).value = `${counterparty(q)}${q.quoteNumber ? ` · ${q.quoteNumber}` : ""}`;
    sheet.getCell(r, first(qi)).font = { bold: true };
  });
  r++;
  const headings = [t("csv.description")];
  for (const q of quotes) {
    const currency = q.currency ?? base;
    headings.push(
      t("csv.quantity"),
      t("csv.unit"),
      `${t("csv.unitPrice")} (${currency})`,
      `${t("csv.amount")} (${currency})`,
      `${t("csv.amount")} (${base})`,
      t("csv.source"),
    );
  }
  headings.push(t("leveling.xlsx.awardedTo"), `${t("leveling.awarded")} (${base})`);
  sheet.getRow(r).values = headings;
  sheet.getRow(r++).font = { bold: true };

  const firstItemRow = r;
  const convertedFormula = (q: Quote, amountRef: string) => {
    const rate = rateCell.get(q.currency ?? base);
    return rate ? `${amountRef}*${rate}` : null;
  };
  rows.forEach((row, ri) => {
    sheet.getCell(r, 1).value = row.description;
    row.cells.forEach((line, qi) => {
      const q = quotes[qi]!;
      const c = first(qi);
      if (line === null) {
        sheet.getCell(r, c).value = t("leveling.notQuoted");
        return;
      }
      const item = q.lineItems[line]!;
      const amount = lineAmount(item);
      sheet.getCell(r, c).value = item.quantity;
      sheet.getCell(r, c + 1).value = item.unit;
      sheet.getCell(r, c + 2).value = item.unitPrice;
      sheet.getCell(r, c + 3).value = amount;
      const formula = amount === null ? null : convertedFormula(q, `${columnName(c + 3)}${r}`);
      if (formula) sheet.getCell(r, c + 4).value = { formula, result: convert(amount, q.currency, base, rates) ?? undefined };
      sheet.getCell(r, c + 5).value = sourceText(q, item.source?.page ?? item.page, t);
      [c + 2, c + 3, c + 4].forEach((col) => (sheet.getCell(r, col).numFmt = MONEY));
    });
    const qi = awards[ri];
    if (qi !== null && qi !== undefined) {
      const convertedRef = `${columnName(first(qi) + 4)}${r}`;
      sheet.getCell(r, awardedToCol).value = counterparty(quotes[qi]!);
      const q = quotes[qi]!;
      const line = row.cells[qi]!;
      sheet.getCell(r, awardedCol).value = {
        formula: convertedRef,
        result: convert(lineAmount(q.lineItems[line]!), q.currency, base, rates) ?? undefined,
      };
      sheet.getCell(r, awardedCol).numFmt = MONEY;
    }
    r++;
  });
  const lastItemRow = r - 1;

  // Totals as formulas: the sums of each quote's lines, then the awarded total.
  const sumOf = (col: number) => `SUM(${columnName(col)}${firstItemRow}:${columnName(col)}${lastItemRow})`;
  sheet.getCell(r, 1).value = t("leveling.xlsx.sumOfLines");
  quotes.forEach((_, qi) => {
    for (const col of [first(qi) + 3, first(qi) + 4]) {
      sheet.getCell(r, col).value = { formula: sumOf(col) };
      sheet.getCell(r, col).numFmt = MONEY;
    }
  });
  sheet.getCell(r, awardedToCol).value = t("leveling.awardedTotal");
  sheet.getCell(r, awardedCol).value = { formula: `ROUND(${sumOf(awardedCol)},2)`, result: leveling.awarded.total };
  sheet.getCell(r, awardedCol).numFmt = MONEY;
  sheet.getRow(r++).font = { bold: true };

  sheet.getCell(r, 1).value = t("compare.total");
  quotes.forEach((q, qi) => {
    const c = first(qi);
    sheet.getCell(r, c + 3).value = q.total;
    const formula = q.total === null ? null : convertedFormula(q, `${columnName(c + 3)}${r}`);
    if (formula) sheet.getCell(r, c + 4).value = { formula };
    sheet.getCell(r, c + 5).value = sourceText(q, q.sources.total?.page, t);
    [c + 3, c + 4].forEach((col) => (sheet.getCell(r, col).numFmt = MONEY));
  });
  r++;
  const fieldRow = (label: string, value: (q: Quote) => string | number | null, field: QuoteField) => {
    sheet.getCell(r, 1).value = label;
    quotes.forEach((q, qi) => {
      sheet.getCell(r, first(qi) + 3).value = value(q);
      sheet.getCell(r, first(qi) + 5).value = sourceText(q, q.sources[field]?.page, t);
    });
    r++;
  };
  fieldRow(t("fields.shipping"), (q) => q.shipping, "shipping");
  fieldRow(t("fields.paymentTerms"), (q) => q.paymentTerms, "paymentTerms");
  fieldRow(t("fields.validUntil"), (q) => q.validUntil, "validUntil");

  sheet.getColumn(1).width = 40;
  for (let c = 2; c <= awardedCol; c++) sheet.getColumn(c).width = (c - 2) % BLOCK === 5 ? 24 : 14;
  sheet.views = [{ state: "frozen", xSplit: 1, ySplit: firstItemRow - 1 }];
  if (logo) sheet.addImage(logo.id, { tl: { col: 5, row: 0 }, ext: { width: logo.width, height: logo.height } });

  quotes.forEach((q) => quoteSheet(workbook.addWorksheet(sheetName(counterparty(q), taken)), q, profile, t));
  return workbook;
}

/** One quote: its fields and line items, each with the document and page it was read from. */
function quoteSheet(sheet: ExcelJS.Worksheet, q: Quote, profile: Profile | undefined, t: TFunction<"quotes">) {
  let r = companyRows(sheet, profile);
  const source = [t("leveling.xlsx.document"), t("leveling.xlsx.page")];
  sheet.getRow(r).values = [t("leveling.xlsx.field"), t("leveling.xlsx.value"), ...source];
  sheet.getRow(r++).font = { bold: true };
  const fields: [string, QuoteField][] = [
    ["vendor", "vendorName"],
    ["customer", "customerName"],
    ["quoteNumber", "quoteNumber"],
    ["quoteDate", "quoteDate"],
    ["validUntil", "validUntil"],
    ["currency", "currency"],
    ["paymentTerms", "paymentTerms"],
    ["subtotal", "subtotal"],
    ["tax", "tax"],
    ["shipping", "shipping"],
    ["total", "total"],
  ];
  for (const [label, field] of fields) {
    sheet.getRow(r++).values = [t(`csv.${label}`), q[field], q.documentName, q.sources[field]?.page ?? null];
  }
  r++;
  sheet.getRow(r).values = [t("csv.description"), t("csv.quantity"), t("csv.unit"), t("csv.unitPrice"), t("csv.amount"), ...source];
  sheet.getRow(r++).font = { bold: true };
  const firstItem = r;
  for (const item of q.lineItems) {
    sheet.getRow(r).values = [
      item.description,
      item.quantity,
      item.unit,
      item.unitPrice,
      item.amount,
      q.documentName,
      item.source?.page ?? item.page,
    ];
    sheet.getCell(r, 4).numFmt = MONEY;
    sheet.getCell(r++, 5).numFmt = MONEY;
  }
  sheet.getCell(r, 1).value = t("leveling.xlsx.sumOfLines");
  sheet.getCell(r, 5).value = { formula: `SUM(E${firstItem}:E${Math.max(firstItem, r - 1)})` };
  sheet.getCell(r, 5).numFmt = MONEY;
  sheet.getRow(r).font = { bold: true };
  sheet.getColumn(1).width = 40;
  for (const c of [2, 3, 4, 5, 7]) sheet.getColumn(c).width = 14;
  sheet.getColumn(6).width = 28;
}

export async function downloadLevelingXlsx(input: Input) {
  const workbook = await levelingWorkbook(input);
  const buffer = await workbook.xlsx.writeBuffer();
  const name = fileNamePart(input.t("leveling.xlsx.fileName"), input.project) || "leveling";
  downloadBlob(`${name}.xlsx`, new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
}
