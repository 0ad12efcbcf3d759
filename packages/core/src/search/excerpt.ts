import { clip, tokenize } from "../ai/lexical";

/**
 * The part of a chunk worth quoting: the lines that share the most words with the
 * question, widened with their neighbours up to `max` characters, so a quoted
 * table row comes with its header and a sentence with its context.
 */
export function excerpt(text: string, question: string, max = 600): string {
  if (text.length <= max) return text;
  const terms = new Set(tokenize(question));
  const lines = text.split("\n");
  const scores = lines.map((line) => {
    let score = 0;
    for (const term of new Set(tokenize(line))) if (terms.has(term)) score++;
    return score;
  });
  let best = 0;
  for (let i = 1; i < lines.length; i++) if (scores[i]! > scores[best]!) best = i;
  if (scores[best] === 0) return clip(text, max);

  let from = best;
  let to = best;
  let length = lines[best]!.length;
  // Grow towards the side whose next line matches more, then the earlier side (headers come first).
  for (;;) {
    const before = from > 0 ? lines[from - 1]! : undefined;
    const after = to < lines.length - 1 ? lines[to + 1]! : undefined;
    const pickBefore = before !== undefined && (after === undefined || scores[from - 1]! >= scores[to + 1]!);
    const next = pickBefore ? before : after;
    if (next === undefined || length + next.length + 1 > max) break;
    length += next.length + 1;
    if (pickBefore) from--;
    else to++;
  }
  const body = lines.slice(from, to + 1).join("\n");
  return `${from > 0 ? "…\n" : ""}${clip(body, max)}${to < lines.length - 1 ? "\n…" : ""}`;
}

/**
 * Joins the lines a page layout wrapped mid-sentence ("designed for a 250" /
 * "psf uniform load"), so a quoted paragraph reads as one; table rows (cells
 * joined by " | ") and lines that start a new item stay on their own line.
 */
export function reflow(text: string): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const previous = out[out.length - 1];
    const continues =
      previous !== undefined && /^[a-z]/.test(line) && !line.includes(" | ") && !previous.includes(" | ") && !/[.:;!?]$/.test(previous);
    if (continues) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out.join("\n");
}
