import { describe, expect, it } from "vitest";
import { describeOcr } from "./schema";

describe("the OCR note of a document", () => {
  it("is absent when every page had a text layer", () => {
    expect(describeOcr([])).toBeNull();
  });

  it("names the pages read by OCR as ranges", () => {
    const pages = [1, 2, 3, 5].map((page) => ({ page, confidence: 91 }));
    expect(describeOcr(pages)).toBe("Pages 1-3, 5 read by OCR");
  });

  it("says which readings are unsure enough to check", () => {
    expect(describeOcr([{ page: 2, confidence: 48.4 }])).toBe("Page 2 read by OCR, low confidence (48%)");
    expect(
      describeOcr([
        { page: 1, confidence: 90 },
        { page: 2, confidence: 52 },
        { page: 3, confidence: null },
      ]),
    ).toBe("Pages 1-3 read by OCR; low confidence on page 2 (52%)");
  });
});
