import { describe, expect, it } from "vitest";
import { adversarialTexts } from "@quorum/testing/adversarial-text";
import { analyzeByRules } from "./index";

/** A document's rules finish in this, whatever its text holds (issue 26). */
const LIMIT_MS = 2_000;

describe("the quote rules stay linear on hostile text", () => {
  // Skipped until the rules are bounded (lead's change): today 10 kB of digits takes 2 s and 1 MB hours.
  it.skip.each(adversarialTexts())("a 1 MB %s is read in under 2 s", (_name, text) => {
    const started = performance.now();
    analyzeByRules({ pages: [{ page: 1, text }], fileName: "hostile.txt" });
    expect(performance.now() - started).toBeLessThan(LIMIT_MS);
  });
});
