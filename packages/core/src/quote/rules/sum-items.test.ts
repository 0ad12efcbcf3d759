import { describe, expect, it } from "vitest";
import { analyzeByRules } from "./index";

const itemsOf = (lines: string[]) =>
  analyzeByRules({ pages: [{ page: 1, text: lines.join("\n") }], category: "vendor-quotes" }).quote!.lineItems.map((i) => [
    i.description,
    i.amount,
  ]);

describe("items confirmed by the sum they make, for a table no header names", () => {
  it("two rows with no header whose amounts add up to the subtotal", () => {
    const lines = [
      "Lindqvist Snickeri AB",
      "Storgatan 4, 411 38 Göteborg",
      "OFFERT 2031-044",
      "Platsbyggd bokhylla i ek, 3 sektioner | 18 400,00",
      "inklusive montering",
      "Frakt och bortforsling av emballage | 1 250,00",
      "Subtotal | 19 650,00",
      "Moms 25 % | 4 912,50",
      "Total | 24 562,50",
    ];
    expect(itemsOf(lines)).toEqual([
      ["Platsbyggd bokhylla i ek, 3 sektioner", 18400],
      ["Frakt och bortforsling av emballage", 1250],
    ]);
  });

  it("one row equal to the total less tax, the subtotal not printed", () => {
    const lines = [
      "Harbor Rigging Ltd",
      "QUOTATION Q-88",
      "Annual inspection of two cranes | 2,400.00",
      "VAT 20% | 480.00",
      "Total | 2,880.00",
    ];
    expect(itemsOf(lines)).toEqual([["Annual inspection of two cranes", 2400]]);
  });

  it("rows that do not add up are not taken as items", () => {
    const lines = ["Harbor Rigging Ltd", "QUOTATION Q-89", "Call-out fee | 150.00", "Site visit | 90.00", "Total | 300.00"];
    expect(itemsOf(lines)).toEqual([]);
  });
});
