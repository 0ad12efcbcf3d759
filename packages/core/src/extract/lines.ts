/** Rows and lines shared by every reader that produces tables (CSV, Word, Excel, Textract). */

/** Characters in a page of text that has no pages of its own (plain text, Word, CSV). */
export const TEXT_PAGE_SIZE = 3000;

/** A row as one line, cells joined with " | " so a quote line's columns stay together. */
export const rowLine = (cells: string[]) => {
  const trimmed = cells.map((c) => c.replace(/\s+/g, " ").trim());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === "") trimmed.pop();
  return trimmed.join(" | ");
};

/**
 * A line whose columns are set with tab stops, as cells: a run of tabs between two pieces of
 * text is a column gap (" | "), tabs at either end are indentation.
 */
export const tabsToCells = (line: string) =>
  line
    .replace(/^\s+|\s+$/g, "")
    .replace(/[ \u00a0]*\t\s*/g, " | ")
    .replace(/[ \u00a0]{2,}/g, " ");

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

/**
 * One sheet's rows as lines ("Sheet: name" first), built row by row under a character room, so
 * a sheet whose text would be far larger than what is kept (a megabyte string in thousands of
 * cells) stops being read once the room is used, instead of being built whole and then cut.
 */
export class SheetText {
  readonly rows: string[][] = [];
  private readonly lines: string[];
  private chars: number;
  /** The row limit was reached. */
  rowLimitReached = false;
  /** The character room is used up: the rest of the sheet is not read. */
  full = false;

  constructor(
    readonly name: string,
    private readonly room: number,
    private readonly maxRows: number,
  ) {
    this.lines = [`Sheet: ${name}`];
    this.chars = this.lines[0]!.length;
    this.full = this.chars > room;
  }

  /** The sheet row number (1-based) of each line of `text`; 0 for the "Sheet:" line. */
  readonly rowNumbers: number[] = [0];

  /** Adds a row (empty rows are skipped); false once the sheet takes no more rows. */
  add(cells: string[], rowNumber = this.rowNumbers[this.rowNumbers.length - 1]! + 1): boolean {
    if (this.full || this.rowLimitReached) return false;
    const line = rowLine(cells);
    if (line.replace(/[ |]/g, "") === "") return true;
    if (this.rows.length >= this.maxRows) {
      this.rowLimitReached = true;
      return false;
    }
    this.rows.push(cells.map((c) => c.trim()));
    this.lines.push(line);
    this.rowNumbers.push(rowNumber);
    this.chars += line.length + 1;
    if (this.chars > this.room) this.full = true;
    return !this.full;
  }

  get text() {
    return this.lines.join("\n");
  }
}
