import { describe, expect, it } from "vitest";
import { quoteData } from "@quorum/testing/quote-data";
import { compareReadings, disagreementFlags } from "./disagreement";

const quote = quoteData;

describe("model and rules readings", () => {
  it("agree on names written with another case, accents, punctuation or legal form", () => {
    const model = quote({ vendorName: "Société Générale de Câbles S.A.S.", quoteNumber: "Q 2024-17", total: 1200 });
    const rules = quote({ vendorName: "SOCIETE GENERALE DE CABLES", quoteNumber: "#q2024-17", total: 1200.001 });
    expect(compareReadings(model, rules)).toEqual([]);
  });

  it("do not count a field the rules could not read as a disagreement", () => {
    expect(compareReadings(quote({ vendorName: "Acme", total: 10 }), quote({}))).toEqual([]);
  });

  it("disagree on another party, another number or another total, and say both", () => {
    const found = compareReadings(
      quote({ vendorName: "Northwind Traders", quoteNumber: "INV-7", total: 240 }),
      quote({ vendorName: "Harbor Freight Lines", quoteNumber: "INV-8", total: 740 }),
    );
    expect(found.map((d) => d.field)).toEqual(["vendorName", "quoteNumber", "total"]);
    expect(disagreementFlags(found).map((f) => f.message)).toEqual([
      'The AI model read the vendor as "Northwind Traders", the built-in rules as "Harbor Freight Lines".',
      'The AI model read the number as "INV-7", the built-in rules as "INV-8".',
      "The AI model read the total as 240.00, the built-in rules as 740.00.",
    ]);
  });

  it("drop the flag of a field a person corrected", () => {
    const found = [{ field: "total" as const, model: 1, rules: 2 }];
    expect(disagreementFlags(found, ["total"])).toEqual([]);
  });
});
