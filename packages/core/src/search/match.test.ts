import { describe, expect, it } from "vitest";
import { match, marksIn, searchWords, snippet } from "./match";
import { MAX_SEARCH_TERMS, SEARCH_SNIPPET_CHARS } from "./limits";
import { fold } from "./terms";

const score = (query: string, text: string, title = "") => match(searchWords(query), fold(title), fold(text))?.score;

describe("search words", () => {
  it("are folded, each once, and capped", () => {
    expect(searchWords("Numéro  numero, ÉTÉ!")).toEqual(["numero", "ete"]);
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchWords(" ?! ")).toEqual([]);
  });
});

describe("matching a message", () => {
  it("needs every word, in the message or its conversation's title", () => {
    expect(score("pump warranty", "the pump has a warranty")).toBeDefined();
    expect(score("pump warranty", "the pump is cheap")).toBeUndefined();
    expect(score("pump warranty", "the warranty is two years", "Pump suppliers")).toBeDefined();
  });

  it("ranks a whole word over the start of one over the inside of one", () => {
    const whole = score("pump", "a pump here")!;
    const start = score("pump", "pumping station")!;
    const inside = score("pump", "sumpump")!;
    expect(whole).toBeGreaterThan(start);
    expect(start).toBeGreaterThan(inside);
  });

  it("ranks the words side by side above the same words apart", () => {
    expect(score("heat pump", "we chose a heat pump")!).toBeGreaterThan(score("heat pump", "the pump loses heat")!);
  });

  it("finds a short word only where a word starts", () => {
    expect(score("in", "within reach")).toBeUndefined();
    expect(score("in", "in stock")).toBeDefined();
  });

  it("ignores accents and case on both sides", () => {
    expect(score("cafe", "Le CAFÉ est fermé")).toBeDefined();
    expect(score("Café", "the cafe opens")).toBeDefined();
  });

  it("stays linear on a long text of near-matches", () => {
    const text = "a".repeat(300_000);
    const started = performance.now();
    expect(score("aab", text)).toBeUndefined();
    // Generous: a backtracking matcher would take minutes, this takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("snippets", () => {
  const long = `${"Intro words here. ".repeat(20)}The Brandt offer includes the impeller warranty for five years. ${"More text follows. ".repeat(20)}`;

  it("quote the text around the match, cut at spaces, with the match marked", () => {
    const words = searchWords("impeller");
    const { snippet: s, marks } = snippet(long, words, fold(long).indexOf("impeller"));
    expect(s.startsWith("…") && s.endsWith("…")).toBe(true);
    expect(s).toContain("the impeller warranty");
    expect(s.length).toBeLessThanOrEqual(SEARCH_SNIPPET_CHARS + 2);
    expect(marks.map(([a, b]) => s.slice(a, b))).toEqual(["impeller"]);
    // Cut at spaces: no word is broken at either end.
    expect(s).toMatch(/^…\S+ .* \S+…$/);
  });

  it("start at the beginning when only the title matched", () => {
    expect(snippet("Short answer.", ["roof"], -1)).toEqual({ snippet: "Short answer.", marks: [] });
  });

  it("read as text: markdown's markup is left out", () => {
    expect(snippet("**Bold** and `code`", ["bold"], 2).snippet).toBe("Bold and code");
  });

  it("mark the original characters of accented and expanded text", () => {
    const text = "Le café ﬁnal";
    const marks = marksIn(text, searchWords("cafe final"));
    expect(marks.map(([a, b]) => text.slice(a, b))).toEqual(["café", "ﬁnal"]);
  });

  it("merge overlapping marks", () => {
    expect(marksIn("pumping", ["pump", "pumping"])).toEqual([[0, 7]]);
  });
});
