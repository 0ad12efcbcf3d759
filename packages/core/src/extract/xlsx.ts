import ExcelJS from "exceljs";
import { formatDate, formatNumber } from "./cells";
import { rowLine } from "./lines";
import { pageLimitWarning, type ParseContext } from "./limits";
import type { Extraction, Page, Table } from "./types";

/** A cell value of any exceljs shape (formula, rich text, hyperlink, error...) as display text. */
export function cellText(value: unknown, numFmt: string | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return formatNumber(value, numFmt);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return formatDate(value);
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? "").join("");
    if ("error" in v) return String(v.error);
    if ("formula" in v || "sharedFormula" in v) return cellText(v.result, numFmt);
    if ("text" in v) return cellText(v.text, numFmt);
  }
  return String(value);
}

export async function extractXlsx(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const workbook = new ExcelJS.Workbook();
  // exceljs' typings predate Node's generic Buffer
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets = workbook.worksheets;
  const pages: Page[] = [];
  const tables: Table[] = [];
  if (sheets.length > context.limits.maxPages) context.warnings.push(pageLimitWarning(context.limits.maxPages, sheets.length, "sheets"));
  for (const [index, sheet] of sheets.slice(0, context.limits.maxPages).entries()) {
    if (context.budget.exhausted) break;
    const rows: string[][] = [];
    let truncated = false;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length >= context.limits.maxRows) {
        truncated = true;
        return;
      }
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) {
        const cell = row.getCell(c);
        // a merged range repeats its master's value in every cell: keep it once
        cells.push(cell.isMerged && cell.master !== cell ? "" : cellText(cell.value, cell.numFmt).trim());
      }
      if (cells.some((c) => c !== "")) rows.push(cells);
    });
    if (truncated)
      context.warnings.push(`Only the first ${context.limits.maxRows.toLocaleString("en-US")} rows of sheet "${sheet.name}" were read.`);
    const text = [`Sheet: ${sheet.name}`, ...rows.map(rowLine)].join("\n");
    pages.push({ page: index + 1, text: context.budget.take(text) });
    tables.push({ page: index + 1, name: sheet.name, rows });
  }
  return { kind: "xlsx", pages, tables, warnings: context.warnings };
}
