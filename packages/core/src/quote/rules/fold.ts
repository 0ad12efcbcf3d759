/** Each character's folding, computed once: normalising character by character is the slow part of reading a page. */
const FOLDED = new Map<string, string>();

function foldChar(raw: string): string {
  let out = FOLDED.get(raw);
  if (out === undefined) {
    const ch = raw === "’" || raw === "‘" || raw === "ʼ" || raw === "`" ? "'" : raw;
    const folded = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out = folded.length === ch.length ? folded : ch.length === 1 ? ch.toLowerCase().slice(0, 1) : ch;
    // the cache is bounded by the characters a text can hold; a hostile text of every code point stops adding
    if (FOLDED.size < 10_000) FOLDED.set(raw, out);
  }
  return out;
}

/**
 * Lower case without accents and with one kind of apostrophe, one output character per input
 * character (indexes into the folded text are indexes into the original).
 */
export function fold(text: string): string {
  // most text is plain ASCII: lower case is all it needs
  if (/^[\x20-\x5f\x61-\x7e]*$/.test(text)) return text.toLowerCase();
  let out = "";
  for (const raw of text) out += foldChar(raw);
  return out;
}
