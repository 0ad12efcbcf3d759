import type { DocumentType } from "../schema";
import { CREDIT_WORDS, INVOICE_WORDS, OTHER_COMMERCIAL_WORDS, QUOTE_WORDS, alternation } from "./lexicon";
import { fold, type Doc, type Row } from "./text";

/**
 * What a commercial document is, from its title first: the type word at the head of a short
 * cell near the top of the first page ("Devis D-2031-17", "OFFERTE.", "Rechnung | Kopie",
 * "Studio Lumen Proforma Invoice"), taller rows counting more when the reader gave geometry. Labels
 * ("Invoice No.", "Angebotsdatum", "Date de facture") count less, and words in the body least:
 * invoices mention quotes and quotes mention invoicing. A proforma invoice is an offer.
 */

export type CommercialClass = "quote" | "invoice" | "credit_note" | "order";

const CLASSES: [CommercialClass, readonly string[]][] = [
  ["credit_note", CREDIT_WORDS],
  ["quote", QUOTE_WORDS],
  ["invoice", INVOICE_WORDS],
  ["order", OTHER_COMMERCIAL_WORDS],
];
const PROFORMA = /(?<![\p{L}])(pro[\s-]?forma|proforma\p{L}*)(?![\p{L}])/u;
const ALL_WORDS = CLASSES.flatMap(([cls, words]) => words.map((w) => [w, cls] as const));
const WORD_CLASS = new Map(ALL_WORDS.map(([w, c]) => [w.replace(/[\s.-]+/g, " "), c]));
const ANY = new RegExp(`(?<![\\p{L}])(${alternation(ALL_WORDS.map(([w]) => w))})(?![\\p{L}])`, "u");
const ANY_ALL = new RegExp(ANY.source, "gu");
const TITLE = new RegExp(`^(?:[\\p{L}\\d&'.,-]+\\s+){0,3}?(${alternation(ALL_WORDS.map(([w]) => w))})(?![\\p{L}])`, "u");
/** After a type word: a label ("Invoice Date:", "Order ID") makes it a label, not a title. */
const LABEL_AFTER =
  /^\s*(date|datum|fecha|data|id|no\b|nr\b|n°|nº|#|number|nummer|numero|ref|reference|summary|period|total|to\b|for\b|address|adresse|amount|terms|details|ist|is\b|est\b|and\b|et\b|und\b|y\b|liee|associee|validity|gultig|en attente|status)/;
const NUMBER_AFTER = /^\s*(n°|nº|no\.?|nr\.?|#|num(?:ero|ber)?\.?)?\s*[:#]?\s*[a-z]{0,6}[-_/]?\d/;

function classOf(word: string): CommercialClass | undefined {
  return WORD_CLASS.get(word.replace(/[\s.-]+/g, " "));
}

const heights = (rows: Row[]) => rows.filter((r) => r.y0 !== undefined).map((r) => r.y1! - r.y0!);

export interface TypeEvidence {
  scores: Record<CommercialClass, number>;
  /** The class of the strongest title, if any. */
  title?: CommercialClass;
}

/** What a file's name says ("Angebot_2032-14.pdf", "invoice-118.pdf"): weaker than any printed title or label. */
const FILE_NAME_WEIGHT = 0.8;

/** Scores the four commercial classes from titles, labels, body words and the file's name. */
export function typeEvidence(doc: Doc, fileName?: string): TypeEvidence {
  const scores: Record<CommercialClass, number> = { quote: 0, invoice: 0, credit_note: 0, order: 0 };
  const first = doc.rows[0]?.page;
  const firstRows = doc.rows.filter((r) => r.page === first);
  const all = heights(firstRows).sort((a, b) => a - b);
  const median = all.length ? all[Math.floor(all.length / 2)]! : 0;
  let best = 0;
  let title: CommercialClass | undefined;
  let body = { quote: 0, invoice: 0, credit_note: 0, order: 0 } as Record<CommercialClass, number>;
  for (const row of doc.rows) {
    const top =
      row.page === first && (row.y0 !== undefined && row.width ? row.line < 40 && row.y0 < 0.5 * (row.width * 1.42) : row.line < 25);
    for (const cell of row.cells) {
      const key = cell.key.trim();
      // most cells (amounts, item descriptions) hold no type word: one pass of the word list rules them out
      if (!key || !ANY.test(key)) continue;
      const m = TITLE.exec(key);
      const word = m?.[1];
      const cls = word ? classOf(word) : undefined;
      // "Date de facture", "Total invoice", "N° de facture": a label that ends in a type word
      const prefix = m ? key.slice(0, m.index + m[0].length - word!.length) : "";
      if (
        m &&
        cls &&
        /(?<![\p{L}])(date|datum|fecha|data|tanggal|no|nr|n°|numero|number|nummer|nomor|total|totale|totaal|de|du|des|d'|der|des|van|of|for|pour|per|para|sur)(?![\p{L}])/u.test(
          prefix,
        )
      )
        continue;
      if (m && cls) {
        const rest = key.slice(m.index + m[0].length);
        const words = key.split(/\s+/).length;
        const isLabel = LABEL_AFTER.test(rest) && !NUMBER_AFTER.test(rest) && !/^\s*:\s*\S/.test(rest);
        const titleLike = !isLabel && !/:\s*$/.test(key) && (words <= 6 || m[0].split(/\s+/).length === 1) && key.length <= 90;
        if (top && titleLike) {
          let weight = 3 + (row.line < 6 ? 0.5 : 0) + (NUMBER_AFTER.test(rest) ? 0.5 : 0);
          if (median > 0 && row.y0 !== undefined && row.y1! - row.y0 > 1.3 * median) weight += 1.5;
          const klass = PROFORMA.test(key) ? "quote" : cls;
          scores[klass] += weight;
          if (weight > best) {
            best = weight;
            title = klass;
          }
          continue;
        }
        if (isLabel || /:\s*$/.test(key) || NUMBER_AFTER.test(rest)) {
          // "Order ID", "Order Date" appear on invoices: an order label says nothing
          if (cls !== "order") scores[PROFORMA.test(key) ? "quote" : cls] += 1;
          continue;
        }
      }
      for (const hit of key.matchAll(ANY_ALL)) {
        const c = classOf(hit[1]!);
        if (c && c !== "order") body[c] += 0.2;
      }
    }
  }
  body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Math.min(1, v)])) as Record<CommercialClass, number>;
  for (const k of Object.keys(scores) as CommercialClass[]) scores[k] += body[k];
  const named = fileName && ANY.exec(fold(fileName.replace(/\.[a-z0-9]{2,5}$/i, "")).replace(/[_\d-]+/g, " "));
  const fromName = named ? classOf(named[1]!) : undefined;
  if (fromName && fromName !== "order") scores[PROFORMA.test(fold(fileName!)) ? "quote" : fromName] += FILE_NAME_WEIGHT;
  return { scores, title };
}

/** Words of quotes and of invoices that are not titles: validity, "prepared for" / due dates, "bill to". */
const QUOTE_HINTS =
  /\b(valid until|valid for|validity|prepared for|quotation for|expir|gultig|validite|valable|validez|geldig|valido|berlaku|acceptance|accept this|bon pour accord|angenommen)/;
const INVOICE_HINTS =
  /\b(due date|balance due|amount due|bill to|billed to|paid|payment received|echeance|net a payer|fallig|zahlbar|vencimiento|vervaldatum|scadenza|jatuh tempo|saldo|remit)/;

/** The document type of a commercial document (or undefined when nothing says it is one). */
export function commercialType(doc: Doc, evidence: TypeEvidence, hasTotals: boolean): DocumentType | undefined {
  const { scores, title } = evidence;
  const ranked = (Object.entries(scores) as [CommercialClass, number][]).sort((a, b) => b[1] - a[1]);
  const [top, score] = ranked[0]!;
  const toType = (c: CommercialClass): DocumentType => (c === "order" ? "other" : c);
  if (title && scores[title] >= score - 0.01) return toType(title);
  if (score >= 1) return toType(top);
  if (!hasTotals && score < 0.4) return undefined;
  const quoteHints = (doc.key.match(new RegExp(QUOTE_HINTS, "g")) ?? []).length + scores.quote;
  const invoiceHints = (doc.key.match(new RegExp(INVOICE_HINTS, "g")) ?? []).length + scores.invoice;
  if (quoteHints > invoiceHints) return "quote";
  if (invoiceHints > 0 || hasTotals) return "invoice";
  return undefined;
}
