import { textEncoding, type TextEncoding } from "./detect";
import { pageLimitWarning, type ParseContext } from "./limits";
import { tabsToCells, TEXT_PAGE_SIZE } from "./lines";
import type { Extraction, Page } from "./types";

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

/** Decodes 8-bit text in a Windows code page (1250-1258). */
export function decodeCodePage(bytes: Uint8Array, page: number): string {
  if (page === 1252) return decodeWindows1252(bytes);
  try {
    return new TextDecoder(`windows-${page}`).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Text in one code page read as Windows-1252 (Cyrillic, Greek) comes out as letters from À to ÿ
 * almost only; a Western European text uses a few of them among plain Latin letters.
 */
export function looksMisdecoded(text: string): boolean {
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  const high = text.match(/[\u00c0-\u00ff]/g)?.length ?? 0;
  return high >= 8 && high > 2 * latin;
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

/**
 * Control characters a person never sees (NUL, the C0 and C1 controls, DEL) removed; tabs, line
 * breaks and form feeds kept. Files and parsers leave them in text (Word's field marks, a
 * spreadsheet's _x0001_, a binary blob inside a text file), where they only confuse readers.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
export const cleanText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g, "");

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

/** Windows-1252 bytes of text that came out of decoding them, or undefined for a character 1252 has not. */
function windows1252Bytes(text: string): number[] | undefined {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const high = CP1252_HIGH.indexOf(ch);
    if (high >= 0) bytes.push(0x80 + high);
    else if (code < 0x100 && !(code >= 0x80 && code < 0xa0)) bytes.push(code);
    else return undefined;
  }
  return bytes;
}

/** A UTF-8 sequence (2-4 bytes) as it reads when taken for Windows-1252: "Ã©" for "é", "â‚¬" for "€". */
const DOUBLE_ENCODED = new RegExp(`[\u00c2-\u00f4][\u0080-\u00bf${CP1252_HIGH.replace(/[\u0080-\u009f]/g, "")}]{1,3}`, "g");

/**
 * Repairs text whose UTF-8 was once read as Windows-1252 and saved again ("CafÃ©" for "Café"),
 * sequence by sequence, so a file that is only partly damaged keeps its good text. A sequence is
 * replaced only when its bytes are valid UTF-8 for exactly one character.
 */
export function repairDoubleEncoding(text: string): { text: string; repaired: number } {
  let repaired = 0;
  const fixed = text.replace(DOUBLE_ENCODED, (run) => {
    const bytes = windows1252Bytes(run);
    if (!bytes) return run;
    try {
      const char = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
      if ([...char].length !== 1) return run;
      repaired++;
      return char;
    } catch {
      return run;
    }
  });
  return { text: fixed, repaired };
}

/**
 * Text as it should read: control characters out, double-encoded UTF-8 repaired, and 8-bit text
 * that Windows-1252 turns into mojibake (Cyrillic, the most common other code page) read as
 * Windows-1251. Each repair says so in a warning.
 */
export function readableText(buffer: Buffer, context: ParseContext): string {
  const encoding = textEncoding(buffer);
  let text = decodeText(buffer, encoding);
  if (text === undefined) throw new Error("The file is not text");
  if (encoding === "windows-1252") {
    if (looksMisdecoded(text)) {
      text = decodeCodePage(buffer, 1251);
      context.warnings.push("The text is not UTF-8; it was read as Windows-1251 (Cyrillic).");
    } else context.warnings.push("The text is not UTF-8; it was read as Windows-1252.");
  } else {
    const { text: fixed, repaired } = repairDoubleEncoding(text);
    if (repaired >= 3) {
      text = fixed;
      context.warnings.push("Some characters were stored twice encoded (UTF-8 read as Windows-1252); they were repaired.");
    }
  }
  return cleanText(text);
}

export function extractPlainText(buffer: Buffer, context: ParseContext): Extraction {
  const text = tidy(readableText(buffer, context)).split("\n").map(tabsToCells).join("\n");
  return { kind: "txt", pages: keepPages(paginate(text), context), warnings: context.warnings };
}
