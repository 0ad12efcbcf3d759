/**
 * Text built to make a backtracking regex slow: long runs that a pattern starts on again and
 * again without ever matching (digits with no separator, text with no sentence end, separators
 * with nothing between them, an e-mail address that never gets its "@domain", "#" runs). A
 * linear pattern reads each in milliseconds; a quadratic one takes minutes on a megabyte.
 */

/** One megabyte: what a .txt upload or a pasted question may hold. */
export const ADVERSARIAL_LENGTH = 1024 * 1024;

/** `unit` repeated to `length` characters. */
const run = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Name -> text of `length` characters (1 MB by default). */
export function adversarialTexts(length = ADVERSARIAL_LENGTH): [string, string][] {
  return [
    ["digit run", run("1", length)],
    ["digits then a letter", run("7", length - 1) + "x"],
    ["no punctuation", run("word ", length)],
    ["no punctuation, no spaces", run("a", length)],
    ["repeated separators", run(".-/_,", length)],
    ["dotted digits", run("1.", length)],
    ["spaced digit groups", run("123 ", length)],
    ["tabs and colons", run("\t:", length)],
    ["e-mail-like run", run("a.b-c_", length - 1) + "@"],
    ["@ run", run("a@", length)],
    ["# run", run("#", length)],
    ["label and #", run("no #", length)],
    ["label letters", run("n.", length)],
    ["brackets", run("([", length)],
    ["street-like", run("12 rue ", length)],
  ];
}
