import type { Comparison, ComparisonPoint } from "./schema";

/**
 * The synthesis's closing account of where the models agree and where they
 * differ. The synthesizer writes it as lines in a fixed, language-neutral form
 * after its answer (before the Consensus line):
 *
 *   AGREE [A, C] the point the responses A and C share
 *   DIFFER [B] what response B says that the others do not
 *
 * Model output is untrusted: letters that name no response are dropped, a point
 * left with no model is dropped, points and their text are capped, markup is
 * removed. No such lines, no comparison: nothing is made up in their place.
 */

/** Points kept per list (agree, differ). */
export const MAX_COMPARISON_POINTS = 6;
/** Characters kept of one point. */
export const MAX_POINT_CHARS = 300;
/** A longer line is not read as a point at all (and keeps the patterns below linear). */
const MAX_POINT_LINE_CHARS = 2000;

/** What the synthesizer is told, word for word, about the closing lines. */
export const COMPARISON_INSTRUCTIONS = [
  "After your answer, list where the responses agree and where they differ, one point per line, using exactly these English keywords whatever language you write in:",
  "AGREE [letters] a short point that these responses share (name at least two responses)",
  "DIFFER [letters] a short point on which these responses depart from the others",
  `For example "AGREE [A, C] The tower is about 330 m tall." or "DIFFER [B] Gives 300 m, the height without antennas." At most ${MAX_COMPARISON_POINTS} lines of each kind, each under ${MAX_POINT_CHARS} characters, plain text.`,
].join("\n");

const POINT_LINE = /^[ \t\-*•_]*(AGREE|DIFFER)[*_ \t]*[[(]([^\])\n]{0,200})[\])]([^\n]*)$/;

const KEYWORDS = ["AGREE", "DIFFER"];

/**
 * An unfinished last line that is, or may still become, one of the closing lines:
 * held back while the answer streams (any other line goes out as it is written).
 */
export function mayStartPoint(line: string): boolean {
  const rest = line.replace(/^[ \t\-*•_]+/, "");
  return KEYWORDS.some((keyword) => keyword.startsWith(rest) || rest.startsWith(keyword));
}

/** Whether a whole line is one of the closing lines. */
export const isPointLine = (line: string) => pointLine(line) !== null;

function pointLine(line: string) {
  if (line.length > MAX_POINT_LINE_CHARS) return null;
  const match = POINT_LINE.exec(line);
  if (!match) return null;
  // The separator after the letters (": ", " - ") is not part of the point.
  const text = match[3]!.replace(/^[\s:\-–—]+/, "");
  return { kind: match[1] === "AGREE" ? ("agree" as const) : ("differ" as const), letters: match[2]!, text };
}

/**
 * Splits the closing point lines off the end of the synthesis: `section` holds
 * them (null when there are none), `text` the answer before them.
 */
export function splitComparison(text: string): { text: string; section: string | null } {
  const lines = text.split("\n");
  let start = lines.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (!pointLine(line)) break;
    start = i;
  }
  if (start === lines.length) return { text, section: null };
  return { text: lines.slice(0, start).join("\n").trimEnd(), section: lines.slice(start).join("\n") };
}

/** Plain text: no tags, no Markdown emphasis, no control characters, one line, capped. */
function plain(text: string): string {
  const cleaned = text
    .replace(/<[^<>]{0,200}>/g, "")
    .replace(/[<>]/g, "")
    .replace(/\*\*|__|`/g, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > MAX_POINT_CHARS ? `${cleaned.slice(0, MAX_POINT_CHARS - 1).trimEnd()}…` : cleaned;
}

/**
 * Reads the closing lines. `models` maps each response's letter to its model
 * choice; `rewrite` turns the letters left in a point's text into names.
 */
export function parseComparison(
  section: string | null,
  models: ReadonlyMap<string, string>,
  rewrite: (text: string) => string = (t) => t,
): Comparison | null {
  if (!section) return null;
  const comparison: Comparison = { agree: [], differ: [] };
  for (const line of section.split("\n")) {
    const parsed = pointLine(line);
    if (!parsed) continue;
    const list = comparison[parsed.kind];
    if (list.length >= MAX_COMPARISON_POINTS) continue;
    const letters = parsed.letters.replace(/\bResponses?\b|\band\b/gi, " ").match(/\b[A-Z]\b/g) ?? [];
    const named = [...new Set(letters.map((l) => models.get(l)).filter((m): m is string => !!m))];
    // Agreement takes two; a point that names no known response says nothing about the models.
    if (named.length < (parsed.kind === "agree" ? 2 : 1)) continue;
    const point = plain(rewrite(parsed.text));
    if (!point) continue;
    list.push({ point, models: named } satisfies ComparisonPoint);
  }
  return comparison.agree.length || comparison.differ.length ? comparison : null;
}
