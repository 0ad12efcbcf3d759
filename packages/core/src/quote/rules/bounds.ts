import type { TextPage } from "./text";

/**
 * Bounds on what the rules read, so that a hostile or broken text (a megabyte of digits with no
 * line break, half a million empty-looking lines) is read in time proportional to a real document
 * and never holds the pipeline step past its deadline.
 *
 * A printed line is well under MAX_LINE_CHARS characters; some patterns (a street, a postcode, an
 * e-mail) look back and forth within a line, and on a longer one they would cost the square of its
 * length. Such a line is cut into pieces, at a space when there is one.
 *
 * A real quote of thirty pages holds about 1,500 lines and 70 kB of text, its longest line about 250
 * characters. Past MAX_LINES lines or MAX_CHARS characters, the rules read the head of the document (where
 * the parties, number and dates are printed) and its tail (where the totals and the signature are),
 * and skip the middle, which is line items they could not tell apart from noise anyway.
 */
export const MAX_LINE_CHARS = 400;
export const MAX_LINES = 3000;
export const MAX_CHARS = 100_000;
/** The share of the budget given to the document's head; the rest goes to its tail. */
const HEAD_SHARE = 0.75;

/** `line` in pieces of at most `max` characters, each ending at a space when one is near. */
export function pieces(line: string, max = MAX_LINE_CHARS): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > max / 2 ? space : max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== "") out.push(rest);
  return out;
}

type Geometry = NonNullable<TextPage["lines"]>[number];
interface Line {
  page: number;
  /** The line's position on its page, and the piece's position in the line. */
  at: [number, number];
  text: string;
  geometry?: Geometry;
}

const before = (a: Line, b: Line) => a.page - b.page || a.at[0] - b.at[0] || a.at[1] - b.at[1];

/**
 * Pages cut to the rules' bounds: over-long lines in pieces (a cut line keeps its row's vertical
 * geometry on every piece but loses its cells' boxes, which no longer match its text), and the
 * middle of an over-long document left out. Pages within the bounds are returned as they are.
 * Only the lines kept are cut and copied, so a hostile text costs no more than its reading.
 */
export function boundedPages(pages: TextPage[]): TextPage[] {
  const split = pages.map((p) => p.text.split("\n"));
  const count = split.reduce((n, texts) => n + texts.length, 0);
  const chars = split.reduce((n, texts) => texts.reduce((m, t) => m + t.length + 1, n), 0);
  if (count <= MAX_LINES && chars <= MAX_CHARS && split.every((texts) => texts.every((t) => t.length <= MAX_LINE_CHARS))) return pages;
  const geometry = pages.map((page, p) => (page.lines && page.lines.length === split[p]!.length ? page.lines : undefined));
  const piecesOf = (p: number, i: number): Line[] => {
    const parts = pieces(split[p]![i]!);
    const line = geometry[p]?.[i];
    return parts.map((text, k) => ({
      page: p,
      at: [i, k],
      text,
      ...(line ? { geometry: parts.length === 1 ? line : { ...line, cells: [] } } : {}),
    }));
  };
  // the head up to its share of the budget, then the tail, from the end, up to the rest or the head
  const head: Line[] = [];
  const tail: Line[] = [];
  const take = (into: Line[], line: Line, budget: { lines: number; chars: number }, stop?: Line) => {
    budget.chars -= line.text.length + 1;
    if (--budget.lines < 0 || budget.chars < 0 || (stop && before(line, stop) <= 0)) return false;
    into.push(line);
    return true;
  };
  const headBudget = { lines: MAX_LINES * HEAD_SHARE, chars: MAX_CHARS * HEAD_SHARE };
  fill: for (let p = 0; p < pages.length; p++)
    for (let i = 0; i < split[p]!.length; i++) for (const line of piecesOf(p, i)) if (!take(head, line, headBudget)) break fill;
  const tailBudget = { lines: MAX_LINES - head.length, chars: MAX_CHARS - head.reduce((n, l) => n + l.text.length + 1, 0) };
  fill: for (let p = pages.length - 1; p >= 0; p--)
    for (let i = split[p]!.length - 1; i >= 0; i--)
      for (const line of piecesOf(p, i).reverse()) if (!take(tail, line, tailBudget, head.at(-1))) break fill;
  const byPage = pages.map((): Line[] => []);
  for (const line of [...head, ...tail.reverse()]) byPage[line.page]!.push(line);
  return pages.map((page, p) => {
    const mine = byPage[p]!;
    const withGeometry = geometry[p] !== undefined && mine.every((l) => l.geometry);
    return {
      ...page,
      text: mine.map((l) => l.text).join("\n"),
      lines: withGeometry ? mine.map((l) => l.geometry!) : undefined,
    };
  });
}
