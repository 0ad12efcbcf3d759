import { describe, expect, it } from "vitest";
import { citedNumber, linkCitations } from "./citation-links";

describe("citation links", () => {
  it("links the source markers the answer cites, and leaves unknown numbers and code alone", () => {
    expect(linkCitations("Bolts cost $7.20 [1]; pumps [2, 3]. See [9].", [1, 2, 3])).toBe(
      "Bolts cost $7.20 [1](#cite-1); pumps [2](#cite-2)[3](#cite-3). See [9].",
    );
    expect(linkCitations("`arr[1]` and [1]", [1])).toBe("`arr[1]` and [1](#cite-1)");
    expect(linkCitations("**[1]** quoted", [1])).toBe("**[1](#cite-1)** quoted");
    expect(linkCitations("[1](http://x)", [1])).toBe("[1](http://x)");
  });

  it("reads the source number back from a citation link only", () => {
    expect(citedNumber("#cite-12")).toBe(12);
    expect(citedNumber("#cite-x")).toBeUndefined();
    expect(citedNumber("https://example.com/#cite-1")).toBeUndefined();
  });
});
