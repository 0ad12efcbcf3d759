import { detectLanguage } from "../../extract/language";
import { numberStyle, type NumberStyle } from "../numbers";
import { fold } from "./fold";

export { fold };

/**
 * The page text as the rules read it: rows of cells (a cell is text between two column gaps,
 * written " | " by every reader), with the cells' horizontal extent and the row's height when
 * the reader gave geometry. Every cell also has a folded key (lower case, no accents) that
 * the label patterns match, so "Numéro", "NUMERO" and a TeX "Num´ero" read alike.
 */

export interface TextPage {
  page: number;
  text: string;
  /** Geometry of `text`, line for line, when the reader had it. */
  lines?: { cells: { text: string; x0: number; x1: number; y0: number; y1: number }[]; x0: number; x1: number; y0: number; y1: number }[];
  width?: number;
  height?: number;
  source?: string;
  /** A spreadsheet page: the sheet and the row of each text line. */
  sheet?: { name: string; rows: number[] };
}

export interface Cell {
  text: string;
  key: string;
  x0?: number;
  x1?: number;
}

export interface Row {
  page: number;
  /** Position in the document, from 0. */
  n: number;
  /** Position on its page, from 0. */
  line: number;
  cells: Cell[];
  /** The cells joined with " | ". */
  text: string;
  key: string;
  y0?: number;
  y1?: number;
  /** The page's width, when known, to tell left from right. */
  width?: number;
}

export interface Doc {
  rows: Row[];
  pages: TextPage[];
  style: NumberStyle & { spaced: boolean };
  /** All text, folded. */
  key: string;
  text: string;
}

const SPACING_ACCENTS: Record<string, string> = {
  "´": "\u0301",
  "`": "\u0300",
  ˆ: "\u0302",
  "¨": "\u0308",
  "˜": "\u0303",
  "¸": "\u0327",
  "˚": "\u030a",
};

/**
 * Text with TeX-style spacing accents put back on their letter ("Num´ero" -> "Numéro",
 * "`a" -> "à", "ˆı" -> "î"), ligatures expanded, and runs of spaces collapsed.
 */
export function repair(text: string): string {
  return (
    text
      .replace(
        /([´`ˆ¨˜¸˚])\s?([A-Za-zı])/g,
        (_, accent: string, letter: string) => `${letter === "ı" ? "i" : letter}${SPACING_ACCENTS[accent]}`,
      )
      .replace(/[\ufb00-\ufb06]/g, (c) => c.normalize("NFKC"))
      .normalize("NFC")
      // a word set letter-spaced ("O R Ç A M E N T O", "R E S P O N S ÁV E L"): single letters, now and then two the
      // reader kept together, one space apart
      .replace(/(?<!\S)(?:\p{L}{1,2} ){3,}\p{L}{1,2}(?!\S)/gu, (run) => {
        const parts = run.split(" ");
        return parts.filter((p) => p.length === 1).length >= 0.75 * parts.length ? parts.join("") : run;
      })
      .replace(/[ \t]+/g, " ")
      .trim()
  );
}

export const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** Text to match literally inside a pattern. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function cellsOf(raw: string): string[] {
  return raw.includes(" | ") || raw.includes("\t") ? raw.split(/ \| |\t/) : [raw];
}

/** Rows from pages: the text's lines, with geometry when the page's `lines` match them one to one. */
export function readDoc(pages: TextPage[]): Doc {
  const rows: Row[] = [];
  for (const page of pages) {
    const texts = page.text.split("\n");
    const geometry = page.lines && page.lines.length === texts.length ? page.lines : undefined;
    texts.forEach((raw, i) => {
      const cellTexts = cellsOf(raw);
      const line = geometry?.[i];
      const boxes = line && line.cells.length === cellTexts.length ? line.cells : undefined;
      const cells: Cell[] = cellTexts
        .map((t, c) => {
          const text = repair(t);
          const box = boxes?.[c];
          return box ? { text, key: fold(text), x0: box.x0, x1: box.x1 } : { text, key: fold(text) };
        })
        .filter((c, index, all) => c.text !== "" || (index > 0 && index < all.length - 1));
      if (!cells.some((c) => c.text !== "")) return;
      const text = cells.map((c) => c.text).join(" | ");
      rows.push({
        page: page.page,
        n: rows.length,
        line: i,
        cells,
        text,
        key: fold(text),
        ...(line ? { y0: line.y0, y1: line.y1 } : {}),
        ...(page.width ? { width: page.width } : {}),
      });
    });
  }
  const text = rows.map((r) => r.text).join("\n");
  const style = numberStyle(text);
  // no number shows its decimal mark and thousands are grouped with dots ("450.000", "49.500"):
  // in a language that writes decimals with a comma, the dots group thousands
  if (!style.decimal && /\d\.\d{3}(?!\d)/.test(text) && !/\d,\d{3}(?!\d)/.test(text)) {
    const language = detectLanguage(text);
    if (language && language !== "en") style.decimal = ",";
  }
  return { rows, pages, style, key: fold(text), text };
}
