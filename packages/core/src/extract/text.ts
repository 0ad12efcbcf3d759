import { textEncoding, type TextEncoding } from "./detect";
import { pageLimitWarning, type ParseContext } from "./limits";
import type { Extraction, Page } from "./types";

export const TEXT_PAGE_SIZE = 3000;

// Windows-1252 differs from ISO-8859-1 in 0x80-0x9F (the euro sign, curly quotes, dashes...)
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Node's TextDecoder treats "windows-1252" as ISO-8859-1 (0x80 comes out as U+0080, not €),
 * so the 32 characters that differ are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** Decodes text bytes, dropping a byte-order mark; `undefined` when they are not text. */
export function decodeText(buffer: Buffer, encoding: TextEncoding | undefined = textEncoding(buffer)): string | undefined {
  if (!encoding) return undefined;
  if (encoding === "utf-16be") {
    // TextDecoder has no UTF-16BE in every Node build; swapping bytes is exact
    const swapped = Buffer.from(buffer.subarray(0, buffer.length - (buffer.length % 2)));
    swapped.swap16();
    return new TextDecoder("utf-16le").decode(swapped).replace(/^\uFEFF/, "");
  }
  if (encoding === "windows-1252") return decodeWindows1252(buffer);
  return new TextDecoder(encoding).decode(buffer).replace(/^\uFEFF/, "");
}

/** Normalises line endings and trims trailing blanks; keeps blank lines (paragraph breaks). */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Cuts long text into pages of about `size` characters, at a line break when one falls in the
 * second half of the page, else at a space, so numbers and words are not split.
 */
export function paginate(text: string, size = TEXT_PAGE_SIZE): string[] {
  const pages: string[] = [];
  let rest = text;
  while (rest.length > size) {
    let cut = rest.lastIndexOf("\n", size);
    if (cut < size / 2) cut = rest.lastIndexOf(" ", size);
    if (cut < size / 2) cut = size;
    pages.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^[\n ]+/, "");
  }
  if (rest.length > 0 || pages.length === 0) pages.push(rest);
  return pages;
}

/** Turns page texts into numbered pages within the page and character limits. */
export function keepPages(texts: string[], context: ParseContext, unit = "pages"): Page[] {
  const pages: Page[] = [];
  if (texts.length > context.limits.maxPages) context.warnings.push(pageLimitWarning(context.limits.maxPages, texts.length, unit));
  for (const [index, text] of texts.slice(0, context.limits.maxPages).entries()) {
    if (context.budget.exhausted) break;
    pages.push({ page: index + 1, text: context.budget.take(text) });
  }
  return pages;
}

export function extractPlainText(buffer: Buffer, context: ParseContext): Extraction {
  const encoding = textEncoding(buffer);
  const text = decodeText(buffer, encoding);
  if (text === undefined) throw new Error("The file is not text");
  if (encoding === "windows-1252") context.warnings.push("The text is not UTF-8; it was read as Windows-1252.");
  return { kind: "txt", pages: keepPages(paginate(tidy(text)), context), warnings: context.warnings };
}
