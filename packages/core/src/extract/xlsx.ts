import { BUILTIN_FORMATS, formatDate, formatNumber } from "./cells";
import { ReadError } from "./failure";
import { SheetText } from "./lines";
import { pageLimitWarning, SHARED_STRINGS_FACTOR, type ParseContext } from "./limits";
import { attr, OfficePackage, StopWalk, walkXml } from "./ooxml";
import { cleanText } from "./text";
import type { Extraction, Page, Table } from "./types";

/**
 * A reader for Excel workbooks (.xlsx, .xlsm, templates, Strict OOXML): cell values as the text
 * a person sees, sheet by sheet, row by row. Written on a streaming XML walk rather than exceljs,
 * which loads a whole workbook into objects (a sheet's text can only be cut after it is built:
 * a megabyte string used by 12,000 cells exhausts memory) and checks every merged range against
 * all earlier ones (50,000 merges take minutes). Merged ranges need no work here: a merged
 * range's value is stored in its first cell and the others are empty, which is how it reads.
 */

/** `_xHHHH_` escapes a character XML cannot hold (Excel writes a carriage return as `_x000D_`). */
const unescapeOoxml = (text: string) => text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Column index (0-based) of a cell reference such as "AB12". */
function columnOf(ref: string): number | undefined {
  const letters = /^[A-Za-z]{1,3}/.exec(ref)?.[0];
  if (!letters) return undefined;
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col - 1;
}

/** Excel's own sheet size: a cell reference beyond it is damage, not data. */
const MAX_COLUMNS = 16_384;

interface Workbook {
  sheets: { name: string; part: string }[];
  date1904: boolean;
  sharedStrings?: string;
  styles?: string;
}

function readWorkbook(pkg: OfficePackage, main: string): Workbook {
  const rels = pkg.relationships(main);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const data = pkg.read(main);
  if (!data) throw new ReadError("damaged", "The workbook part is missing");
  const sheets: Workbook["sheets"] = [];
  let date1904 = false;
  walkXml(data, {
    open(tag, attributes) {
      if (tag === "workbookPr") date1904 = /^(1|true)$/.test(attr(attributes, "date1904") ?? "");
      else if (tag === "sheet") {
        const rel = byId.get(attr(attributes, "id") ?? "");
        // chart sheets, dialog sheets and Excel 4 macro sheets hold no cells to read
        if (rel && rel.type === "worksheet" && !rel.external && pkg.has(rel.target))
          sheets.push({ name: attributes.name ?? "", part: rel.target });
      }
    },
  });
  const partOf = (type: string) => rels.find((r) => r.type === type && !r.external)?.target;
  return { sheets, date1904, sharedStrings: partOf("sharedStrings"), styles: partOf("styles") };
}

/**
 * The shared string table, rich text runs joined, phonetic guides (rPh) left out. Strings past
 * `maxChars` in all are kept empty: more than that could never fit the text budget anyway.
 */
function readSharedStrings(data: Buffer | undefined, maxChars: number): { strings: string[]; cut: boolean } {
  const strings: string[] = [];
  let total = 0;
  let cut = false;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  if (!data) return { strings, cut };
  walkXml(data, {
    open(tag) {
      if (tag === "si") current = [];
      else if (tag === "rPh") phonetic++;
      else if (tag === "t") inText = phonetic === 0;
    },
    close(tag) {
      if (tag === "si" && current) {
        const text = unescapeOoxml(current.join(""));
        cut ||= total + text.length > maxChars;
        strings.push(cut ? "" : text);
        total += cut ? 0 : text.length;
        current = undefined;
      } else if (tag === "rPh") phonetic--;
      else if (tag === "t") inText = false;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
  });
  return { strings, cut };
}

/** Number format code per cell style index (cellXfs), from numFmts or the built-in table. */
function readStyles(data: Buffer | undefined): (string | undefined)[] {
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  if (data) {
    walkXml(data, {
      open(tag, attributes) {
        if (tag === "numFmt") custom.set(Number(attr(attributes, "numFmtId")), attr(attributes, "formatCode") ?? "");
        else if (tag === "cellXfs") inCellXfs = true;
        else if (tag === "xf" && inCellXfs) xfFormats.push(Number(attr(attributes, "numFmtId") ?? 0));
      },
      close(tag) {
        if (tag === "cellXfs") inCellXfs = false;
      },
    });
  }
  return xfFormats.map((id) => custom.get(id) ?? BUILTIN_FORMATS[id]);
}

interface CellState {
  col: number;
  type: string;
  style: number;
  value: string[];
  inline: string[];
}

function readSheet(data: Buffer, sheet: SheetText, strings: string[], formats: (string | undefined)[], date1904: boolean) {
  let row: [number, string][] = [];
  let cell: CellState | undefined;
  let lastCol = -1;
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  let rowNumber = 0;

  const cellValue = (c: CellState): string => {
    const raw = c.value.join("");
    switch (c.type) {
      case "s":
        return strings[Number(raw)] ?? "";
      case "inlineStr":
        return unescapeOoxml(c.inline.join(""));
      case "str":
        return unescapeOoxml(raw);
      case "b":
        return raw === "1" || raw === "true" ? "TRUE" : raw === "" ? "" : "FALSE";
      case "e":
        return raw;
      case "d":
        return raw ? formatDate(new Date(raw)) || raw : "";
      default: {
        if (raw.trim() === "") return "";
        const number = Number(raw);
        return Number.isFinite(number) ? formatNumber(number, formats[c.style], date1904) : raw;
      }
    }
  };

  walkXml(data, {
    open(tag, attributes) {
      switch (tag) {
        case "row":
          row = [];
          lastCol = -1;
          // rows without a number follow the one before
          rowNumber = Number(attributes.r) > 0 ? Number(attributes.r) : rowNumber + 1;
          break;
        case "c": {
          const col = (attributes.r ? columnOf(attributes.r) : undefined) ?? lastCol + 1;
          lastCol = col;
          cell = { col, type: attributes.t ?? "n", style: Number(attributes.s ?? 0) || 0, value: [], inline: [] };
          break;
        }
        case "v":
          inValue = cell !== undefined;
          break;
        case "is":
          inInline = cell !== undefined;
          break;
        case "rPh":
          phonetic++;
          break;
        case "t":
          inText = inInline && phonetic === 0;
          break;
      }
    },
    close(tag) {
      switch (tag) {
        case "c":
          if (cell && cell.col < MAX_COLUMNS) {
            const text = cleanText(cellValue(cell));
            if (text.trim() !== "") row.push([cell.col, text]);
          }
          cell = undefined;
          break;
        case "row": {
          if (row.length === 0) break;
          const cells: string[] = new Array<string>(Math.max(...row.map(([c]) => c)) + 1).fill("");
          for (const [col, text] of row) cells[col] = text;
          row = [];
          if (!sheet.add(cells, rowNumber)) throw new StopWalk();
          break;
        }
        case "v":
          inValue = false;
          break;
        case "is":
          inInline = false;
          break;
        case "rPh":
          phonetic--;
          break;
        case "t":
          inText = false;
          break;
      }
    },
    text(text) {
      if (!cell) return;
      if (inValue) cell.value.push(text);
      else if (inText) cell.inline.push(text);
    },
  });
}

export function extractXlsx(buffer: Buffer, context: ParseContext): Extraction {
  const pkg = new OfficePackage(buffer, context.limits.maxUnzippedBytes);
  const main = pkg.mainPart() ?? (pkg.has("xl/workbook.xml") ? "xl/workbook.xml" : undefined);
  if (!main) throw new ReadError("damaged", "The package has no workbook");
  const workbook = readWorkbook(pkg, main);
  const { strings, cut } = readSharedStrings(
    workbook.sharedStrings ? pkg.read(workbook.sharedStrings) : undefined,
    SHARED_STRINGS_FACTOR * context.limits.maxChars,
  );
  if (cut) context.warnings.push("The workbook holds more text than can be kept; some cells were left out.");
  const formats = readStyles(workbook.styles ? pkg.read(workbook.styles) : undefined);

  const pages: Page[] = [];
  const tables: Table[] = [];
  const { maxPages, maxRows } = context.limits;
  if (workbook.sheets.length > maxPages) context.warnings.push(pageLimitWarning(maxPages, workbook.sheets.length, "sheets"));
  for (const [index, ref] of workbook.sheets.slice(0, maxPages).entries()) {
    if (context.budget.exhausted) break;
    const data = pkg.read(ref.part);
    if (!data) continue;
    const sheet = new SheetText(ref.name, context.budget.remaining, maxRows);
    readSheet(data, sheet, strings, formats, workbook.date1904);
    if (sheet.rowLimitReached)
      context.warnings.push(`Only the first ${maxRows.toLocaleString("en-US")} rows of sheet "${ref.name}" were read.`);
    pages.push({ page: index + 1, text: context.budget.take(sheet.text), sheet: { name: ref.name, rows: sheet.rowNumbers } });
    if (sheet.full) context.budget.truncated();
    tables.push({ page: index + 1, name: ref.name, rows: sheet.rows });
  }
  return { kind: "xlsx", pages, tables, warnings: context.warnings };
}
