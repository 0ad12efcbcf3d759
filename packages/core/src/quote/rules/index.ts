import {
  QUOTE_FIELDS,
  type PlacedAnalysis,
  type DocumentType,
  type PlacedQuote,
  type QuoteData,
  type QuoteField,
  type QuoteKind,
  type Source,
} from "../schema";
import { boundedPages } from "./bounds";
import { countries, topCountry } from "./country";
import { detectCurrency } from "./currency";
import { dateOrder, type DateOrder } from "./dates";
import { detectLanguage } from "../../extract/language";
import { datedValues, issueDate, validUntil } from "./document-dates";
import { readItems } from "./items";
import { sumConfirmedItems } from "./sum-items";
import { documentNumber } from "./number";
import { parties } from "./parties";
import { paymentTerms } from "./terms";
import { readDoc, clean, type Doc, type Row, type TextPage } from "./text";
import { chooseTotals, labelledAmounts, type Amount, type Totals } from "./totals";
import { placeQuote, type Hints } from "../locate";
import { commercialType, typeEvidence } from "./type";

/**
 * The offline reading of a document, without a model: its type, and for a commercial
 * document (quote, estimate, proposal, proforma, offer, invoice, credit note, order) the
 * issuer, customer, number, dates, currency, line items and totals, each with where it was
 * read and how sure the rule is. Text comes from every reader in one shape: one line per row,
 * cells joined by " | ", with geometry when the reader had it.
 */

export type { TextPage } from "./text";

export interface RulesInput {
  pages: TextPage[];
  /** vendor-quotes / customer-quotes tell the kind; the category is a weak hint for the type. */
  category?: string;
  fileName?: string;
}

interface Found<T> {
  value: T;
  source: Source;
}

const US_ORDER = new Set(["US", "PH", "FM", "PW", "MH"]);
/** Currencies of places whose English documents write dates day first (Europe, the Commonwealth). */
const DAY_FIRST_ENGLISH = new Set([
  "EUR",
  "CHF",
  "GBP",
  "INR",
  "AUD",
  "NZD",
  "SGD",
  "ZAR",
  "HKD",
  "MYR",
  "PKR",
  "LKR",
  "NGN",
  "KES",
  "GHS",
  "IEP",
]);

/**
 * Day-first or month-first when no date on the page can only be read one way: month-first in the
 * United States (and where its conventions are used), or for an English document with no country
 * and no day-first currency; day-first everywhere else.
 */
function fallbackOrder(country: string | undefined, currency: string | null, language: string | undefined): DateOrder {
  if (country) return US_ORDER.has(country) ? "mdy" : "dmy";
  if (currency === "USD") return "mdy";
  return language === "en" && !DAY_FIRST_ENGLISH.has(currency ?? "") ? "mdy" : "dmy";
}

function kindOf(category: string | undefined, key: string): QuoteKind {
  if (category === "customer-quotes") return "customer";
  if (category === "vendor-quotes") return "vendor";
  return /\b(our\s+quote\s+to|quote\s+to\s+customer|customer\s+quote)\b/.test(key) ? "customer" : "vendor";
}

const found = <T>(value: T | null | undefined, page: number | null, confidence: number): Found<T> | undefined =>
  value === null || value === undefined ? undefined : { value, source: { page, confidence } };

/**
 * How sure an amount is, from the evidence behind it: labelled and confirmed by the arithmetic
 * (the totals add up), labelled alone, or neither (a total inferred from another line's label).
 */
function amountConfidence(amount: Amount | undefined, consistent: boolean): number {
  if (!amount) return 0;
  const labelled = amount.rank >= 1;
  if (labelled && consistent) return 0.95;
  if (labelled) return 0.75;
  return consistent ? 0.7 : 0.55;
}

/** Where each field was read: the row's page and its line on that page, for placing the value. */
function hintsOf(rows: Partial<Record<QuoteField, Row | undefined>>): Hints {
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([, row]) => row)
      .map(([field, row]) => [field, { page: row!.page, line: row!.line }]),
  );
}

/** Reads the commercial fields of a document; `isOrder` when its title says it is an order. */
function readCommercial(doc: Doc, category: string | undefined, isOrder: boolean): { quote: QuoteData; hints: Hints } {
  const who = parties(doc);
  // the issuer's conventions: the country of everything but the customer's address, else of the whole page
  const issuerText = doc.rows.filter((r) => !who.customerRows.has(r.n));
  const country =
    topCountry(countries(issuerText.map((r) => r.text).join("\n"), issuerText.map((r) => r.key).join("\n"))) ??
    topCountry(countries(doc.text, doc.key));
  const language = detectLanguage(doc.text);
  const currency = detectCurrency(doc, country, language === undefined || language === "en");
  const order = dateOrder(doc.text, fallbackOrder(country, currency, language));
  const dates = datedValues(doc, order, isOrder);
  const valid = validUntil(dates);
  const issued = issueDate(dates, valid?.iso);
  const read = readItems(doc);
  const itemAmounts = read.items.map((i) => i.amount).filter((a): a is number => a !== null);
  const itemsSum = itemAmounts.length > 0 ? Math.round(itemAmounts.reduce((s, a) => s + a, 0) * 100) / 100 : null;
  const totals = chooseTotals(
    labelledAmounts(
      doc,
      doc.rows.filter((r) => !read.inside.has(r.n)),
    ),
    itemsSum,
  );
  const items = read.items.length > 0 ? read.items : itemsBySum(doc, totals);
  const number = documentNumber(doc, { order: isOrder });
  const terms = paymentTerms(doc);
  const fields: Partial<Record<QuoteField, Found<string | number>>> = {
    vendorName: found(who.vendor?.name, who.vendor?.row.page ?? null, who.vendor?.confidence ?? 0),
    customerName: found(who.customer?.name, who.customer?.row.page ?? null, who.customer?.confidence ?? 0),
    quoteNumber: found(number?.value, number?.row.page ?? null, number?.confidence ?? 0),
    quoteDate: found(issued?.iso, issued?.row.page ?? null, issued?.role === "issue" ? 0.9 : 0.75),
    validUntil: found(valid?.iso, valid?.row.page ?? null, 0.85),
    // a printed code is read; a currency taken from a symbol and the issuer's country is inferred
    currency: found(currency, doc.rows[0]?.page ?? null, currency && new RegExp(`\\b${currency}\\b`).test(doc.text) ? 0.9 : 0.7),
    subtotal: found(totals.subtotal?.value, totals.subtotal?.row.page ?? null, amountConfidence(totals.subtotal, totals.consistent)),
    tax: found(totals.tax?.value, totals.tax?.row.page ?? null, amountConfidence(totals.tax, totals.consistent)),
    shipping: found(totals.shipping?.value, totals.shipping?.row.page ?? null, amountConfidence(totals.shipping, totals.consistent)),
    total: found(totals.total?.value, totals.total?.row.page ?? null, amountConfidence(totals.total, totals.consistent)),
    paymentTerms: found(terms?.value, terms?.page ?? null, 0.7),
  };
  const value = <T>(f: QuoteField) => (fields[f]?.value ?? null) as T | null;
  const sources = Object.fromEntries(QUOTE_FIELDS.map((f) => [f, fields[f]?.source ?? null])) as QuoteData["sources"];
  const scores = [
    ...Object.values(fields)
      .filter(Boolean)
      .map((f) => f!.source.confidence),
    ...(items.length > 0 ? [0.85] : []),
  ];
  const hints = hintsOf({
    vendorName: who.vendor?.row,
    customerName: who.customer?.row,
    quoteNumber: number?.row,
    quoteDate: issued?.row,
    validUntil: valid?.row,
    currency: totals.total?.row,
    subtotal: totals.subtotal?.row,
    tax: totals.tax?.row,
    shipping: totals.shipping?.row,
    total: totals.total?.row,
  });
  const quote: QuoteData = {
    kind: kindOf(category, doc.key),
    vendorName: value<string>("vendorName"),
    customerName: value<string>("customerName"),
    quoteNumber: value<string>("quoteNumber"),
    quoteDate: value<string>("quoteDate"),
    validUntil: value<string>("validUntil"),
    currency: value<string>("currency"),
    lineItems: items,
    subtotal: value<number>("subtotal"),
    tax: value<number>("tax"),
    shipping: value<number>("shipping"),
    total: value<number>("total"),
    paymentTerms: value<string>("paymentTerms"),
    // a rule-read value is as good as its label; fields never found pull the average down
    confidence: Math.round((scores.reduce((s, c) => s + c, 0) / Math.max(QUOTE_FIELDS.length, scores.length)) * 100) / 100,
    sources,
  };
  return { quote, hints };
}

const OTHER_TYPES: [DocumentType, RegExp][] = [
  [
    "contract",
    /\b(agreement|contract|hereby|the\s+parties|terms\s+and\s+conditions|indemnif|governing\s+law|witnesseth|vertrag|contrat|contrato|contratto|overeenkomst|perjanjian)\b/i,
  ],
  [
    "specification",
    /\b(specifications?|requirements?|shall\s+(be|provide|comply)|scope\s+of\s+work|datasheet|tolerance|dimensions|cahier des charges|lastenheft|pflichtenheft|especificaciones)\b/i,
  ],
  ["correspondence", /\b(dear\s+\w+|sincerely|regards|sehr geehrte|cordialement|atentamente|met vriendelijke)\b/i],
];

function otherType(text: string, category: string | undefined): DocumentType {
  const scores = OTHER_TYPES.map(([type, pattern]) => ({ type, hits: (text.match(new RegExp(pattern, "gi")) ?? []).length }));
  const best = scores.sort((a, b) => b.hits - a.hits)[0]!;
  if (best.hits > 0) return best.type;
  if (category === "contracts") return "contract";
  if (category === "specifications") return "specification";
  if (category === "images") return "drawing";
  return "other";
}

/** What a document is, and its commercial reading when it has one. */
export function readDocument(input: RulesInput): { type: DocumentType; quote: PlacedQuote | null; doc: Doc } {
  // values are placed on the pages the rules read, whose lines their rows name
  const pages = boundedPages(input.pages);
  const doc = readDoc(pages);
  const evidence = typeEvidence(doc, input.fileName);
  const read = doc.rows.length > 0 ? readCommercial(doc, input.category, evidence.title === "order") : null;
  // the document's number style was read with it: placing needs no second pass over the text
  const quote = read ? placeQuote(read.quote, pages, read.hints, doc.style) : null;
  const hasTotals = quote !== null && (quote.total !== null || quote.lineItems.some((i) => i.amount !== null));
  const type = quote ? commercialType(doc, evidence, hasTotals) : undefined;
  if (type && quote) return { type, quote, doc };
  return { type: otherType(doc.text, input.category), quote: null, doc };
}

/** The commercial reading alone (null when the document is not commercial). */
export function extractQuoteByRules(input: RulesInput): PlacedQuote | null {
  return readDocument(input).quote;
}

const money = (n: number, currency: string | null) =>
  `${currency ? `${currency} ` : ""}${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const TYPE_NAMES: Partial<Record<DocumentType, string>> = {
  quote: "Quote",
  invoice: "Invoice",
  credit_note: "Credit note",
  other: "Document",
};

/** First sentences of substance: enough for a person to recognise the document. */
function lead(pages: TextPage[], max = 400): string {
  const body = pages
    .flatMap((p) => p.text.split("\n"))
    .map(clean)
    .filter((l) => l.length >= 30 && !l.includes(" | "))
    .join(" ");
  // a sentence ending past `max` is never taken, so the split reads only the first `max` characters:
  // over a whole text without punctuation it would try every start to the end (quadratic)
  const sentences = body.slice(0, max).match(/[^.!?]+[.!?]+/g) ?? (body ? [body] : []);
  let out = "";
  for (const s of sentences) {
    if (out.length + s.length > max) break;
    out += s;
  }
  return clean(out || body.slice(0, max));
}

/** No table was read: the rows over the totals whose amounts add up to the items' total printed below them. */
function itemsBySum(doc: Doc, totals: Totals) {
  const { subtotal, tax, shipping, total } = totals;
  const target = subtotal?.value ?? (total ? total.value - (tax?.value ?? 0) - (shipping?.value ?? 0) : undefined);
  const rows = [subtotal, tax, shipping, total].flatMap((a) => (a ? [a.row] : []));
  if (target === undefined || rows.length === 0) return [];
  const first = rows.reduce((a, b) => (b.n < a.n ? b : a));
  return sumConfirmedItems(doc, first, Math.round(target * 100) / 100);
}

/** The offline analysis: type, commercial data, and a summary made of the document's own words. */
export function analyzeByRules(input: RulesInput): PlacedAnalysis {
  const { type, quote } = readDocument(input);
  const pageCount = input.pages.length;
  if (quote) {
    const parts = [`${TYPE_NAMES[type] ?? "Document"}${quote.quoteNumber ? ` ${quote.quoteNumber}` : ""}`];
    if (quote.vendorName) parts.push(`from ${quote.vendorName}`);
    if (quote.customerName) parts.push(`for ${quote.customerName}`);
    if (quote.quoteDate) parts.push(`dated ${quote.quoteDate}`);
    const items = quote.lineItems.length;
    const detail = [`${items} line item${items === 1 ? "" : "s"}`];
    if (quote.total !== null) detail.push(`total ${money(quote.total, quote.currency)}`);
    if (quote.validUntil) detail.push(`valid until ${quote.validUntil}`);
    return { documentType: type, summary: `${parts.join(" ")}: ${detail.join(", ")}.`, quote };
  }
  const text = input.pages.map((p) => p.text).join("\n");
  const heading =
    input.pages
      .flatMap((p) => p.text.split("\n"))
      .map(clean)
      .find((l) => l.length >= 3) ?? "";
  const label = type === "other" ? "Document" : type[0]!.toUpperCase() + type.slice(1).replace("_", " ");
  const size = `${pageCount} page${pageCount === 1 ? "" : "s"}`;
  const summary =
    text.trim() === ""
      ? `${label} with no readable text.`
      : clean(`${label} (${size})${heading ? `: ${heading.slice(0, 120)}` : ""}. ${lead(input.pages)}`);
  return { documentType: type, summary: summary.slice(0, 2000), quote: null };
}
