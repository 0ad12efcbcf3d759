import { asciiDigits, moneyTokens, type MoneyToken } from "../numbers";
import { cellsUnder, previousRow } from "./fields";
import {
  DUE_LABELS,
  NOT_TOTAL_LABELS,
  NUMBER_MORPHEMES,
  NUMBER_WORDS_SPELLED,
  SHIPPING_LABELS,
  SUBTOTAL_LABELS,
  TAX_LABELS,
  TOTAL_LABELS,
  wordPattern,
} from "./lexicon";
import type { Doc, Row } from "./text";

/**
 * Subtotal, tax, shipping and total by their labels in the supported languages, then the one
 * combination that adds up: subtotal (or the items) + tax + shipping - discount = total. Where
 * several lines could be the total (a "Total" per section, a VAT breakdown, an amount due
 * after an earlier balance), the arithmetic and the label's strength choose.
 */

export type TotalField = "subtotal" | "tax" | "shipping" | "total" | "due" | "discount";

export interface Amount {
  field: TotalField;
  value: number;
  /** Written with a decimal part. */
  decimals?: boolean;
  /** Label strength within its field. */
  rank: number;
  row: Row;
  label: string;
  /** Printed with no label the rules know: a total only when the arithmetic confirms it. */
  unlabelled?: boolean;
}

/** The rates a tax is levied at; a larger share of an amount is a deposit or an instalment. */
const MAX_TAX_RATE = 0.27;
const NOT_TOTAL = wordPattern(NOT_TOTAL_LABELS);
const WITHHOLDING =
  /(?<![\p{L}])(withholding tax|tax withheld|retencion|retenciones|irpf|ritenuta|retencao|retenue a la source|quellensteuer|pph\s?(21|23))(?![\p{L}])/u;
const DISCOUNT =
  /(?<![\p{L}])(discounts?|remises?|rabais|rabatte?|nachlass|descuentos?|kortingen|korting|sconti|sconto|descontos?|diskon|potongan)(?![\p{L}])/u;
const TAX_ID =
  /(tax|vat|tva|ust|mwst|btw|iva|gst)[\s.-]*(id|no|nr|n°|number|numero|nummer|reg|registration|identification|code)|(identifi|registr|exempt|clause|breakdown|detail|recap)/;
const GROSS =
  /(?<![\p{L}])(?:(ttc|incl|inc|including|inclusive|inclusief|inklusive|inkl|brutto|bruto|gross|incluida|incluido|incluso|inclusa|compreso|compresa|compris|comprise|termasuk)(?![\p{L}])|c\/\s?(?=\p{L}))/u;
/** "Not including VAT", "belum termasuk PPN", "IVA non compresa": an inclusion word negated names a net amount. */
const NEGATED_GROSS =
  /(?<![\p{L}])(not|non|no|nao|belum|tidak|nicht|niet)\s(incl|inc|including|inklusive|inkl|inclusief|incluida|incluido|incluso|inclusa|compreso|compresa|compris|comprise|termasuk)(?![\p{L}])/u;
/** Net of tax: "HT", "excl.", "ohne", "s/ IVA" (sem, sin), "IVA esclusa", "sebelum pajak". */
const NET =
  /(?<![\p{L}])(?:(ht|hors|excl|excluding|exclusive|exkl|netto|net|without|before|sin|sem|ohne|zzgl|zuzuglich|sous|sub|zwischen|subtotaal|exclusief|parcial|imponibile|untaxed|taxable|grondslag|base imponible|escluso|esclusa|sebelum)(?![\p{L}])|s\/\s?(?=\p{L}))/u;
const TAX = wordPattern(TAX_LABELS);
const SHIPPING = wordPattern(SHIPPING_LABELS);
const SUBTOTAL = wordPattern(SUBTOTAL_LABELS);
const DUE = wordPattern(DUE_LABELS);
const TOTAL = wordPattern(TOTAL_LABELS);
const AMOUNT_WORD =
  /(?<![\p{L}])(montant|amount|betrag|importe|importo|bedrag|valor|value|somme|summe|jumlah|nilai|price|preis|prix|prezzo|precio|preco|prijs|harga)(?![\p{L}])/u;
const STRONG_TOTAL =
  /(grand total|total ttc|net a payer|gesamtbetrag|endsumme|gesamtsumme|rechnungsbetrag|invoice total|total amount|totaal|total general|totale|gross total|total for this|valor total|jumlah total|importe total|montant total|total facture|summe gesamt|total \(inc)/;

const SPELLED = new Set<string>(NUMBER_WORDS_SPELLED);

/** Whether a word is two or more number parts end to end, by dynamic programming over its positions (linear, no backtracking). */
function isCompoundNumber(word: string): boolean {
  // parts[i]: fewest parts that spell word.slice(0, i), or Infinity
  const parts: number[] = [0, ...Array<number>(word.length).fill(Infinity)];
  for (let i = 0; i < word.length; i++) {
    if (parts[i] === Infinity) continue;
    for (const m of NUMBER_MORPHEMES) if (word.startsWith(m, i)) parts[i + m.length] = Math.min(parts[i + m.length]!, parts[i]! + 1);
  }
  return parts[word.length]! >= 2 && parts[word.length]! !== Infinity;
}

/**
 * Whether a folded text spells an amount out ("Rupees twenty four thousand only", "Euro
 * dreihundertfünfzig", "Sembilan juta rupiah"): three number words, or a number written as one word.
 */
export function spellsAmount(text: string): boolean {
  let count = 0;
  for (const word of text.split(/[^\p{L}]+/u)) {
    if (SPELLED.has(word)) count += 1;
    else if (word.length >= 8 && word.length <= 60 && isCompoundNumber(word)) count += 3;
    if (count >= 3) return true;
  }
  return false;
}

/** A subtotal word inside a longer total phrase ("jumlah" in "jumlah yang harus dibayar"): the phrase names the row. */
function withinTotalPhrase(label: string): boolean {
  const sub = SUBTOTAL.exec(label)!;
  return [TOTAL, DUE].some((re) => {
    const m = re.exec(label);
    return m !== null && m[0].length > sub[0].length && m.index <= sub.index && m.index + m[0].length >= sub.index + sub[0].length;
  });
}

/** What a totals line's label says it is, or undefined for anything else. */
export function classify(label: string): { field: TotalField; rank: number } | undefined {
  const l = label.replace(/\s+/g, " ").trim();
  // the total written out in words, as invoices in several countries must
  if (spellsAmount(l)) return { field: "total", rank: 2 };
  // a label is a few words; a sentence that mentions delivery or a total is not one
  if (!/\p{L}{2}/u.test(l) || l.length > 90 || l.split(/\s+/).length > 6) return undefined;
  if (DISCOUNT.test(l) && !/(after|apres|nach|despues|na|dopo|depois|setelah) /.test(l)) return { field: "discount", rank: 1 };
  // an income tax the customer withholds lowers what is paid, as a discount does ("Retención IRPF (15%)", "Ritenuta d'acconto")
  if (WITHHOLDING.test(l)) return { field: "discount", rank: 1 };
  if (NOT_TOTAL.test(l)) return undefined;
  // "Due date", "Pay terms", "N° TVA intra": dates, terms and identifiers are not amounts
  if (/(?<![\p{L}])(date|datum|fecha|data|tanggal|terms?|days|jours|tage|dias|giorni|dagen|hari)(?![\p{L}])/u.test(l)) return undefined;
  if (
    /(?<![\p{L}])(n°|nº|no|nr|numero|number|nummer|id|intra|intracom\p{L}*|identifi\p{L}*)\s*(de\s+|d')?(tva|vat|tax|ust|mwst|btw|iva|gst)(?![\p{L}])/u.test(
      l,
    ) ||
    // "P.IVA 01234567890", "Partita IVA": the Italian VAT number
    /(?<![\p{L}])(p\.\s?iva|piva|partita iva)(?![\p{L}])/u.test(l)
  )
    return undefined;
  if (TAX_ID.test(l) && !/\d/.test(l.replace(/\d+([.,]\d+)?\s?%/g, ""))) {
    if (!TOTAL.test(l)) return undefined;
  }
  // "Net à payer", "netto a pagare": what is left to pay, not a net amount
  if (/(?<![\p{L}])(net a payer|net to pay|netto a pagare|net payable|neto a pagar)(?![\p{L}])/u.test(l)) return { field: "due", rank: 1 };
  const total = TOTAL.test(l);
  // an amount word with a qualifier: "Montant HT", "Betrag netto", "Montant TVA", "Montant TTC"
  const amountWord = total || AMOUNT_WORD.test(l);
  const net = NET.test(l) || NEGATED_GROSS.test(l);
  if (amountWord && GROSS.test(l) && !NEGATED_GROSS.test(l)) return { field: "total", rank: 3 };
  if (TAX.test(l)) {
    if (net && (amountWord || SUBTOTAL.test(l))) return { field: "subtotal", rank: 2 };
    if (SHIPPING.test(l) && !/%/.test(l) && !/(auf|on|sur|sobre|su|op|over) /.test(l)) return { field: "shipping", rank: 1 };
    return { field: "tax", rank: total ? 2 : 1 };
  }
  if (SHIPPING.test(l)) return { field: "shipping", rank: 1 };
  if ((SUBTOTAL.test(l) && !withinTotalPhrase(l)) || (amountWord && net)) return { field: "subtotal", rank: total ? 2 : 1 };
  if (DUE.test(l) && !STRONG_TOTAL.test(l)) return { field: "due", rank: 1 };
  if (total) return { field: "total", rank: STRONG_TOTAL.test(l) ? 3 : 2 };
  return undefined;
}

interface Piece {
  label?: string;
  token?: MoneyToken;
  cell: number;
}

/** A row as a run of label texts and amounts, in reading order. */
function pieces(row: Row, doc: Doc): Piece[] {
  const out: Piece[] = [];
  row.cells.forEach((cell, c) => {
    // "Net 60 Days", "30 Tage": a number of days or months is a term, not an amount
    const tokens = moneyTokens(cell.text, doc.style).filter(
      (t) =>
        !/^\s*(days?|jours?|tagen?|dias|giorni|dagen|hari|months?|mois|monate?|meses|mesi|maanden|bulan|weeks?|wochen|semaines)(?![\p{L}])/u.test(
          cell.key.slice(t.index + t.text.length),
        ),
    );
    let at = 0;
    for (const token of tokens) {
      const text = cell.key.slice(at, token.index);
      if (/\p{L}{2}/u.test(text)) out.push({ label: text, cell: c });
      out.push({ token, cell: c });
      at = token.index + token.text.length;
    }
    const tail = cell.key.slice(at);
    if (/\p{L}{2}/u.test(tail)) out.push({ label: tail, cell: c });
  });
  return out;
}

/** Labelled amounts on a row: each label takes the last amount before the next label. */
function rowAmounts(row: Row, doc: Doc): { amounts: Amount[]; labels: { label: string; cell: number }[] } {
  const list = pieces(row, doc);
  const amounts: Amount[] = [];
  const labels: { label: string; cell: number }[] = [];
  for (let i = 0; i < list.length; i++) {
    const piece = list[i]!;
    if (piece.label === undefined) continue;
    let j = i + 1;
    let last: MoneyToken | undefined;
    // a label's amount follows it; "(HT)", "EUR" and "hours" between label and amount are part of it
    while (
      j < list.length &&
      (list[j]!.token || (list[j]!.label && !classify(list[j]!.label!) && !last && /^\W*(\p{L}{1,5})?\W*$/u.test(list[j]!.label!)))
    ) {
      if (list[j]!.token) last = list[j]!.token;
      j++;
    }
    const kind = classify(piece.label);
    if (kind && last) amounts.push({ ...kind, value: last.value, decimals: last.decimals, row, label: piece.label.trim() });
    else if (!last) labels.push({ label: piece.label, cell: piece.cell });
  }
  return { amounts, labels };
}

/**
 * A row of totals labels over a row of amounts ("TOTAL HT | TOTAL TVA | TOTAL TTC" then
 * "100,00 | 5,50 | 105,50"): each amount takes the label above it.
 */
function columnAmounts(doc: Doc, row: Row, labels: { label: string; cell: number }[]): Amount[] {
  const kinds = labels.map((l) => ({ ...l, kind: classify(l.label) })).filter((l) => l.kind);
  // a totals row names different things (net, tax, gross); "Pickup | Home delivery" are options, not totals
  if (kinds.length < 2 || new Set(kinds.map((k) => k.kind!.field)).size < 2) return [];
  for (let skip = 1; skip <= 4; skip++) {
    const below = doc.rows[row.n + skip];
    if (!below || below.page !== row.page) break;
    const numeric = below.cells.map((c, i) => ({ i, tokens: moneyTokens(c.text, doc.style) })).filter((c) => c.tokens.length > 0);
    if (numeric.length < 2) continue;
    const out: Amount[] = [];
    const geometry = row.cells.every((c) => c.x0 !== undefined) && below.cells.every((c) => c.x0 !== undefined);
    kinds.forEach((l, k) => {
      // by position when the reader gave it; else the labels over the last amounts, in order
      const under = geometry
        ? cellsUnder(row, l.cell, below).find((i) => numeric.some((n) => n.i === i))
        : numeric[numeric.length - kinds.length + k]?.i;
      const cell = numeric.find((n) => n.i === under);
      const token = cell?.tokens[cell.tokens.length - 1];
      if (token) out.push({ ...l.kind!, value: token.value, row: below, label: l.label.trim() });
    });
    return out;
  }
  return [];
}

/** Every labelled amount from `from` on (the rows after the item table). */
export function labelledAmounts(doc: Doc, rows: Row[]): Amount[] {
  const out: Amount[] = [];
  const used = new Set<number>();
  for (const row of rows) {
    const { amounts, labels } = rowAmounts(row, doc);
    const columns = columnAmounts(doc, row, labels);
    if (columns.length > 0) {
      out.push(...columns);
      used.add(columns[0]!.row.n);
    }
    if (!used.has(row.n)) out.push(...amounts);
  }
  return [...out, ...rateRowAmounts(doc, rows), ...rateAloneTaxes(doc, rows, out), ...unlabelledAmounts(doc, rows, out)];
}

/** Whether `tax` is `percent` of `base`: a tax is rounded once, to the cent; allow that, and a little more on large bases. */
const isTaxOf = (tax: number, base: number, percent: number) => Math.abs(base * percent - tax) <= Math.max(0.011, tax * 0.002);

/** A rate alone as a row's label ("21 % | 52,71", "+ 19% | 47,69"). */
const RATE_ALONE = /^[\s+]*(\d{1,2}(?:[.,]\d{1,2})?)\s?%[\s:=]*$/;

/**
 * A row labelled by a rate alone is a tax when its amount is that rate of a subtotal or total
 * printed above it: the arithmetic names it where no tax word does.
 */
function rateAloneTaxes(doc: Doc, rows: Row[], labelled: Amount[]): Amount[] {
  return rows.flatMap((row) => {
    const tokens = moneyTokens(row.text, doc.style).filter((t) => t.decimals && t.value > 0);
    const rate = tokens.length === 1 ? RATE_ALONE.exec(asciiDigits(row.text.slice(0, tokens[0]!.index).replace(/\|/g, " "))) : null;
    if (!rate) return [];
    const percent = Number(rate[1]!.replace(",", ".")) / 100;
    const tax = tokens[0]!.value;
    const based = labelled.some(
      (a) => (a.field === "subtotal" || a.field === "total") && a.row.n < row.n && isTaxOf(tax, a.value, percent),
    );
    return percent > 0 && percent <= MAX_TAX_RATE && based
      ? [{ field: "tax" as const, value: tax, decimals: true, rank: 0.5, row, label: rate[0] }]
      : [];
  });
}

const RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/;

/**
 * A tax summary, whatever its labels' language ("21 % | 41,31 | 8,68 | 49,99"): rows of a rate, a
 * base, the base times the rate, and perhaps their sum. The arithmetic names the amounts, so they
 * count as labelled: the bases add up to the subtotal, the products to the tax, the sums to the total.
 */
function rateRowAmounts(doc: Doc, rows: Row[]): Amount[] {
  const found: { row: Row; label: string; base: number; tax: number; sum?: number }[] = [];
  for (const row of rows) {
    const rate = RATE.exec(asciiDigits(row.text));
    if (!rate) continue;
    const percent = Number(rate[1]!.replace(",", ".")) / 100;
    if (percent > MAX_TAX_RATE) continue;
    // a tax word on the row or in the summary's header just above it
    const above = previousRow(doc, row);
    if (![row, above, above && previousRow(doc, above)].some((r) => r && TAX.test(r.key))) continue;
    const tokens = moneyTokens(row.text.slice(rate.index + rate[0].length), doc.style).filter((t) => t.decimals && t.value > 0);
    for (let i = 0; i + 1 < tokens.length; i++) {
      const [base, tax] = [tokens[i]!.value, tokens[i + 1]!.value];
      if (!isTaxOf(tax, base, percent)) continue;
      const sum = tokens[i + 2] && close(base + tax, tokens[i + 2]!.value) ? tokens[i + 2]!.value : undefined;
      found.push({ row, label: rate[0], base, tax, sum });
      break;
    }
  }
  if (found.length === 0) return [];
  const add = (values: (number | undefined)[]) =>
    values.some((v) => v === undefined) ? undefined : Math.round(values.reduce((s: number, v) => s + v!, 0) * 100) / 100;
  const { row, label } = found[found.length - 1]!;
  const amount = (field: TotalField, value: number | undefined): Amount[] =>
    value === undefined ? [] : [{ field, value, decimals: true, rank: 0.5, row, label }];
  return [
    ...amount("subtotal", add(found.map((f) => f.base))),
    ...amount("tax", add(found.map((f) => f.tax))),
    ...amount("total", add(found.map((f) => f.sum))),
  ];
}

/** The bottom rows where a total is printed, whatever its label ("Tot. documento", "Jumlah yang harus dibayar"). */
const BOTTOM_ROWS = 40;

/**
 * The amounts with decimals of the last rows that no known label names: a total whose label the
 * lexicon lacks is still found, by the arithmetic, when it equals the subtotal plus tax and shipping.
 */
function unlabelledAmounts(doc: Doc, rows: Row[], labelled: Amount[]): Amount[] {
  const known = new Set(labelled.map((a) => a.value));
  return rows.slice(-BOTTOM_ROWS).flatMap((row) =>
    moneyTokens(row.text, doc.style)
      .filter((t) => t.decimals && t.value > 0 && !known.has(t.value))
      .map((t) => ({ field: "total" as const, value: t.value, decimals: true, rank: 0, row, label: "", unlabelled: true })),
  );
}

const close = (a: number, b: number) => Math.abs(a - b) <= 0.015 + Math.abs(b) * 1e-9;

export interface Totals {
  subtotal?: Amount;
  tax?: Amount;
  shipping?: Amount;
  total?: Amount;
  /** The totals add up (subtotal + tax + shipping = total, or the items = subtotal). */
  consistent: boolean;
}

/** Distinct values of a field, best label first, later rows first at equal rank. */
function options(amounts: Amount[], field: TotalField): Amount[] {
  const seen = new Map<number, Amount>();
  for (const a of amounts.filter((x) => x.field === field).sort((a, b) => b.rank - a.rank || b.row.n - a.row.n))
    if (!seen.has(a.value)) seen.set(a.value, a);
  return [...seen.values()].slice(0, 6);
}

/** The combination of candidates that adds up best, with `itemsSum` (the line items' amounts) as evidence. */
export function chooseTotals(amounts: Amount[], itemsSum: number | null): Totals {
  // an amount no label names is the total only where no label names one, and only when it adds up
  const labelled = amounts.filter((a) => !a.unlabelled);
  if (labelled.length < amounts.length && !labelled.some((a) => a.field === "total" || a.field === "due")) {
    const byArithmetic = choose(amounts, itemsSum);
    if (byArithmetic.total?.unlabelled && byArithmetic.consistent) return byArithmetic;
  }
  return choose(labelled, itemsSum);
}

/** The best-scoring combination of these candidates: labels' strength, and the arithmetic above all. */
function choose(amounts: Amount[], itemsSum: number | null): Totals {
  // a smaller "total" can be the base that tax is added to ("Totaal incl. toeslagen" + BTW)
  const subtotals = [...options(amounts, "subtotal"), ...options(amounts, "total").map((a) => ({ ...a, rank: 0 }))];
  let taxes = options(amounts, "tax");
  // several tax lines (one per rate) add up to the tax
  const taxRows = amounts.filter((a) => a.field === "tax");
  if (new Set(taxRows.map((a) => a.row.n)).size > 1) {
    const sum = Math.round(taxRows.reduce((s, a) => s + a.value, 0) * 100) / 100;
    if (!taxes.some((t) => close(t.value, sum))) taxes = [...taxes, { ...taxRows[0]!, value: sum, rank: 0.5, label: "taxes" }];
  }
  const shippings = options(amounts, "shipping");
  const discounts = options(amounts, "discount");
  let totals = [...options(amounts, "total"), ...options(amounts, "due").map((a) => ({ ...a, rank: 0.5 }))];
  let promoted = false;
  if (totals.length === 0 && subtotals.length > 0) {
    // "Summe netto" alone: the only total printed
    totals = subtotals.map((s) => ({ ...s, field: "total" as const }));
    promoted = true;
  }
  const orNone = <T>(list: T[]) => [undefined, ...list];
  let best: { score: number; totals: Totals } = { score: -Infinity, totals: { consistent: false } };
  for (const total of orNone(totals))
    // with no total label, one subtotal-worded line can still be the base of another ("Sub total" over "Jumlah")
    for (const subtotal of orNone(promoted ? subtotals.filter((s) => s.row.n !== total?.row.n) : subtotals))
      for (const tax of orNone(taxes))
        for (const shipping of orNone(shippings))
          for (const discount of orNone(discounts)) {
            let score = 0;
            let consistent = false;
            let addsUp = false;
            for (const a of [total, subtotal, tax, shipping]) if (a) score += 1 + a.rank * 0.3;
            const base = subtotal?.value ?? itemsSum;
            if (total && base !== null) {
              const sum = base - Math.abs(discount?.value ?? 0) + (tax?.value ?? 0) + (shipping?.value ?? 0);
              if (close(sum, total.value) && (subtotal || tax || shipping || discount)) {
                score += 6;
                consistent = addsUp = true;
              } else if (discount) score -= 3;
            } else if (discount) score -= 3;
            if (subtotal && itemsSum !== null && close(itemsSum, subtotal.value)) {
              score += 3;
              consistent = true;
            }
            if (!subtotal && total && itemsSum !== null && close(itemsSum, total.value)) consistent = addsUp = true;
            // a lone tax or shipping line that breaks the sum is worse than none
            if (total && subtotal && !consistent) score -= 1;
            if (subtotal?.field === "total" && (!consistent || !total || total.value === subtotal.value || !tax)) continue;
            if (promoted && subtotal && !addsUp) continue;
            // an amount printed without a label is the subtotal only when it is the items' sum and the tax makes it the total
            if ((total?.unlabelled && !addsUp) || (subtotal?.unlabelled && !(itemsSum !== null && close(itemsSum, subtotal.value))))
              continue;
            if (score > best.score) best = { score, totals: { subtotal, tax, shipping, total, consistent } };
          }
  return repairTotal(best.totals, discounts);
}

/**
 * A scanned total whose cents were read as a separate line ("$2,315" over "40"): when the
 * total has no decimals and the other amounts add up to it plus less than one unit, the sum is
 * the total.
 */
function repairTotal(totals: Totals, discounts: Amount[]): Totals {
  const { subtotal, tax, shipping, total } = totals;
  if (!total || total.decimals !== false || !subtotal?.decimals) return totals;
  for (const discount of [undefined, ...discounts]) {
    const sum = Math.round((subtotal.value - Math.abs(discount?.value ?? 0) + (tax?.value ?? 0) + (shipping?.value ?? 0)) * 100) / 100;
    if (sum > total.value && sum - total.value < 1) return { ...totals, total: { ...total, value: sum }, consistent: true };
  }
  return totals;
}
