import { describe, expect, it } from "vitest";
import { boxParam, linesBox, parseBox, parseLines, ViewerSearch } from "./search";

describe("the viewer's address", () => {
  it("reads the page and the box, and round-trips a box", () => {
    expect(ViewerSearch.parse({ page: "3", box: "0.1,0.2,0.3,0.25" })).toEqual({ page: 3, box: "0.1,0.2,0.3,0.25", lines: undefined });
    expect(parseBox(boxParam([0.12345678, 0.2, 0.3, 0.25]))).toEqual([0.1235, 0.2, 0.3, 0.25]);
  });

  it("opens at page 1 without a highlight when the address is wrong, and clamps a box outside the page", () => {
    expect(ViewerSearch.parse({ page: "zero", box: "a,b", lines: "7-2" })).toEqual({ page: 1, box: undefined, lines: undefined });
    expect(ViewerSearch.parse({})).toEqual({ page: 1, box: undefined, lines: undefined });
    expect(parseBox("-0.5,0.9,1.7,1.2")).toEqual([0, 0.9, 1, 1]);
    expect(parseBox("0.5,0.5,0.4,0.6")).toBeUndefined();
  });

  it("marks a cited passage by the lines it spans", () => {
    expect(parseLines("2-3")).toEqual([2, 3]);
    const lines = [{ box: [0.1, 0.1, 0.5, 0.12] }, { box: [0.1, 0.2, 0.4, 0.22] }, {}, { box: [0.3, 0.24, 0.9, 0.26] }];
    expect(linesBox(lines, [2, 4])).toEqual([0.1, 0.2, 0.9, 0.26]);
    expect(linesBox(lines, [3, 3])).toBeUndefined();
  });
});
