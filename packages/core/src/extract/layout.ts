import type { Cell, Line, Word } from "./types";

/**
 * Layout: positioned words (pdf.js text items, OCR words, Textract WORD blocks) back into the
 * lines a person reads. Every reader that has geometry goes through here, so the rules, the
 * model and retrieval see one page shape whatever read the page.
 */

/** A line's text: its cells joined by " | " (a column gap). */
export const lineText = (line: Pick<Line, "cells">) => line.cells.map((c) => c.text).join(" | ");

/** A page's text: one line per row. */
export const pageText = (lines: Line[]) => lines.map(lineText).join("\n");

const height = (w: Word) => w.size ?? Math.max(1, w.y1 - w.y0);

/**
 * Groups words by baseline (their vertical centres within about half a glyph of each other),
 * orders each line left to right, and splits it into cells where the gap between two words is
 * wider than a couple of characters.
 */
export function layoutWords(words: Word[]): Line[] {
  const sorted = words.filter((w) => w.text.trim() !== "").sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
  const rows: Word[][] = [];
  for (const word of sorted) {
    const row = rows[rows.length - 1];
    const anchor = row?.[0];
    const centre = (w: Word) => (w.y0 + w.y1) / 2;
    if (row && anchor && Math.abs(centre(anchor) - centre(word)) <= Math.max(1, 0.45 * Math.min(height(anchor), height(word))))
      row.push(word);
    else rows.push([word]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0);
    const cells: Cell[] = [];
    let cell: Cell | undefined;
    for (const word of row) {
      const size = height(word) || 10;
      const gap = cell ? word.x0 - cell.x1 : Infinity;
      if (!cell || gap > 2 * size) {
        cell = { text: word.text.trim(), x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1 };
        cells.push(cell);
        continue;
      }
      const joined = gap > 0.15 * size && !/\s$/.test(cell.text) && !/^\s/.test(word.text);
      cell.text = `${cell.text}${joined ? " " : ""}${word.text}`.replace(/\s+/g, " ").trim();
      cell.x1 = Math.max(cell.x1, word.x1);
      cell.y0 = Math.min(cell.y0, word.y0);
      cell.y1 = Math.max(cell.y1, word.y1);
    }
    return {
      cells,
      x0: Math.min(...cells.map((c) => c.x0)),
      y0: Math.min(...cells.map((c) => c.y0)),
      x1: Math.max(...cells.map((c) => c.x1)),
      y1: Math.max(...cells.map((c) => c.y1)),
    };
  });
}
