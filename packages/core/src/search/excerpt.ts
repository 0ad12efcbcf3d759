import { clip } from "../ai/lexical";
import { tableHeaders } from "../document/chunks";
import { queryTerms, searchTerms } from "./terms";

/** Separate places of a chunk quoted at most (the question's identifier, then its total, ...). */
const MAX_ANCHORS = 3;
/** Less than any term's weight: it only breaks ties. */
const VALUE_BONUS = 0.1;

/**
 * The part of a chunk worth quoting: the line that matches the question best,
 * then the lines that match what it left out (the invoice number's line, then the
 * total's), each table row with its header line, widened with their neighbours up
 * to `max` characters. Places apart are joined by "…".
 */
export function excerpt(text: string, question: string, max = 600): string {
  if (text.length <= max) return text;
  const weights = new Map(queryTerms(question).map((t) => [t.term, t.weight]));
  const lines = text.split("\n");
  const termsOf = lines.map((line) => new Set(searchTerms(line).filter((t) => weights.has(t))));
  // Between lines that match as much, one with a figure answers ("Total | 1,250.00"), a header naming the column does not.
  const valued = lines.map((line) => (/\d/.test(line) ? VALUE_BONUS : 0));
  const gain = (i: number, covered: Set<string>) => {
    let g = 0;
    for (const t of termsOf[i]!) if (!covered.has(t)) g += weights.get(t)!;
    return g > 0 ? g + valued[i]! : 0;
  };

  const covered = new Set<string>();
  const anchors: number[] = [];
  while (anchors.length < MAX_ANCHORS) {
    let best = -1;
    // Ties go to the later line: a document's final total comes after its subtotals.
    for (let i = 0; i < lines.length; i++)
      if (!anchors.includes(i) && gain(i, covered) > 0 && (best < 0 || gain(i, covered) >= gain(best, covered))) best = i;
    if (best < 0) break;
    anchors.push(best);
    for (const t of termsOf[best]!) covered.add(t);
  }
  if (anchors.length === 0) return clip(text, max);

  const headers = tableHeaders(lines);
  const chosen = new Set<number>();
  let length = 0;
  const take = (i: number) => {
    if (chosen.has(i)) return true;
    if (length + lines[i]!.length + 1 > max) return false;
    chosen.add(i);
    length += lines[i]!.length + 1;
    return true;
  };
  for (const a of anchors) {
    // A row is read with its header; an anchor that no longer fits is left out.
    if (headers[a]! >= 0 && !chosen.has(headers[a]!) && length + lines[a]!.length + lines[headers[a]!]!.length + 2 <= max)
      take(headers[a]!);
    if (!take(a) && chosen.size === 0) return clip(lines[a]!, max);
  }
  // Widen around the first anchor, then the others: the line before first (a label comes before its value).
  const grow = [...anchors];
  for (let step = 1, open = true; open; step++) {
    open = false;
    for (const a of grow) {
      for (const i of [a - step, a + step]) {
        if (i < 0 || i >= lines.length || chosen.has(i)) continue;
        if (take(i)) open = true;
      }
    }
  }

  const order = [...chosen].sort((a, b) => a - b);
  const out: string[] = [];
  if (order[0]! > 0) out.push("…");
  order.forEach((i, k) => {
    if (k > 0 && i !== order[k - 1]! + 1) out.push("…");
    out.push(lines[i]!);
  });
  if (order[order.length - 1]! < lines.length - 1) out.push("…");
  return out.join("\n");
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
