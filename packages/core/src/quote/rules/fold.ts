/**
 * Lower case without accents and with one kind of apostrophe, one output character per input
 * character (indexes into the folded text are indexes into the original).
 */
export function fold(text: string): string {
  // most text is plain ASCII: lower case is all it needs
  if (/^[\x20-\x5f\x61-\x7e]*$/.test(text)) return text.toLowerCase();
  let out = "";
  for (const raw of text) {
    const ch = raw === "’" || raw === "‘" || raw === "ʼ" || raw === "`" ? "'" : raw;
    const folded = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out += folded.length === ch.length ? folded : ch.length === 1 ? ch.toLowerCase().slice(0, 1) : ch;
  }
  return out;
}
