import { beforeAll, describe, expect, it } from "vitest";
import { cpuMilliseconds } from "@quorum/testing/cpu-time";
import { analyzeByRules } from "./index";
import { boundedPages, MAX_CHARS, MAX_LINE_CHARS, MAX_LINES, pieces } from "./bounds";

/**
 * Hostile texts: each megabyte-long shape that made a pattern of the rules cost the square of its
 * length (a sentence split over text with no punctuation, a street pattern over a digit run, an
 * e-mail pattern over a long run of e-mail characters, a label read after each of a thousand "#")
 * is read within the Analyze step's budget.
 */
const MB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const HOSTILE: Record<string, string> = {
  "a digit run": fill("0123456789"),
  "digit groups": fill("1234 "),
  "text with no punctuation": fill("lorem ipsum dolor sit amet "),
  "lines with no punctuation": fill("lorem ipsum dolor sit amet consectetur adipiscing\n"),
  "repeated separators": fill(" | "),
  dashes: fill("-"),
  dots: fill("."),
  "a long e-mail-like run": fill("a.b-c_d"),
  "one @ before a long host": `x@${fill("a.b-c")}`,
  "@ runs": fill("a@"),
  "# runs": fill("#"),
  "# before digits": fill("# 1"),
  "house numbers": fill("12 "),
  "labels and amounts": fill("Total 1 "),
  "a form repeated": fill("Invoice No: 1 Date: 01/02/2020 Total: 100.00 EUR "),
  "one digit a line": fill("1\n"),
  "tab-separated cells": fill("a\t"),
  "capitals with no space": fill("ABCDEFGHIJ"),
  "amounts with a currency": fill("€ 1 "),
  "cells of amounts": fill("a | 1 | "),
};

describe("hostile text", () => {
  // the timing is of the reading, not of compiling the rules' code paths the first time a shape takes them
  beforeAll(() => {
    for (const text of Object.values(HOSTILE)) analyzeByRules({ pages: [{ page: 1, text: text.slice(0, 16_384) }] });
  });

  for (const [name, text] of Object.entries(HOSTILE)) {
    it(`${name}: 1 MB read in under 2 s of CPU`, () => {
      let type: string | undefined;
      expect(cpuMilliseconds(() => (type = analyzeByRules({ pages: [{ page: 1, text }] }).documentType))).toBeLessThan(2000);
      expect(type).toBeTruthy();
    });
  }
});

describe("the rules' bounds", () => {
  it("cut an over-long line at a space, and a line with no space at the bound", () => {
    const words = pieces("word ".repeat(200));
    expect(words.every((p) => p.length <= MAX_LINE_CHARS && !p.startsWith(" "))).toBe(true);
    expect(words.join(" ").replace(/\s+/g, " ").trim()).toBe("word ".repeat(200).trim());
    expect(pieces("7".repeat(MAX_LINE_CHARS * 2 + 1)).map((p) => p.length)).toEqual([MAX_LINE_CHARS, MAX_LINE_CHARS, 1]);
  });

  it("leave a document within them as it is", () => {
    const pages = [{ page: 1, text: "Invoice 1\nTotal | 10.00" }];
    expect(boundedPages(pages)).toBe(pages);
  });

  it("keep the head and the tail of an over-long document, and its pages", () => {
    const rows = Array.from({ length: MAX_LINES * 2 }, (_, i) => `row ${i}`);
    const got = boundedPages([
      { page: 1, text: rows.slice(0, MAX_LINES).join("\n") },
      { page: 2, text: rows.slice(MAX_LINES).join("\n") },
    ]);
    const kept = got.flatMap((p) => p.text.split("\n"));
    expect(got.map((p) => p.page)).toEqual([1, 2]);
    expect(kept.length).toBeLessThanOrEqual(MAX_LINES);
    expect(kept.join("\n").length).toBeLessThanOrEqual(MAX_CHARS);
    expect(kept[0]).toBe("row 0");
    expect(kept.at(-1)).toBe(`row ${MAX_LINES * 2 - 1}`);
  });

  it("keep the geometry of the lines that were not cut", () => {
    const box = { text: "Total", x0: 0, x1: 10, y0: 0, y1: 10 };
    const line = { cells: [box], x0: 0, x1: 10, y0: 0, y1: 10 };
    const long = "9".repeat(MAX_LINE_CHARS + 10);
    const [page] = boundedPages([{ page: 1, text: `Total\n${long}`, lines: [line, { ...line, cells: [{ ...box, text: long }] }] }]);
    expect(page!.text.split("\n")).toHaveLength(3);
    expect(page!.lines?.map((l) => l.cells.length)).toEqual([1, 0, 0]);
  });
});
