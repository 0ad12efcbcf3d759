import { describe, expect, it } from "vitest";
import { adversarialTexts } from "@quorum/testing/adversarial-text";
import { cpuMilliseconds } from "@quorum/testing/cpu-time";
import { queryTerms, searchTerms } from "./terms";

/** A question or a chunk is read in well under this, whatever it holds. */
const LIMIT_MS = 2_000;

describe("the question parser and the index's tokenizer stay linear on hostile text", () => {
  it.each(adversarialTexts())("a 1 MB %s is read in under 2 s", (_name, text) => {
    expect(
      cpuMilliseconds(() => {
        queryTerms(text);
        searchTerms(text);
      }),
    ).toBeLessThan(LIMIT_MS);
  });
});
