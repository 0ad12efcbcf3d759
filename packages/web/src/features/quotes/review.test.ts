import { describe, expect, it } from "vitest";
import { nextCheck, nextToReview, reviewAction } from "./review";

const press = (key: string, more: Partial<Parameters<typeof reviewAction>[0]> = {}) =>
  reviewAction({ key, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, target: null, ...more });
/** A key pressed on an element inside (or outside) something one types in. */
const on = (typing: boolean) => ({ closest: (selector: string) => (typing && selector.includes("input") ? {} : null) });

describe("the review keys", () => {
  it("name the next field to check, accept, correct and the next quote, in either case", () => {
    expect([press("n"), press("a"), press("C"), press("q")]).toEqual(["nextField", "accept", "correct", "nextQuote"]);
  });

  it("are letters typed, not commands, in an input, and do nothing with a modifier or for other keys", () => {
    expect(press("a", { target: on(true) as never })).toBeNull();
    expect(press("a", { target: on(false) as never })).toBe("accept");
    expect(press("c", { ctrlKey: true })).toBeNull();
    expect(press("q", { metaKey: true })).toBeNull();
    expect(press("n", { defaultPrevented: true })).toBeNull();
    expect(press("x")).toBeNull();
    expect(press("Enter")).toBeNull();
  });
});

describe("the next field to check", () => {
  it("goes in the order the quote shows its fields (header, then totals), from the top again after the last", () => {
    const check = ["total", "vendorName", "paymentTerms"] as const;
    expect(nextCheck(check, null)).toBe("vendorName");
    expect(nextCheck(check, "vendorName")).toBe("paymentTerms");
    expect(nextCheck(check, "paymentTerms")).toBe("total");
    expect(nextCheck(check, "total")).toBe("vendorName");
  });

  it("continues after a field just accepted (no longer to check), and is none when nothing is left", () => {
    expect(nextCheck(["customerName", "total"], "quoteNumber")).toBe("total");
    expect(nextCheck(["customerName"], "customerName")).toBe("customerName");
    expect(nextCheck([], "vendorName")).toBeNull();
  });
});

describe("the next quote to review", () => {
  const quotes = [
    { id: 1, status: "needs_review" },
    { id: 2, status: "checked" },
    { id: 3, status: "needs_review" },
    { id: 4, status: "edited" },
  ] as const;

  it("is the next one needing review in the table's order, from the top again after the last", () => {
    expect(nextToReview(quotes, 1)).toBe(3);
    expect(nextToReview(quotes, 2)).toBe(3);
    expect(nextToReview(quotes, 3)).toBe(1);
    expect(nextToReview(quotes, 4)).toBe(1);
  });

  it("is none when no other quote needs review", () => {
    expect(nextToReview([{ id: 1, status: "needs_review" }, quotes[1]], 1)).toBeNull();
    expect(nextToReview([quotes[1]], 2)).toBeNull();
  });
});
