import { MAX_SEARCH_TERMS, SEARCH_SNIPPET_CHARS } from "./limits";
import { fold } from "./terms";

/**
 * Plain-text matching for the search box: a query's words are found in a
 * conversation's title and messages by position (no stemming, so a half-typed word
 * matches the words it starts), scored by how well each one matches, and quoted
 * as a short snippet with the matches marked. Every step is indexOf on folded text,
 * linear in the text: no pattern built from the query, nothing to backtrack.
 */

/** Occurrences of a word counted in a text: beyond a few, more say little about relevance. */
const MAX_COUNTED = 5;
/** A word this short matches only where a word starts ("in" is not found inside "within"). */
const SHORT_WORD = 3;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** A word: a run of letters and digits. */
export const WORDS = /[\p{L}\p{N}]+/gu;

/** How a word was found: a whole word, the start of one, or inside one. */
export const WHOLE = 3;
export const START = 2;
const INSIDE = 1;
/** Every word also in the title: what a conversation is about. */
export const TITLE_BONUS = 2;
/** The query's words in its order, side by side: the phrase someone remembers. */
const PHRASE_BONUS = 3;
export const REPEAT_BONUS = 0.25;

/** The words a query looks for: folded, each once, at most MAX_SEARCH_TERMS. */
export function searchWords(query: string): string[] {
  return [...new Set(fold(query).match(WORDS) ?? [])].slice(0, MAX_SEARCH_TERMS);
}

const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

interface Hit {
  quality: number;
  count: number;
  /** Where the best occurrence starts in the folded text. */
  at: number;
}

/** The best occurrence of `word` in folded `text` and how often it occurs (up to MAX_COUNTED). */
function find(text: string, word: string): Hit | undefined {
  let best: Hit | undefined;
  let count = 0;
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
    const starts = !isWordChar(text[i - 1]);
    if (!starts && word.length < SHORT_WORD) continue;
    count++;
    const quality = starts ? (isWordChar(text[i + word.length]) ? START : WHOLE) : INSIDE;
    if (!best || quality > best.quality) best = { quality, count, at: i };
    if (count >= MAX_COUNTED && best.quality === WHOLE) break;
  }
  return best && { ...best, count };
}

export interface Match {
  score: number;
  /** Where the snippet is taken in the folded text, or -1 when only the title matched. */
  at: number;
}

/**
 * How well folded `text` (a message) and `title` (its conversation's) match the
 * words: every word must be in one of them, or there is no match. `phrase`: the
 * query's words as typed, stop words included, which count side by side.
 */
export function match(words: string[], title: string, text: string, phrase: string[] = words): Match | undefined {
  if (words.length === 0) return undefined;
  let score = 0;
  let at = -1;
  let anchorLength = 0;
  let inTitle = 0;
  for (const word of words) {
    const hit = find(text, word);
    const titled = title.includes(word);
    if (!hit && !titled) return undefined;
    if (titled) inTitle++;
    if (!hit) continue;
    score += hit.quality + REPEAT_BONUS * (hit.count - 1);
    // The snippet shows the longest word found: the rarest, usually the one the person means.
    if (word.length > anchorLength) {
      anchorLength = word.length;
      at = hit.at;
    }
  }
  if (inTitle === words.length) score += TITLE_BONUS;
  if (phrase.length > 1) {
    const side = text.indexOf(phrase.join(" "));
    if (side >= 0) {
      score += PHRASE_BONUS;
      at = side;
    }
  }
  return { score, at };
}

/**
 * The text folded character by character, with where each folded character came
 * from: folding may change lengths ("ﬁ" is two letters), and a snippet quotes the
 * original text.
 */
function foldWithOrigins(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  let i = 0;
  for (const char of text) {
    const f = fold(char);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
    i += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** Where folded position `at` is in the original text. */
function originOf(text: string, at: number): number {
  // Folding usually keeps every character's length: then positions are the same.
  if (fold(text).length === text.length) return at;
  return foldWithOrigins(text).origin[at] ?? 0;
}

/** Markdown's markup characters: a snippet reads as text. */
const MARKUP = /[*`#>|]+/g;

export interface Snippet {
  snippet: string;
  marks: [number, number][];
}

/**
 * About SEARCH_SNIPPET_CHARS of `text` around folded position `at` (the start when
 * `at` is -1), cut at spaces, with "…" where it was cut and every word's occurrences marked.
 */
export function snippet(text: string, words: string[], at: number): Snippet {
  const center = at < 0 ? 0 : originOf(text, at);
  // The match sits in the first third: what leads to it, then what follows.
  let start = Math.max(0, center - Math.floor(SEARCH_SNIPPET_CHARS / 3));
  let end = Math.min(text.length, start + SEARCH_SNIPPET_CHARS);
  start = Math.max(0, Math.min(start, end - SEARCH_SNIPPET_CHARS));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space >= 0 && space < center) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > center) end = space;
  }
  const body = text.slice(start, end).replace(MARKUP, "").replace(/\s+/g, " ").trim();
  const quoted = `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
  return { snippet: quoted, marks: marksIn(quoted, words) };
}

/** Where the words occur in `text`, merged where they overlap, in order. */
export function marksIn(text: string, words: string[]): [number, number][] {
  const { folded, origin } = foldWithOrigins(text);
  const spans: [number, number][] = [];
  for (const word of words) {
    for (let i = folded.indexOf(word); i >= 0; i = folded.indexOf(word, i + word.length)) {
      if (word.length < SHORT_WORD && isWordChar(folded[i - 1])) continue;
      spans.push([origin[i]!, origin[i + word.length] ?? text.length]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}
