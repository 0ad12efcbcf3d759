import { describe, expect, it } from "vitest";
import { extractionStatus } from "./project-quotes";
import { changedFields, type CorrectedQuote } from "./schema";

/** A quote read by the rules: it adds up, nothing to check, unless told otherwise. */
const read = (over: Partial<CorrectedQuote> = {}) =>
  ({
    vendorName: "Northwind",
    total: 2474.4,
    lineItems: [],
    flags: [],
    check: [],
    confidence: 0.8,
    edited: false,
    correctedFields: [],
    original: {},
    ...over,
  }) as unknown as CorrectedQuote;

describe("a quote's status after a person looked at it", () => {
  it("is checked when the person only confirmed values it already had", () => {
    const confirmed = read({
      edited: true,
      correctedFields: ["vendorName", "total"],
      original: { vendorName: "Northwind", total: 2474.4 },
    });
    expect(changedFields(confirmed)).toEqual([]);
    expect(extractionStatus(confirmed)).toBe("checked");
  });

  it("is edited once a value differs from what was read", () => {
    const changed = read({
      edited: true,
      correctedFields: ["vendorName", "total"],
      original: { vendorName: "Northwind Ltd", total: 2474.4 },
    });
    expect(changedFields(changed)).toEqual(["vendorName"]);
    expect(extractionStatus(changed)).toBe("edited");
  });

  it("counts corrected line items as changed, and still needs review while a field is to check", () => {
    expect(changedFields(read({ edited: true, correctedFields: ["lineItems"], original: { lineItems: [] } }))).toEqual(["lineItems"]);
    expect(
      extractionStatus(read({ edited: true, check: ["total"], correctedFields: ["vendorName"], original: { vendorName: "Northwind" } })),
    ).toBe("needs_review");
  });
});
