import { moneyTokens, type MoneyToken } from "../numbers";
import type { LineItem } from "../schema";
import { close } from "./item-values";
import { clean, type Doc, type Row } from "./text";

/** A multiplication sign: "*" or "×" anywhere, a lone "x" between words. */
const TIMES = /[*×]|(?<=\s)[xX](?=\s)/g;
/** What may stand between a factor and its sign: a currency mark or a short unit ("32 h *", "14 km ×"). */
const BESIDE_FACTOR = /^(?:\p{Sc}|\p{L}{1,5}\.?)?$/u;
const besideFactor = (between: string) => BESIDE_FACTOR.test(between.trim());
/** A calculation with more factors than this is a reference or a code, not a line. */
const MAX_FACTORS = 4;

const end = (t: MoneyToken) => t.index + t.text.length;

/** The factors joined by the sign at `at`: the token just before it and the one just after, each beside it. */
function operands(text: string, tokens: MoneyToken[], at: number): [MoneyToken, MoneyToken] | undefined {
  const left = tokens.filter((t) => end(t) <= at).at(-1);
  const right = tokens.find((t) => t.index > at);
  if (!left || !right) return undefined;
  if (!besideFactor(text.slice(end(left), at)) || !besideFactor(text.slice(at + 1, right.index))) return undefined;
  return [left, right];
}

/**
 * A line written as a calculation ("Montage | 1.560,00 € | 65,00 € * 24 h",
 * "6 x 12 km x 0,40 € = 28,80 €"): factors joined by an explicit multiplication sign whose product
 * is another amount on the row. The sign is the evidence, so where the amount stands does not
 * matter. A percentage is never a factor (a tax line multiplies a rate by a base). A row with
 * nothing but the calculation ("12 x £45.00 | £540.00") is described by the line of words above it.
 */
export function expressionItem(row: Row, doc: Doc, above?: Row): { item: LineItem; described: Row } | undefined {
  const text = row.cells.map((c) => c.text).join("  ");
  const signs = [...text.matchAll(TIMES)].map((m) => m.index!);
  if (signs.length === 0 || signs.length >= MAX_FACTORS || /%/.test(text)) return undefined;
  const tokens = moneyTokens(text, doc.style);
  const factors: MoneyToken[] = [];
  for (const at of signs) {
    const pair = operands(text, tokens, at);
    if (!pair) return undefined;
    if (factors.length > 0 && factors.at(-1) !== pair[0]) return undefined;
    if (factors.length === 0) factors.push(pair[0]);
    factors.push(pair[1]);
  }
  const product = factors.reduce((p, f) => p * f.value, 1);
  const amount = tokens
    .filter((t) => !factors.includes(t) && (t.decimals || t.currency) && t.value > 0)
    .findLast((t) => close(product, t.value));
  if (!amount) return undefined;
  const priced = factors.findLast((f) => f.decimals || f.currency) ?? factors.at(-1)!;
  const quantity = factors.filter((f) => f !== priced).reduce((p, f) => p * f.value, 1);
  // the calculation, with a short unit after its last factor ("* 32 h"), is not part of the description
  const unit = /^\s*(\p{L}{1,5})\.?(?![\p{L}\d])/u.exec(text.slice(end(factors.at(-1)!)));
  const spans = [[factors[0]!.index, end(factors.at(-1)!) + (unit?.[0].length ?? 0)] as const, [amount.index, end(amount)] as const];
  const words = [...text]
    .map((ch, i) => (spans.some(([a, b]) => i >= a && i < b) ? " " : ch))
    .join("")
    .replace(TIMES, " ")
    .replace(/[=|]/g, " ");
  const own = clean(words);
  // the line above is words, with no amount of its own ("Supply and fit 12 LED panels")
  const wordsAbove =
    above && /\p{L}{2}/u.test(above.text) && !moneyTokens(above.text, doc.style).some((t) => t.decimals || t.currency)
      ? clean(above.text)
      : undefined;
  const described = /\p{L}{2}/u.test(own) || !wordsAbove ? row : above!;
  const description = described === row ? own || clean(text) : wordsAbove!;
  return {
    item: { description, quantity, unit: unit?.[1] ?? null, unitPrice: priced.value, amount: amount.value, page: row.page },
    described,
  };
}
