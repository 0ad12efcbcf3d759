/** Rows and lines shared by every reader that produces tables (CSV, Word, Excel, Textract). */
import { TEXT_PAGE_SIZE } from "./text";

/** A row as one line, cells joined with " | " so a quote line's columns stay together. */
export const rowLine = (cells: string[]) => {
  const trimmed = cells.map((c) => c.replace(/\s+/g, " ").trim());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === "") trimmed.pop();
  return trimmed.join(" | ");
};

/** Groups lines into pages of about `size` characters without splitting a line. */
export function linesToPages(lines: string[], size = TEXT_PAGE_SIZE): string[] {
  const pages: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length > 0 && length + line.length + 1 > size) {
      pages.push(current.join("\n"));
      current = [];
      length = 0;
    }
    current.push(line);
    length += line.length + 1;
  }
  if (current.length > 0 || pages.length === 0) pages.push(current.join("\n"));
  return pages;
}
