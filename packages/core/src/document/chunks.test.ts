import { describe, expect, it } from "vitest";
import { chunkPages, tableHeaders } from "./chunks";

const HEADER = "Description | Qty | Unit Price | Amount";
const row = (i: number) => `Galvanised steel bracket type ${i}, 40 mm | ${i} | 12.50 | ${(i * 12.5).toFixed(2)}`;

/** A page: letterhead, labels, a long item table, the totals and a footer. */
function invoicePage(rows: number) {
  return [
    "Harbor Supplies Inc.",
    "Invoice Number:",
    "INV-88120",
    "Bill To:",
    "Riverside Builders LLC",
    HEADER,
    ...Array.from({ length: rows }, (_, i) => row(i + 1)),
    "Subtotal | 1,234.50",
    "Total | 1,333.26",
    "Thank you for your business.",
  ].join("\n");
}

describe("layout-aware chunks", () => {
  it("a chunk that starts inside a table begins with the table's header line", () => {
    const chunks = chunkPages([{ page: 1, text: invoicePage(60) }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks.filter((c) => c.text.includes("Galvanised"))) {
      const lines = c.text.split("\n");
      const firstRow = lines.findIndex((l) => l.startsWith("Galvanised"));
      expect(lines.indexOf(HEADER), c.text).toBeGreaterThanOrEqual(0);
      expect(lines.indexOf(HEADER)).toBeLessThan(firstRow);
    }
    expect(chunks.filter((c) => c.text.startsWith(HEADER)).length).toBeGreaterThan(1);
  });

  it("never splits a row: every line of a chunk is a whole line of the page", () => {
    const page = invoicePage(60);
    const lines = new Set(page.split("\n"));
    for (const c of chunkPages([{ page: 1, text: page }])) for (const l of c.text.split("\n")) expect(lines.has(l), l).toBe(true);
  });

  it("a label stays in the chunk of the value under it", () => {
    const filler = Array.from({ length: 30 }, (_, i) =>
      `Clause ${String(i + 1).padStart(2, "0")}: the supplier keeps the site clean.`.padEnd(99, "."),
    );
    // Somewhere in this range the label is the last line that fits a chunk, unless it is kept with its value.
    for (let shift = 0; shift < 100; shift += 3) {
      const text = [...filler.slice(0, 11), "x".repeat(10 + shift), "Quote valid until:", "30 June 2024", ...filler].join("\n");
      const holding = chunkPages([{ page: 1, text }]).filter((c) => c.text.includes("Quote valid until:"));
      expect(holding.length).toBeGreaterThan(0);
      for (const c of holding) expect(c.text).toContain("Quote valid until:\n30 June 2024");
    }
  });

  it("every chunk names its page and the lines of the page it holds", () => {
    const chunks = chunkPages([
      { page: 1, text: "Cover letter\n\nDear customer," },
      { page: 2, text: invoicePage(60) },
    ]);
    expect(chunks[0]).toMatchObject({ page: 1, lineFrom: 1, lineTo: 3 });
    const second = chunks.filter((c) => c.page === 2);
    expect(second[0]!.lineFrom).toBe(1);
    const pageLines = invoicePage(60).split("\n");
    for (const c of second) {
      expect(c.lineTo!).toBeGreaterThanOrEqual(c.lineFrom!);
      // The chunk's last line is the page's line lineTo.
      expect(c.text.split("\n").at(-1)).toBe(pageLines[c.lineTo! - 1]);
    }
    expect(second.at(-1)!.lineTo).toBe(pageLines.length);
  });

  it("a table that starts late in a chunk starts a chunk of its own", () => {
    const prose = Array.from(
      { length: 11 },
      (_, i) => `Paragraph ${i + 1} of the scope of work, describing the site and its access roads.`,
    );
    const text = [...prose, HEADER, ...Array.from({ length: 8 }, (_, i) => row(i + 1))].join("\n");
    const chunks = chunkPages([{ page: 1, text }]);
    const withHeader = chunks.find((c) => c.text.includes(HEADER))!;
    expect(withHeader.text).toContain(row(1));
    expect(withHeader.text).not.toContain("Paragraph 1 ");
  });

  it("finds a table's header and its rows, wrapped description lines included, and where the table ends", () => {
    const lines = [
      "Invoice 4711",
      "Pos. | Description | Price",
      "1 | Cable tray | 3,89",
      "wrapped second line of the description",
      "2 | Junction box | 5,39",
      "Thank you",
      "a",
      "b",
      "c",
      "d",
      "e",
    ];
    expect(tableHeaders(lines)).toEqual([-1, -1, 1, 1, 1, -1, -1, -1, -1, -1, -1]);
    // Column names with no row under them are not a table.
    expect(tableHeaders(["Name | Address", "some prose", "more prose", "the end of it"])).toEqual([-1, -1, -1, -1]);
  });

  it("plain text without tables is cut as before: about CHUNK_CHARS, with overlap", () => {
    const text = Array.from({ length: 100 }, (_, i) => `Sentence number ${i + 1} of a long specification of the building.`).join("\n");
    const chunks = chunkPages([{ page: 1, text }]);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1200);
    expect(chunks[1]!.text.split("\n")[0]).toBe(chunks[0]!.text.split("\n").at(-3));
  });
});
