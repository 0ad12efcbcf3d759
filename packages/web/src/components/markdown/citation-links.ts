/** The in-page link a cited source marker becomes: "[2]" -> "[2](#cite-2)". */
export const citationHref = (n: number) => `#cite-${n}`;

/** The source number of a link made by `linkCitations`, or undefined for any other link. */
export function citedNumber(href: string | undefined): number | undefined {
  const cited = /^#cite-(\d+)$/.exec(href ?? "");
  return cited ? Number(cited[1]) : undefined;
}

/**
 * Turns an answer's source markers ("[1]", "[2, 3]") into links the Markdown
 * renderer shows as citation chips; numbers without a source stay text, and
 * code spans are left alone.
 */
export function linkCitations(text: string, sources: readonly number[]): string {
  const known = new Set(sources);
  if (known.size === 0) return text;
  return text
    .split(/(```[\s\S]*?```|`[^`\n]*`)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part.replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g, (whole, list: string) => {
        const numbers = list.split(",").map((n) => Number(n.trim()));
        if (!numbers.every((n) => known.has(n))) return whole;
        return numbers.map((n) => `[${n}](${citationHref(n)})`).join("");
      });
    })
    .join("");
}
