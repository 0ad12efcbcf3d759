import { describe, expect, it } from "vitest";
import { joinAccents, layoutWords, pageText } from "./layout";
import type { Word } from "./types";

/** A word in 10 pt type (or `size`) whose baseline is at y, about half an em per character. */
const word = (text: string, x: number, y: number, size = 10): Word => ({
  text,
  x0: x,
  x1: x + text.length * size * 0.5,
  y0: y - 0.8 * size,
  y1: y + 0.2 * size,
  size,
});

/** An OCR word: a pixel box around the ink (no font size), scaled to points. */
const ocrWord = (text: string, x: number, top: number, height: number): Word => ({
  text,
  x0: x,
  x1: x + text.length * 5,
  y0: top,
  y1: top + height,
});

describe("layout of positioned words", () => {
  it("groups words by baseline and orders them left to right, whatever their order in the file", () => {
    const words = [
      word("$125.00", 520, 300),
      word("10", 60, 300),
      word("Steel bracket", 100, 300.4),
      word("$12.50", 420, 299.7),
      word("Quote", 50, 100, 18),
    ];
    expect(pageText(layoutWords(words))).toBe("Quote\n10 | Steel bracket | $12.50 | $125.00");
  });

  it("joins words with a space and fragments of one word with nothing", () => {
    const words = [word("Hydraulic", 100, 300), word("pump", 100 + 45 + 3, 300), word("HP-", 160, 320), word("220", 160 + 15, 320)];
    expect(pageText(layoutWords(words))).toBe("Hydraulic pump\nHP-220");
  });

  it("drops a word drawn twice a hair apart (fake bold)", () => {
    const words = [word("TOTAL", 50, 300), word("TOTAL", 50.3, 300.2), word("99.00", 500, 300)];
    expect(pageText(layoutWords(words))).toBe("TOTAL | 99.00");
  });

  it("reads OCR words of uneven heights on a slightly skewed page line by line", () => {
    // ascenders, x-height-only words and digits give boxes of different heights; lines drop 1 pt every 100 pt
    const skewed = (text: string, x: number, top: number, height: number) => ocrWord(text, x, top + 0.01 * x, height);
    const words = [
      skewed("Invoice", 50, 100, 10),
      skewed("no", 90, 103.5, 6.5),
      skewed("2024-117", 110, 101, 9.5),
      skewed("Date", 300, 100.5, 10),
      skewed("12.03.2025", 330, 101, 9.8),
      skewed("Customer", 50, 116, 10),
      skewed("ACME-7", 400, 116, 9.7),
      skewed("Amount", 50, 132, 10),
      skewed("due", 95, 134.5, 6.6),
      skewed("450.00", 480, 132.5, 9.7),
    ];
    expect(pageText(layoutWords(words))).toBe("Invoice no 2024-117 | Date 12.03.2025\nCustomer | ACME-7\nAmount due | 450.00");
  });

  it("puts right-to-left rows in logical order and keeps numbers and Latin words in theirs", () => {
    // Arabic "total" and "amount" (logical order) drawn right to left, a number and a code on their left
    const words = [word("USD", 200, 100), word("1,250.00", 222, 100), word("المبلغ", 268, 100), word("الإجمالي", 310, 100)];
    expect(pageText(layoutWords(words))).toBe("الإجمالي المبلغ USD 1,250.00");
  });

  it("orders the cells of a right-to-left row from the right", () => {
    const words = [word("42.00", 50, 100), word("المجموع", 400, 100)];
    expect(layoutWords(words)[0]!.cells.map((c) => c.text)).toEqual(["المجموع", "42.00"]);
  });

  it("turns Arabic presentation forms into the letters they show", () => {
    expect(pageText(layoutWords([word("\ufe8e\ufedf\ufecc\ufeae\ufe91\ufef4\ufe94", 100, 100)]))).toBe("العربية".replace("ال", "ا\u0644"));
  });

  it("joins accents that TeX fonts draw before their letter", () => {
    expect(joinAccents("Num\u00b4ero de devis, d\u00b4ej`a, pr\u00b4ec\u00b4ed\u00b4e, ma\u02c6\u0131tre")).toBe(
      "Numéro de devis, déjà, précédé, ma\u02c6\u0131tre",
    );
  });

  it("lays out a page of 20,000 words in time proportional to the words, not their square", () => {
    const page = (rows: number) => {
      const words: Word[] = [];
      for (let row = 0; row < rows; row++) for (let col = 0; col < 50; col++) words.push(word(`w${col}`, 20 + col * 11, 20 + row * 2.5, 2));
      return words;
    };
    const time = (words: Word[]) => {
      const started = performance.now();
      const lines = layoutWords(words);
      return { lines, ms: performance.now() - started };
    };
    time(page(100)); // compiled code, not the first run, is what a long document sees
    const small = time(page(100));
    const large = time(page(400));
    expect(large.lines).toHaveLength(400);
    // four times the words: a quadratic step would take sixteen times as long
    expect(large.ms).toBeLessThan(8 * small.ms + 50);
    expect(large.ms).toBeLessThan(5000);
  });
});
