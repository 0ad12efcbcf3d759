import Papa from "papaparse";
import type { ParseContext } from "./limits";
import { linesToPages, rowLine } from "./lines";
import { keepPages, readableText } from "./text";
import type { Extraction } from "./types";

export function extractCsv(buffer: Buffer, context: ParseContext): Extraction {
  const text = readableText(buffer, context);
  const { maxRows } = context.limits;
  // preview bounds the work on a huge file; one extra row tells us there was more
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy", preview: maxRows + 1 });
  let rows = parsed.data.filter((row) => row.some((cell) => cell.trim() !== ""));
  if (rows.length > maxRows) {
    context.warnings.push(`Only the first ${maxRows.toLocaleString("en-US")} rows were read.`);
    rows = rows.slice(0, maxRows);
  }
  const pages = keepPages(linesToPages(rows.map(rowLine)), context);
  // the table keeps only the rows whose text made it into the pages
  const keptLines = pages.reduce((n, p) => n + (p.text === "" ? 0 : p.text.split("\n").length), 0);
  const tables = rows.length > 0 ? [{ page: 1, rows: rows.slice(0, keptLines).map((r) => r.map((c) => c.trim())) }] : [];
  return { kind: "csv", pages, tables, warnings: context.warnings };
}
