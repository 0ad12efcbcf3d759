import { ReadError } from "./failure";
import type { ParseContext } from "./limits";
import { linesToPages, rowLine, tabsToCells } from "./lines";
import { attr, OfficePackage, StopWalk, walkXml, type XmlHandlers } from "./ooxml";
import { cleanText, keepPages } from "./text";
import type { Extraction, Table } from "./types";

/**
 * A reader for Word documents (.docx, .docm, templates): the text as it reads, one paragraph a
 * line, each table row one line of cells joined with " | ", tab-separated columns inside a
 * paragraph as cells too (a letterhead often sets "Company | Quotation" with a tab), text boxes
 * where they are anchored, and the headers and footers (where a letterhead usually lives) around
 * the body. Written on a streaming XML walk rather than mammoth, which needs ~60 times the size
 * of document.xml in memory and drops headers and footers; here memory follows the text kept,
 * and reading stops once the character budget is used.
 */

interface Paragraph {
  parts: string[];
  /** It anchors a text box: when it has no text of its own it is not an empty line. */
  anchor: boolean;
  /** Where the paragraph's text goes: a table cell, or the lines of the document. */
  inCell: boolean;
  /** Open runs: tabs and breaks count only inside a run (w:tabs in paragraph properties do not). */
  runs: number;
}

interface Cell {
  paragraphs: string[];
  span: number;
  /** A vertically merged cell below the first one: its text is the first one's. */
  continued: boolean;
}

interface OpenTable {
  rows: string[][];
  row?: Cell[];
  /** Grid columns skipped before the row's first cell (w:gridBefore). */
  before: number;
  cell?: Cell;
}

interface PartText {
  lines: string[];
  /** XML syntax errors met (a truncated part has some). */
  errors: number;
  /** Reading stopped at the character room: the part goes on. */
  cut: boolean;
  /** Each top-level table's rows and the index of the line its first row is on. */
  tables: { rows: string[][]; line: number }[];
}

/** A row as grid cells: a cell spanning columns keeps its text in the first and leaves the others empty, as Excel does. */
function gridRow(cells: Cell[], before: number): string[] {
  const out: string[] = new Array<string>(before).fill("");
  for (const cell of cells) {
    out.push(cell.continued ? "" : cell.paragraphs.join(" ").replace(/\s+/g, " ").trim());
    for (let i = 1; i < cell.span; i++) out.push("");
  }
  return out;
}

/** Reads one part (the body, a header, the footnotes) into lines, stopping once `room` characters are kept. */
function readPart(data: Buffer, room: number): PartText {
  const lines: string[] = [];
  const tables: PartText["tables"] = [];
  let chars = 0;
  let cut = false;
  const paragraphs: Paragraph[] = [];
  const open: OpenTable[] = [];
  // cells and text boxes nest: a paragraph belongs to the innermost
  const containers: ("cell" | "textbox")[] = [];
  let skipping = 0;
  let inText = false;

  const emit = (line: string) => {
    // one blank line at most between paragraphs, none at the start
    if (line === "" && (lines.length === 0 || lines[lines.length - 1] === "")) return;
    lines.push(line);
    chars += line.length + 1;
    if (chars > room) {
      cut = true;
      throw new StopWalk();
    }
  };
  const current = () => paragraphs[paragraphs.length - 1];
  const put = (text: string) => {
    const paragraph = current();
    if (paragraph && paragraph.runs > 0) paragraph.parts.push(text);
  };

  const handlers: XmlHandlers = {
    open(tag, attributes) {
      if (skipping > 0 || tag === "Fallback") {
        // mc:Fallback repeats the mc:Choice content for older readers: read it once
        skipping++;
        return;
      }
      const table = open[open.length - 1];
      switch (tag) {
        case "p":
          paragraphs.push({ parts: [], anchor: false, inCell: containers[containers.length - 1] === "cell", runs: 0 });
          break;
        case "r":
          if (current()) current()!.runs++;
          break;
        case "t":
          inText = true;
          break;
        case "tab":
        case "ptab":
          put("\t");
          break;
        case "br":
        case "cr":
          put("\n");
          break;
        case "noBreakHyphen":
          put("-");
          break;
        case "txbxContent":
          if (current()) current()!.anchor = true;
          containers.push("textbox");
          break;
        case "tbl":
          open.push({ rows: [], before: 0 });
          break;
        case "tr":
          if (table) {
            table.row = [];
            table.before = 0;
          }
          break;
        case "gridBefore":
          if (table) table.before = Math.min(64, Number(attr(attributes, "val")) || 0);
          break;
        case "tc":
          containers.push("cell");
          if (table) table.cell = { paragraphs: [], span: 1, continued: false };
          break;
        case "gridSpan":
          if (table?.cell) table.cell.span = Math.max(1, Math.min(64, Number(attr(attributes, "val")) || 1));
          break;
        case "vMerge":
          if (table?.cell) table.cell.continued = (attr(attributes, "val") ?? "continue") === "continue";
          break;
      }
    },
    close(tag) {
      if (skipping > 0) {
        skipping--;
        return;
      }
      const table = open[open.length - 1];
      switch (tag) {
        case "t":
          inText = false;
          break;
        case "r":
          if (current() && current()!.runs > 0) current()!.runs--;
          break;
        case "p": {
          const paragraph = paragraphs.pop();
          if (!paragraph) break;
          const text = cleanText(paragraph.parts.join(""));
          if (paragraph.anchor && text.trim() === "") break;
          if (paragraph.inCell && table?.cell) table.cell.paragraphs.push(text.replace(/\s+/g, " "));
          else for (const line of text.split("\n")) emit(tabsToCells(line));
          break;
        }
        case "txbxContent":
          containers.pop();
          break;
        case "tc":
          containers.pop();
          if (table?.cell) table.row?.push(table.cell);
          if (table) table.cell = undefined;
          break;
        case "tr":
          if (table?.row) table.rows.push(gridRow(table.row, table.before));
          if (table) table.row = undefined;
          break;
        case "tbl": {
          if (!table) break;
          open.pop();
          const rows = table.rows.filter((r) => r.some((c) => c !== ""));
          const outer = open[open.length - 1];
          // a table inside a cell becomes that cell's text, rows separated by "; "
          if (outer?.cell) outer.cell.paragraphs.push(rows.map(rowLine).join("; "));
          else if (rows.length > 0) {
            tables.push({ rows, line: lines.length });
            for (const row of rows) emit(rowLine(row));
          }
          break;
        }
      }
    },
    text(text) {
      if (skipping === 0 && inText) put(text);
    },
  };
  const errors = walkXml(data, handlers);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return { lines, tables, errors, cut };
}

/** Headers or footers, in relationship order, each distinct text once (first-page and default headers often repeat). */
function readParts(pkg: OfficePackage, parts: string[], room: () => number): PartText[] {
  const seen = new Set<string>();
  const out: PartText[] = [];
  for (const part of parts) {
    const data = pkg.read(part);
    if (!data || room() <= 0) continue;
    const text = readPart(data, room());
    const key = text.lines.join("\n");
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

export function extractDocx(buffer: Buffer, context: ParseContext): Extraction {
  const pkg = new OfficePackage(buffer, context.limits.maxUnzippedBytes);
  const main = pkg.mainPart() ?? (pkg.has("word/document.xml") ? "word/document.xml" : undefined);
  const body = main ? pkg.read(main) : undefined;
  if (!main || !body) throw new ReadError("damaged", "The package has no document part");
  const rels = pkg.relationships(main).filter((r) => !r.external);
  const byType = (type: string) =>
    rels
      .filter((r) => r.type === type)
      .sort((a, b) => Number(a.id.replace(/\D/g, "")) - Number(b.id.replace(/\D/g, "")))
      .map((r) => r.target);

  let used = 0;
  const room = () => context.budget.remaining - used;
  const sections: PartText[] = [];
  const add = (parts: PartText[]) => {
    for (const part of parts) {
      sections.push(part);
      used += part.lines.reduce((n, l) => n + l.length + 1, 0);
    }
  };
  add(readParts(pkg, byType("header"), room));
  if (room() > 0) {
    const text = readPart(body, room());
    // broken XML that gave nothing at all is a damaged file, not an empty document
    if (text.errors > 0 && text.lines.length === 0) throw new ReadError("damaged", "The document part is not well-formed XML");
    add([text]);
  }
  add(readParts(pkg, [...byType("footnotes"), ...byType("endnotes")], room));
  add(readParts(pkg, byType("footer"), room));

  // sections are separated by a blank line; a table's page follows from the line it starts on
  const lines: string[] = [];
  const tableLines: { rows: string[][]; line: number }[] = [];
  for (const section of sections) {
    if (lines.length > 0) lines.push("");
    for (const table of section.tables) tableLines.push({ rows: table.rows, line: lines.length + table.line });
    lines.push(...section.lines);
  }
  const texts = linesToPages(lines);
  const pages = keepPages(texts, context);
  if (sections.some((s) => s.cut) || room() <= 0) context.budget.truncated();
  const firstLine: number[] = [];
  texts.reduce((at, text) => (firstLine.push(at), at + text.split("\n").length), 0);
  const pageOf = (line: number) => firstLine.findLastIndex((start) => start <= line) + 1;
  const tables: Table[] = tableLines.filter((t) => pageOf(t.line) <= pages.length).map((t) => ({ page: pageOf(t.line), rows: t.rows }));
  return { kind: "docx", pages, tables, warnings: context.warnings };
}
