import { describe, expect, it } from "vitest";
import { cpuMilliseconds } from "@quorum/testing/cpu-time";
import { quoteData } from "@quorum/testing/quote-data";
import { layoutWords, pageText } from "../extract/layout";
import type { Word } from "../extract/types";
import { locate, placeQuote } from "./locate";
import type { TextPage } from "./rules/text";

/** A page of positioned words (points, A4), laid out the way every reader's words are. */
function page(n: number, words: [string, number, number][]): TextPage {
  const positioned: Word[] = words.map(([text, x, y]) => ({ text, x0: x, x1: x + text.length * 5, y0: y, y1: y + 10, size: 10 }));
  const lines = layoutWords(positioned);
  return { page: n, text: pageText(lines), lines, width: 600, height: 800 };
}

const quote = quoteData;

describe("where a value is printed", () => {
  const invoice = page(1, [
    ["Acme", 50, 40],
    ["GmbH", 76, 40],
    ["Total:", 300, 600],
    ["1.234,50", 334, 600],
    ["EUR", 380, 600],
    ["Date:", 50, 100],
    ["03.04.2031", 80, 100],
  ]);

  it("an amount inside a labelled cell gets the box of its own word, not of the label", () => {
    const place = locate([invoice], 1234.5, "money", { page: 1 });
    // the currency printed with the amount is part of it
    expect(place).toMatchObject({ page: 1, text: "1.234,50 EUR" });
    const [x0, y0, x1, y1] = place!.box!;
    expect(x0 * 600).toBeCloseTo(334, 0);
    expect(x1 * 600).toBeCloseTo(395, 0);
    expect(y0 * 800).toBeCloseTo(600, 0);
    expect(y1 * 800).toBeCloseTo(610, 0);
  });

  it("a date is found as the same day whichever way it is written", () => {
    expect(locate([invoice], "2031-04-03", "date")).toMatchObject({ page: 1, text: "03.04.2031" });
  });

  it("a name is found without regard to case, and a value printed nowhere keeps its page alone", () => {
    expect(locate([invoice], "ACME GMBH", "text")).toMatchObject({ page: 1, text: "Acme GmbH" });
    expect(locate([invoice], "Globex", "text", { page: 1 })).toEqual({ page: 1 });
    expect(locate([invoice], "Globex", "text")).toBeNull();
  });

  it("a Word or text document names the paragraph (the line of its text) instead of a box, counted across pages", () => {
    const pages = [
      { page: 1, text: "Acme GmbH\nAngebot" },
      { page: 2, text: "Pos. | Menge\nTotal: 1.234,50" },
    ];
    expect(locate(pages, 1234.5, "money", { page: 2 })).toEqual({ page: 2, paragraph: 4, text: "1.234,50" });
  });

  it("a spreadsheet names the cell, and a line item its row's cells", () => {
    const sheet: TextPage = {
      page: 1,
      text: "Sheet: Q 1\nItem | Qty | Amount\nWidget | 2 | 10.00\nTotal |  | 10.00",
      sheet: { name: "Q 1", rows: [0, 3, 4, 9] },
    };
    expect(locate([sheet], 10, "money", { page: 1, line: 3 })).toEqual({ page: 1, cell: "'Q 1'!C9", text: "10.00" });
    const placed = placeQuote(
      quote({ lineItems: [{ description: "Widget", quantity: 2, unit: null, unitPrice: 5, amount: 10, page: 1 }] }),
      [sheet],
    );
    expect(placed.lineItems[0]!.source).toEqual({ page: 1, cell: "'Q 1'!A4:C4" });
  });

  it("a model's reading gets boxes from the page it names; each line item gets its row, in order", () => {
    const items = page(2, [
      ["Widget", 50, 200],
      ["2", 300, 200],
      ["10.00", 400, 200],
      ["Gadget", 50, 220],
      ["1", 300, 220],
      ["10.00", 400, 220],
      ["Total", 300, 260],
      ["20.00", 400, 260],
    ]);
    const placed = placeQuote(
      quote({
        total: 20,
        sources: { ...quote({}).sources, total: { page: 2, confidence: 0.9 } },
        lineItems: [
          { description: "Widget", quantity: 2, unit: null, unitPrice: 5, amount: 10, page: 2 },
          { description: "Gadget", quantity: 1, unit: null, unitPrice: 10, amount: 10, page: 2 },
        ],
      }),
      [invoice, items],
    );
    expect(placed.sources.total).toMatchObject({ page: 2, confidence: 0.9, text: "20.00" });
    const rows = placed.lineItems.map((i) => i.source?.box?.[1]);
    expect(rows.map((y) => Math.round(y! * 800))).toEqual([200, 220]);
  });
});

describe("placing values on a hostile document", () => {
  it("a document of 200,000 lines of digits is placed within its line budget, in under two seconds of CPU", () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `${i} | ${"9".repeat(40)} | 1,000.00`).join("\n");
    let placed: ReturnType<typeof placeQuote> | undefined;
    const ms = cpuMilliseconds(
      () => (placed = placeQuote(quote({ total: 1234.56, quoteNumber: "Q-1", vendorName: "Nobody" }), [{ page: 1, text }])),
    );
    expect(ms).toBeLessThan(2000);
    expect(placed!.sources.total).toBeNull();
  });
});
