import mammoth from "mammoth";
import { linesToPages, rowLine } from "./lines";
import type { ParseContext } from "./limits";
import { keepPages, tidy } from "./text";
import type { Extraction, Table } from "./types";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

interface OpenTable {
  rows: string[][];
  row?: string[];
  cell?: string[];
}

const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li"]);

/**
 * Flattens mammoth's HTML (a small, well-formed vocabulary: p, h1-h6, ul/ol/li, table/tr/td/th,
 * br, inline tags) into lines: each paragraph a line, each table row one line of cells joined
 * with " | ". `extractRawText` would put every cell on a line of its own and lose the rows.
 */
export function htmlToLines(html: string): { lines: string[]; tables: string[][][] } {
  const lines: string[] = [];
  const tables: string[][][] = [];
  const stack: OpenTable[] = [];
  let block: string[] | undefined;

  // where text goes: the open cell inside a table (never a paragraph around it), else the block
  const sink = () => (stack.length ? stack[stack.length - 1]!.cell : block);
  const flushBlock = () => {
    if (block && !stack.length) {
      const line = block
        .join("")
        .replace(/[ \t]+/g, " ")
        .trim();
      lines.push(line);
    }
    block = undefined;
  };

  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    const [, closing, rawTag, text] = match;
    if (text !== undefined) {
      const target = sink();
      if (target) target.push(decodeEntities(text));
      else if (!stack.length) lines.push(decodeEntities(text).trim());
      continue;
    }
    const tag = rawTag!.toLowerCase();
    const table = stack[stack.length - 1];
    if (!closing) {
      if (tag === "table") stack.push({ rows: [] });
      else if (tag === "tr" && table) table.row = [];
      else if ((tag === "td" || tag === "th") && table) table.cell = [];
      else if (tag === "br") sink()?.push(stack.length ? " " : "\n");
      else if (BLOCKS.has(tag)) {
        if (table?.cell) table.cell.push(table.cell.length ? " " : "");
        else {
          flushBlock();
          block = [];
        }
      }
      continue;
    }
    if (tag === "table" && table) {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent?.cell) parent.cell.push(table.rows.map(rowLine).join("; "));
      else {
        tables.push(table.rows);
        lines.push(...table.rows.map(rowLine).filter((l) => l !== ""));
      }
    } else if (tag === "tr" && table?.row) {
      table.rows.push(table.row);
      table.row = undefined;
    } else if ((tag === "td" || tag === "th") && table?.cell) {
      table.row?.push(table.cell.join("").replace(/\s+/g, " ").trim());
      table.cell = undefined;
    } else if (BLOCKS.has(tag) && !table?.cell) flushBlock();
  }
  flushBlock();
  return { lines: tidy(lines.join("\n")).split("\n"), tables };
}

export async function extractDocx(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const { value } = await mammoth.convertToHtml(
    { buffer },
    {
      // images would come back as base64 data URLs: memory for nothing
      convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      externalFileAccess: false,
    },
  );
  const { lines, tables } = htmlToLines(value);
  const pages = keepPages(linesToPages(lines), context);
  const structured: Table[] = tables.filter((rows) => rows.length > 0).map((rows) => ({ page: 1, rows }));
  return { kind: "docx", pages, tables: structured, warnings: context.warnings };
}
