import { describe, expect, it } from "vitest";
import { adversarialTexts } from "@quorum/testing/adversarial-text";
import { queryTerms, searchTerms } from "./terms";

/** A question or a chunk is read in well under this, whatever it holds. */
const LIMIT_MS = 2_000;

describe("the question parser and the index's tokenizer stay linear on hostile text", () => {
  it.each(adversarialTexts())("a 1 MB %s is read in under 2 s", (_name, text) => {
    const started = performance.now();
    queryTerms(text);
    searchTerms(text);
    expect(performance.now() - started).toBeLessThan(LIMIT_MS);
  });
});
