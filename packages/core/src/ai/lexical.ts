/**
 * Lexical text tools: tokenising, passage ranking (BM25) and sentence similarity.
 * No embedding model ships on npm, so the offline model,
 * the choice of document passages that fit a model's context and the agreement
 * fallback in research mode all work on words.
 */

const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by can " +
    "could did do does doing down during each few for from further had has have having he her here hers herself him himself his " +
    "how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves " +
    "out over own same she should so some such than that the their theirs them themselves then there these they this those through " +
    "to too under until up very was we were what when where which while who whom why will with would you your yours yourself " +
    "yourselves please tell give show explain describe analyze analyse uploaded upload file files document documents attached " +
    "attachment know want need like also may might must shall let lets get got make made use used using one two"
  ).split(" "),
);

/** Lower-cased content words with a light plural stem, so "quotes" finds "quote". */
export function tokenize(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize("NFKD")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("es") && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export interface Passage {
  /** Where it came from, e.g. the file name. */
  source: string;
  page?: number;
  text: string;
  /** Order within its source, to put chosen passages back in reading order. */
  index: number;
}

const PASSAGE_CHARS = 700;

/**
 * Cuts text into passages of about PASSAGE_CHARS characters along paragraph and
 * line breaks, so a quoted passage reads as a unit (a table row stays whole).
 */
export function passages(source: string, pages: { page?: number; text: string }[]): Passage[] {
  const out: Passage[] = [];
  let index = 0;
  for (const { page, text } of pages) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n");
    let current = "";
    const flush = () => {
      const trimmed = current.trim();
      if (trimmed) out.push({ source, page, text: trimmed, index: index++ });
      current = "";
    };
    for (const line of lines) {
      if (line.trim() === "" && current.length > PASSAGE_CHARS / 2) {
        flush();
        continue;
      }
      if (current.length + line.length + 1 > PASSAGE_CHARS && current.trim()) flush();
      if (line.length > PASSAGE_CHARS) {
        // One very long line (a paragraph without breaks): cut at sentence ends.
        for (const piece of splitLong(line)) {
          current = piece;
          flush();
        }
        continue;
      }
      current += (current ? "\n" : "") + line;
    }
    flush();
  }
  return out;
}

function splitLong(line: string): string[] {
  const sentences = line.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [line];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current.length + sentence.length > PASSAGE_CHARS && current) {
      pieces.push(current);
      current = "";
    }
    if (sentence.length > PASSAGE_CHARS) {
      for (let i = 0; i < sentence.length; i += PASSAGE_CHARS) pieces.push(sentence.slice(i, i + PASSAGE_CHARS));
      continue;
    }
    current += sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

export interface Scored<T> {
  item: T;
  score: number;
}

/** Okapi BM25 of each text against the query; IDF is computed over the texts themselves. */
export function rank<T>(query: string, items: T[], textOf: (item: T) => string): Scored<T>[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || items.length === 0) return items.map((item) => ({ item, score: 0 }));
  const docs = items.map((item) => tokenize(textOf(item)));
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const k1 = 1.2;
  const b = 0.75;
  return items.map((item, i) => {
    const doc = docs[i]!;
    const counts = new Map<string, number>();
    for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const tf = counts.get(term) ?? 0;
      if (tf === 0) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * doc.length) / avgLength));
    }
    return { item, score };
  });
}

/** Cosine similarity of two texts' word counts, 0..1. */
export function similarity(a: string, b: string): number {
  const va = vector(a);
  const vb = vector(b);
  let dot = 0;
  for (const [term, count] of va) dot += count * (vb.get(term) ?? 0);
  const norm = Math.sqrt(sumSquares(va)) * Math.sqrt(sumSquares(vb));
  return norm === 0 ? 0 : dot / norm;
}

function vector(text: string) {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function sumSquares(v: Map<string, number>) {
  let sum = 0;
  for (const count of v.values()) sum += count * count;
  return sum;
}

/** Sentences of a text (Markdown list items and lines count as sentences too). */
export function sentences(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? [])
    .map((s) =>
      s
        .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "")
        .replace(/\*\*/g, "")
        .trim(),
    )
    .filter((s) => tokenize(s).length >= 2);
}

/** Cuts text to at most `max` characters at a word boundary, adding an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
