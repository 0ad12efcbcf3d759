import { addDays, detectCurrency, moneyTokens, parseDate, parseNumber } from "./numbers";
import { QUOTE_FIELDS, type DocumentAnalysis, type LineItem, type QuoteData, type QuoteField, type QuoteKind, type Source } from "./schema";

/**
 * The offline model's quote extraction: rules over the text the extractors
 * produce, where every table row is one line with cells joined by " | " (PDF column
 * gaps, Word and spreadsheet tables, CSV rows). It reads the item table under a
 * header row (description / qty / unit / unit price / amount), labelled totals
 * ("Subtotal", "Tax", "Shipping", "Total") and labelled fields ("Quote #",
 * "Valid until", "Bill to", "Payment terms"). OCR text has no separators, so a
 * line ending in numbers is split by its numbers instead.
 */

export interface TextPage {
  page: number;
  text: string;
}

export interface RulesInput {
  pages: TextPage[];
  /** vendor-quotes / customer-quotes tell the kind; other categories need quote words. */
  category?: string;
  fileName?: string;
}

interface Line {
  page: number;
  text: string;
  cells: string[];
}

type Column = "description" | "quantity" | "unit" | "unitPrice" | "amount";

const HEADER: [Column, RegExp][] = [
  ["unitPrice", /^(unit\s*(price|cost|rate)|price(\s*(each|\/\s*unit|per\s*unit))?|rate|each|unit\s*\$|list\s*price|net\s*price)$/i],
  ["quantity", /^(qty\.?|quantity|qnty|units|no\.?\s*of\s*units|hours|hrs)$/i],
  ["unit", /^(unit|uom|u\/m|unit\s*of\s*measure)$/i],
  [
    "amount",
    /^(amount|total|line\s*total|ext(ended|\.)?\s*(price|amount|total)?|extension|subtotal|net\s*amount|price\s*total|total\s*price)$/i,
  ],
  [
    "description",
    /^(description|item(\s*description)?|product|service|services|part|details|particulars|item\s*\/\s*description|description\s*of\s*(goods|services|work))$/i,
  ],
];

const TOTAL_LABELS: { field: "subtotal" | "tax" | "shipping" | "total"; pattern: RegExp; rank: number }[] = [
  { field: "subtotal", pattern: /^\s*(sub[\s-]?total|net\s+total|total\s+before\s+tax|merchandise\s+total)\b/i, rank: 1 },
  { field: "tax", pattern: /^\s*((sales|use)\s+tax|tax(es)?|vat|gst|hst|pst)\b(?!\s*(id|exempt|number|#))/i, rank: 1 },
  { field: "shipping", pattern: /^\s*(shipping(\s*(&|and)\s*handling)?|freight|delivery|s\s*&\s*h|handling)\b/i, rank: 1 },
  {
    field: "total",
    pattern:
      /^\s*(grand\s+total|total\s+due|amount\s+due|balance\s+due|quote\s+total|total\s+amount|total\s+price|total\s+quote|estimate\s+total|total)\b/i,
    rank: 1,
  },
];
const TOTAL_RANK: [RegExp, number][] = [
  [/grand\s+total/i, 4],
  [/(total|amount|balance)\s+due/i, 3],
  [/(quote|estimate)\s+total|total\s+(amount|quote|price)/i, 2],
];

const QUOTE_WORDS = /\b(quote|quotation|estimate|proposal|bid|pricing|price\s+list|rfq)\b/i;
const NOT_ITEM =
  /^\s*(sub[\s-]?total|total|tax|vat|gst|shipping|freight|delivery|grand\s+total|amount\s+due|balance|discount\s+total|notes?|terms)\b/i;

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

function toLines(pages: TextPage[]): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    for (const raw of page.text.split("\n")) {
      const text = clean(raw);
      if (!text) continue;
      const cells = raw.includes(" | ") || raw.includes("\t") ? raw.split(/ \| |\t/).map(clean) : [text];
      lines.push({ page: page.page, text, cells });
    }
  }
  return lines;
}

function headerColumns(cells: string[]): Map<Column, number> | undefined {
  if (cells.length < 2) return undefined;
  const columns = new Map<Column, number>();
  cells.forEach((cell, index) => {
    const label = cell
      .replace(/[:*]/g, "")
      .replace(/\(.*?\)/g, "")
      .trim();
    for (const [column, pattern] of HEADER) {
      if (!columns.has(column) && pattern.test(label)) {
        columns.set(column, index);
        break;
      }
    }
  });
  const numeric = ["quantity", "unitPrice", "amount"].filter((c) => columns.has(c as Column)).length;
  return columns.has("description") && numeric >= 1 ? columns : undefined;
}

function quantityAndUnit(raw: string | undefined): { quantity: number | null; unit: string | null } {
  if (!raw) return { quantity: null, unit: null };
  const m = /^(-?[\d,.]+)\s*([A-Za-z][A-Za-z./]{0,9})?$/.exec(raw.trim());
  if (!m) return { quantity: parseNumber(raw), unit: null };
  return { quantity: parseNumber(m[1]!), unit: m[2] ?? null };
}

function rowItem(cells: string[], columns: Map<Column, number>, page: number): LineItem | undefined {
  const cell = (c: Column) => {
    const i = columns.get(c);
    return i === undefined ? undefined : cells[i];
  };
  const description = clean(cell("description") ?? "");
  if (!description || NOT_ITEM.test(description) || NOT_ITEM.test(cells[0] ?? "")) return undefined;
  const { quantity, unit: inlineUnit } = quantityAndUnit(cell("quantity"));
  const unitPrice = parseNumber(cell("unitPrice"));
  const amount = parseNumber(cell("amount"));
  if (quantity === null && unitPrice === null && amount === null) return undefined;
  const unit = clean(cell("unit") ?? "") || inlineUnit;
  return { description, quantity, unit: unit || null, unitPrice, amount, page };
}

/** "Widget A  10 ea  12.50  125.00" or "10 Widget A 12.50 125.00": an OCR line of an item table. */
function spacedItem(line: Line): LineItem | undefined {
  if (NOT_ITEM.test(line.text)) return undefined;
  const tokens = moneyTokens(line.text);
  if (tokens.length < 2) return undefined;
  const last = tokens[tokens.length - 1]!;
  if (line.text.slice(last.index + last.text.length).trim() !== "") return undefined;
  const [qty, price] = tokens.length >= 3 ? [tokens[tokens.length - 3]!, tokens[tokens.length - 2]!] : [undefined, tokens[0]!];
  const leading = /^(\d+(?:\.\d+)?)\s+(?:(ea|pcs?|units?|hrs?|hours?|lot|set|box(?:es)?|each)\s+)?(.+)$/i.exec(
    line.text.slice(0, (qty ?? price).index),
  );
  let description = clean(line.text.slice(0, (qty ?? price).index));
  let quantity = qty?.value ?? null;
  let unit: string | null = null;
  const tail = /\s(ea|pcs?|units?|hrs?|hours?|lot|set|box(?:es)?|each)\s*$/i.exec(line.text.slice(0, price.index));
  if (tail) unit = tail[1]!;
  if (quantity === null && leading) {
    quantity = Number(leading[1]);
    unit = leading[2] ?? unit;
    description = clean(leading[3]!);
  }
  description = description.replace(/\s(ea|pcs?|units?|hrs?|hours?|lot|set|box(?:es)?|each)$/i, "").trim();
  if (!/[A-Za-z]{2}/.test(description)) return undefined;
  return { description, quantity, unit, unitPrice: price.value, amount: last.value, page: line.page };
}

function isSpacedHeader(text: string) {
  return /\b(description|item)\b/i.test(text) && /\b(qty|quantity)\b/i.test(text) && /\b(amount|total|price)\b/i.test(text);
}

/**
 * Some readers put a whole table on one line (cells of every row in one " | " run).
 * When a header is followed by more cells than it has columns, the rest is cut
 * into rows of the header's width.
 */
function unfoldRows(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const columns = line.cells.length > 1 ? headerColumns(line.cells) : undefined;
    const width = columns ? Math.max(...columns.values()) + 1 : 0;
    if (!columns || line.cells.length <= width || width < 2) {
      out.push(line);
      continue;
    }
    const header = line.cells.slice(0, width);
    out.push({ page: line.page, text: header.join(" | "), cells: header });
    const rest = line.cells.slice(width);
    for (let k = 0; k < rest.length; k += width) {
      const cells = rest.slice(k, k + width);
      // a trailing "Subtotal: $x" cell is a line of its own, not a short row
      if (cells.length < width) for (const cell of cells) out.push({ page: line.page, text: cell, cells: [cell] });
      else out.push({ page: line.page, text: cells.join(" | "), cells });
    }
  }
  return out;
}

/** The rows under every item-table header: a table that runs over several pages repeats its header on each. */
function readItems(lines: Line[]): LineItem[] {
  const items: LineItem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const columns = line.cells.length > 1 ? headerColumns(line.cells) : undefined;
    if (columns) {
      let j = i + 1;
      for (; j < lines.length; j++) {
        const row = lines[j]!;
        if (row.cells.length < 2) {
          // a wrapped description line between rows, or the end of the table
          if (NOT_ITEM.test(row.text) || moneyTokens(row.text).length > 0) break;
          continue;
        }
        if (headerColumns(row.cells)) break;
        const item = rowItem(row.cells, columns, row.page);
        if (item) items.push(item);
        else if (NOT_ITEM.test(row.cells.find((c) => c !== "") ?? "")) break;
      }
      i = j - 1;
    } else if (line.cells.length === 1 && isSpacedHeader(line.text)) {
      let j = i + 1;
      for (; j < lines.length; j++) {
        const row = lines[j]!;
        if (NOT_ITEM.test(row.text) || isSpacedHeader(row.text)) break;
        const item = spacedItem(row);
        if (item) items.push(item);
      }
      i = j - 1;
    }
  }
  return items;
}

interface Found<T> {
  value: T;
  source: Source;
}

/** The amount on a labelled line: the last money token that is not a rate. */
function labelledAmounts(lines: Line[]) {
  const found: Partial<Record<"subtotal" | "tax" | "shipping" | "total", Found<number> & { rank: number }>> = {};
  for (const line of lines) {
    const first = line.cells.find((c) => c !== "") ?? line.text;
    const label = line.cells.length > 1 ? line.cells.filter((c) => c !== "" && parseNumber(c) === null).join(" ") : line.text;
    for (const { field, pattern } of TOTAL_LABELS) {
      if (!pattern.test(first) && !pattern.test(label)) continue;
      if (field === "total" && /sub[\s-]?total/i.test(label)) continue;
      const tokens = moneyTokens(line.text).filter((t) => !/^\d{1,2}$/.test(t.text) || field !== "tax");
      const last = tokens[tokens.length - 1];
      if (!last) continue;
      const rank = field === "total" ? (TOTAL_RANK.find(([p]) => p.test(label))?.[1] ?? 1) : 1;
      const previous = found[field];
      // later lines win at equal rank: the grand total comes after "Total" headers
      if (!previous || rank >= previous.rank) found[field] = { value: last.value, source: { page: line.page, confidence: 0.9 }, rank };
      break;
    }
  }
  return found;
}

function labelled(lines: Line[], pattern: RegExp, options: { nextLine?: boolean; max?: number } = {}): Found<string> | undefined {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = line.cells.length > 1 ? line.cells : [line.text];
    for (let c = 0; c < cells.length; c++) {
      // a label alone in its cell ("Bill To" | "Globex") has no colon; the next cell is its value
      const cell = cells.length > 1 && !cells[c]!.includes(":") ? `${cells[c]}:` : cells[c]!;
      const m = pattern.exec(cell);
      if (!m) continue;
      let value = clean(cell.slice(m.index + m[0].length).replace(/^[\s:#.-]+/, ""));
      if (!value && c + 1 < cells.length) value = clean(cells[c + 1]!);
      if (!value && options.nextLine && i + 1 < lines.length) value = clean(lines[i + 1]!.cells[0] ?? "");
      if (value) return { value: value.slice(0, options.max ?? 200), source: { page: line.page, confidence: 0.85 } };
    }
  }
  return undefined;
}

const TITLE = /^(quote|quotation|estimate|proposal|price\s+quote|sales\s+quote|invoice|bid)\b/i;

/** The issuer: a labelled vendor, else the first line of the first page that is a name. */
function vendor(lines: Line[]): Found<string> | undefined {
  const byLabel = labelled(lines, /^\s*(vendor|supplier|seller|from|company|issued\s+by|quoted\s+by)\s*[:]/i, { nextLine: true });
  if (byLabel) return byLabel;
  const first = lines.filter((l) => l.page === lines[0]?.page).slice(0, 6);
  for (const line of first) {
    const text = line.cells[0] ?? line.text;
    if (TITLE.test(text) || /\d{3}/.test(text) || /@|www\.|https?:/i.test(text) || !/[A-Za-z]{3}/.test(text) || text.length > 80) continue;
    if (/:/.test(text)) continue;
    return { value: text, source: { page: line.page, confidence: 0.5 } };
  }
  return undefined;
}

function customer(lines: Line[]) {
  return labelled(
    lines,
    /^\s*(bill\s+to|billed\s+to|customer(\s+name)?|client|prepared\s+for|quote\s+for|sold\s+to|attention|attn|to)\s*:/i,
    {
      nextLine: true,
    },
  );
}

function quoteNumber(lines: Line[]): Found<string> | undefined {
  const pattern =
    /\b(?:quote|quotation|estimate|proposal|reference|ref)\s*(?:#|no\.?|number|num\.?|id)\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/_.]*)/i;
  for (const line of lines) {
    const m = pattern.exec(line.cells.join(" "));
    if (m && /\d/.test(m[1]!)) return { value: m[1]!.replace(/[.]$/, ""), source: { page: line.page, confidence: 0.9 } };
  }
  return undefined;
}

function dates(lines: Line[]) {
  let quoteDate: Found<string> | undefined;
  let validUntil: Found<string> | undefined;
  let validDays: { days: number; page: number } | undefined;
  for (const line of lines) {
    const text =
      line.cells.length > 1
        ? line.cells
            .filter((c) => c !== "")
            .join(": ")
            .replace(/::/g, ":")
        : line.text;
    if (
      !validUntil &&
      /\b(valid\s+(until|through|thru|till|to|for)|expir(es|y|ation)(\s+date)?|offer\s+valid|good\s+(until|through|for))\b/i.test(text)
    ) {
      const date = parseDate(text.replace(/^.*?(valid|expir|good)/i, ""));
      if (date) validUntil = { value: date, source: { page: line.page, confidence: 0.9 } };
      const days = /valid\s+for\s+(\d{1,3})\s+days/i.exec(text);
      if (days) validDays = { days: Number(days[1]), page: line.page };
    }
    if (!quoteDate && /\b((quote|quotation|estimate|issue|proposal)\s+date|date(\s+issued)?)\s*[:]/i.test(text)) {
      const date = parseDate(text.replace(/^.*?date(\s+issued)?\s*:/i, ""));
      if (date) quoteDate = { value: date, source: { page: line.page, confidence: 0.9 } };
    }
  }
  if (!validUntil && validDays && quoteDate) {
    validUntil = { value: addDays(quoteDate.value, validDays.days), source: { page: validDays.page, confidence: 0.7 } };
  }
  return { quoteDate, validUntil };
}

function paymentTerms(lines: Line[]): Found<string> | undefined {
  const byLabel = labelled(lines, /^\s*(payment\s+terms|terms\s+of\s+payment|terms)\s*:/i, { max: 120 });
  // "Payment terms: Net 30. Prices in USD." ends at the first sentence
  if (byLabel) return { ...byLabel, value: byLabel.value.split(/(?<=[^.\s]{2})\.\s/)[0]!.replace(/\.$/, "") };
  for (const line of lines) {
    const m = /\b(net\s?\d{1,3}(\s+days)?|due\s+on\s+receipt|cash\s+on\s+delivery|cod|\d{1,3}%\s+(deposit|upfront|down)[^.|]*)/i.exec(
      line.text,
    );
    if (m) return { value: clean(m[0]).replace(/^net\s?(\d+)/i, "Net $1"), source: { page: line.page, confidence: 0.7 } };
  }
  return undefined;
}

function kindOf(category: string | undefined, text: string): QuoteKind {
  if (category === "customer-quotes") return "customer";
  if (category === "vendor-quotes") return "vendor";
  return /\b(our\s+quote\s+to|quote\s+to\s+customer|customer\s+quote)\b/i.test(text) ? "customer" : "vendor";
}

export function extractQuoteByRules(input: RulesInput): QuoteData | null {
  const lines = unfoldRows(toLines(input.pages));
  const text = lines.map((l) => l.text).join("\n");
  const lineItems = readItems(lines);
  const amounts = labelledAmounts(lines);
  const quoteCategory = input.category === "vendor-quotes" || input.category === "customer-quotes";
  const quoteLike = quoteCategory || QUOTE_WORDS.test(text) || QUOTE_WORDS.test(input.fileName ?? "");
  if (!quoteLike || (lineItems.length === 0 && !amounts.total)) return null;

  const fields: Partial<Record<QuoteField, Found<string | number>>> = {
    vendorName: vendor(lines),
    customerName: customer(lines),
    quoteNumber: quoteNumber(lines),
    ...dates(lines),
    paymentTerms: paymentTerms(lines),
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    shipping: amounts.shipping,
    total: amounts.total,
  };
  const currency = detectCurrency(text);
  if (currency) {
    const page = lines.find((l) => /[$€£¥]|\b[A-Z]{3}\b/.test(l.text))?.page ?? null;
    fields.currency = { value: currency, source: { page, confidence: /\b[A-Z]{3}\b/.test(text) ? 0.9 : 0.7 } };
  }
  const value = <T>(f: QuoteField) => (fields[f]?.value ?? null) as T | null;
  const sources = Object.fromEntries(QUOTE_FIELDS.map((f) => [f, fields[f]?.source ?? null])) as QuoteData["sources"];
  const found = Object.values(fields).filter(Boolean) as Found<unknown>[];
  const itemsConfidence = lineItems.length > 0 ? [0.85] : [];
  const scores = [...found.map((f) => f.source.confidence), ...itemsConfidence];
  return {
    kind: kindOf(input.category, text),
    vendorName: value<string>("vendorName"),
    customerName: value<string>("customerName"),
    quoteNumber: value<string>("quoteNumber"),
    quoteDate: value<string>("quoteDate"),
    validUntil: value<string>("validUntil"),
    currency: value<string>("currency"),
    lineItems,
    subtotal: value<number>("subtotal"),
    tax: value<number>("tax"),
    shipping: value<number>("shipping"),
    total: value<number>("total"),
    paymentTerms: value<string>("paymentTerms"),
    // a rule-read value is as good as its label; fields never found pull the average down
    confidence: Math.round((scores.reduce((s, c) => s + c, 0) / Math.max(QUOTE_FIELDS.length, scores.length)) * 100) / 100,
    sources,
  };
}

const TYPE_RULES: [DocumentAnalysis["documentType"], RegExp][] = [
  ["contract", /\b(agreement|contract|hereby|the\s+parties|terms\s+and\s+conditions|indemnif|governing\s+law|witnesseth)\b/i],
  ["specification", /\b(specifications?|requirements?|shall\s+(be|provide|comply)|scope\s+of\s+work|datasheet|tolerance|dimensions)\b/i],
  ["invoice", /\binvoice\b/i],
  ["correspondence", /\b(dear\s+\w+|sincerely|regards)\b/i],
];

function guessType(text: string, category: string | undefined): DocumentAnalysis["documentType"] {
  const scores = TYPE_RULES.map(([type, pattern]) => ({ type, hits: (text.match(new RegExp(pattern, "gi")) ?? []).length }));
  const best = scores.sort((a, b) => b.hits - a.hits)[0]!;
  if (best.hits > 0) return best.type;
  if (category === "contracts") return "contract";
  if (category === "specifications") return "specification";
  if (category === "images") return "drawing";
  return "other";
}

const money = (n: number, currency: string | null) =>
  `${currency ? `${currency} ` : ""}${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** First sentences of substance: enough for a person to recognise the document. */
function lead(pages: TextPage[], max = 400): string {
  const body = pages
    .flatMap((p) => p.text.split("\n"))
    .map(clean)
    .filter((l) => l.length >= 30 && !l.includes(" | "))
    .join(" ");
  const sentences = body.match(/[^.!?]+[.!?]+/g) ?? (body ? [body] : []);
  let out = "";
  for (const s of sentences) {
    if (out.length + s.length > max) break;
    out += s;
  }
  return clean(out || body.slice(0, max));
}

/** The offline analysis: the quote by rules, and a summary made of the document's own words. */
export function analyzeByRules(input: RulesInput): DocumentAnalysis {
  const quote = extractQuoteByRules(input);
  const text = input.pages.map((p) => p.text).join("\n");
  const pageCount = input.pages.length;
  if (quote) {
    const parts = [`Quote${quote.quoteNumber ? ` ${quote.quoteNumber}` : ""}`];
    if (quote.vendorName) parts.push(`from ${quote.vendorName}`);
    if (quote.customerName) parts.push(`for ${quote.customerName}`);
    const items = quote.lineItems.length;
    const detail = [`${items} line item${items === 1 ? "" : "s"}`];
    if (quote.total !== null) detail.push(`total ${money(quote.total, quote.currency)}`);
    if (quote.validUntil) detail.push(`valid until ${quote.validUntil}`);
    return { documentType: "quote", summary: `${parts.join(" ")}: ${detail.join(", ")}.`, quote };
  }
  const documentType = guessType(text, input.category);
  const heading =
    input.pages
      .flatMap((p) => p.text.split("\n"))
      .map(clean)
      .find((l) => l.length >= 3) ?? "";
  const label = documentType === "other" ? "Document" : documentType[0]!.toUpperCase() + documentType.slice(1);
  const size = `${pageCount} page${pageCount === 1 ? "" : "s"}`;
  const summary =
    text.trim() === ""
      ? `${label} with no readable text.`
      : clean(`${label} (${size})${heading ? `: ${heading.slice(0, 120)}` : ""}. ${lead(input.pages)}`);
  return { documentType, summary: summary.slice(0, 2000), quote: null };
}
