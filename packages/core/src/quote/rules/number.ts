import { moneyTokens } from "../numbers";
import { findDates } from "./dates";
import { isAddress } from "./names";
import { findLabels, nextRow, readNear, type LabelHit } from "./fields";
import {
  CREDIT_WORDS,
  DOC_NUMBER_COMPOUNDS,
  DOC_NUMBER_LABELS,
  INVOICE_WORDS,
  NUMBER_WORDS,
  OTHER_COMMERCIAL_WORDS,
  OTHER_NUMBER_LABELS,
  OUR_REFERENCE_LABELS,
  QUOTE_WORDS,
  alternation,
  wordPattern,
} from "./lexicon";
import type { Doc, Row } from "./text";

/**
 * The document's own number, from the best label that names it: "Invoice No.", "N° de
 * facture", "Rechnungsnummer", "Nummer KV" first; then a title followed by its number
 * ("Devis D-2031-17", "Invoice 58213", a title alone with the number on the next line);
 * then a bare "No." / "N°" / "Ref" / "#"; never a customer, order, tax, bank or phone number
 * when the document names its own.
 */

const DOC = alternation([...DOC_NUMBER_LABELS, ...QUOTE_WORDS, ...INVOICE_WORDS, ...CREDIT_WORDS]);
const NUM = alternation(NUMBER_WORDS);
const ORDER = alternation(OTHER_COMMERCIAL_WORDS);
const L = "(?<![\\p{L}\\d])";
const R = "(?![\\p{L}])";
/** "Invoice No.", "Angebots-Nr.", "Quotation #", "Facture n°", "Invoice Number" */
const DOC_THEN_NUMBER = new RegExp(`${L}(?:${DOC})[\\s.:-]*(?:${NUM})(?![\\p{L}\\d])\\.?`, "u");
/** "N° de facture", "Numéro de devis", "Nummer KV", "Número de factura", "Nomor Faktur", "Nomor Seri Tagihan" */
const NUMBER_THEN_DOC = new RegExp(`${L}(?:${NUM})[\\s.:]*(?:seri )?(?:de |del |di |da |van |der )?(?:la |le |l')?(?:${DOC})${R}`, "u");
const COMPOUND = wordPattern(DOC_NUMBER_COMPOUNDS);
/** Document words one after another at the head of a text ("Pró-forma " after "Fatura"). */
const TITLE_WORDS_RUN = new RegExp(`^(?:(?:${DOC})[\\s.:#]*)+`, "u");
/** "Invoice 58213", "Rechnung R-3307", "Devis D-2031-17", "INVOICE: INV-7731", "Order N° SO-412" */
const DOC_TITLE = new RegExp(`^(?:[\\p{L}&'.-]+\\s+){0,3}?(?:${DOC}|${ORDER})(?:\\s*(?:${NUM}))?[\\s.:#]*`, "u");
const GENERIC = new RegExp(
  `${L}(?:${NUM}|numero|nummer|number|nomor|reference|referencia|referenz|riferimento)(?![\\p{L}\\d])\\.?|(?<![\\p{L}\\d])#(?=\\s?[\\p{L}\\d])`,
  "u",
);
const OTHER = wordPattern(OTHER_NUMBER_LABELS);
const OUR_REFERENCE = wordPattern(OUR_REFERENCE_LABELS);
/** Another document's number: related, corrected or replaced, or the quote or order an invoice refers to ("Réf. devis"). */
const RELATED =
  /(associee|liee|related|original|corrigee|bezug|referenced|zugehorige|precedente|rectificada|annule|remplace)|(?<![\p{L}])(ref\.?|reference|referencia|riferimento|referensi)\s*(du |de |del |of )?(devis|offerte|angebot|quote|quotation|presupuesto|preventivo|orcamento|penawaran|commande|bestellung|order|pedido|ordine)(?![\p{L}])/u;
const SECONDARY_ID = /(booking|transaction|reservation|buchung|reserva|boeking|prenotazione|pesanan|receipt|bon|ticket|folio)/;

/** A document number as printed: one token with a digit, or digit groups ("40 118 273 556"). */
export function readId(text: string): string | null {
  const t = text.replace(/^[\s:#.\-–—=]+/, "").replace(/^(n°|nº|no\.?|nr\.?|#)\s*/i, "");
  if (findDates(t.split(/\s/).slice(0, 3).join(" ")).some((d) => d.index === 0)) return null;
  // an amount ("38,70 €"), not a number
  if (/^\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?!\d)/.test(t)) return null;
  // an amount without thousands groups, when a currency follows it ("1860,00 €", "1500.00 EUR")
  if (/^\d+(?:[.,' ]\d{3})*[.,]\d{2}\s?(?:[€$£¥₹]|(?:eur|usd|gbp|chf|idr|inr)(?![\p{L}]))/iu.test(t)) return null;
  const groups = /^(?:\d{1,4}(?: \d{2,4}){2,5}|\d{5,9} \d{3})(?![\d\p{L},.])/u.exec(t);
  if (groups) return groups[0];
  // a series code before its number ("FP 2025/118", "FT A/2031-7"), never a currency before an amount
  const series = /^(\p{Lu}{1,4}) ([\p{Lu}\d]*\d[\p{Lu}\d]*[/-][\p{Lu}\d/-]*\d)(?![\p{L}\d,.])/u.exec(t);
  if (series && !CURRENCY_CODE.test(series[1]!)) return `${series[1]} ${series[2]}`;
  const m = /^#?\s?([\p{L}\d][\p{L}\d/_.#()-]*[\p{L}\d)]|\d)/u.exec(t);
  if (!m) return null;
  const id = m[1]!;
  if (!/\d/.test(id) || id.length > 40 || (id.length < 2 && !/^\d$/.test(id))) return null;
  // an amount ("38,70"), a rate or a phone number is not a document number
  if (/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(id) || /%$/.test(id)) return null;
  if (/^\+/.test(t)) return null;
  // a length of time ("Validade da proposta: 15 dias", "Quote valid 30 days")
  if (DURATION.test(t.slice(m.index + m[0].length))) return null;
  return id;
}

const CURRENCY_CODE = /^(eur|usd|gbp|chf|idr|inr|brl|mxn|cad|aud|jpy|cny|rp|r|rs)$/i;

const DURATION =
  /^\s*(days?|weeks?|months?|tage?n?|wochen|monate?n?|jours?|semaines?|mois|dias?|d[ií]as|semanas?|meses|giorni|settimane|mesi|dagen|weken|maanden|hari|minggu|bulan)(?![\p{L}])/iu;

interface Candidate {
  value: string;
  tier: number;
  row: Row;
}

function labelText(hit: LabelHit): string {
  return hit.row.cells[hit.cell]!.key.slice(Math.max(0, hit.index - 30), hit.end);
}

/** `order`: the document is an order, so "Order No." names its own number. */
export function documentNumber(doc: Doc, options: { order?: boolean } = {}): { value: string; row: Row; confidence: number } | undefined {
  const found: Candidate[] = [];
  const take = (hits: LabelHit[], tier: number, accept: (hit: LabelHit) => boolean = () => true) => {
    for (const hit of hits) {
      const before = labelText(hit);
      if (RELATED.test(hit.row.cells[hit.cell]!.key) || !accept(hit)) continue;
      const got = readNear(doc, hit, (text, near) => (near.how === "inline" || !/^[\p{L}\s]+:?$/u.test(text) ? readId(text) : null));
      if (got)
        found.push({
          value: got.value,
          tier: OTHER.test(before.replace(new RegExp(DOC, "u"), "").replace(COMPOUND, "")) ? tier + 2 : tier,
          row: got.near.row,
        });
    }
  };
  take(findLabels(doc, DOC_THEN_NUMBER), 1);
  take(findLabels(doc, NUMBER_THEN_DOC), 1);
  take(findLabels(doc, COMPOUND), 1);
  // titles with their number, on the first rows of a page
  // (never an item's row: "Vinho Verde branco DOC 2023, 0,75 L | 4,20 | 252,00" names a wine, not a document)
  const priced = (r: Row) => moneyTokens(r.text, doc.style).some((t) => t.decimals);
  for (const row of doc.rows.filter((r) => r.line < 30 && !priced(r))) {
    row.cells.forEach((cell, c) => {
      const m = DOC_TITLE.exec(cell.key);
      if (!m) return;
      const head = cell.key.slice(0, m[0].length).replace(new RegExp(DOC, "u"), "");
      if (RELATED.test(cell.key) || (OTHER.test(head) && !(options.order && new RegExp(ORDER, "u").test(head)))) return;
      // more title words before the number ("Fatura Pró-forma FP 2025/118")
      const more = TITLE_WORDS_RUN.exec(cell.key.slice(m[0].length))?.[0].length ?? 0;
      const rest = cell.text.slice(m[0].length + more);
      const inline = rest.trim() ? readId(rest) : null;
      if (inline) return void found.push({ value: inline, tier: 2, row });
      // a title alone ("FACTURA") with its number in the next cell or on the next line
      if (rest.trim() === "" && m[0].trim().split(/\s+/).length <= 3) {
        const right = row.cells[c + 1]?.text;
        const next = nextRow(doc, row)?.cells[0]?.text;
        const value = (right && readId(right)) || (row.cells.length === 1 && next && readId(next));
        if (value) found.push({ value, tier: 3, row });
      }
    });
  }
  // a label row naming the document alone ("Klant | Order | Factuur datum | Factuur") over its values
  // (a row of labels only: "FACTURA | Fecha: 03/04/2031" is a title beside a field, with no values under it)
  take(findLabels(doc, new RegExp(`^(?:${DOC})\\s*[:.]?$`, "u")), 2, (hit) => {
    const filled = hit.row.cells.filter((c) => c.text);
    return filled.length > 1 && filled.every((c) => !/\d/.test(c.text));
  });
  // a bare "No." / "Ref" / "#": at the head of its cell first, and never a house number in an address ("Jl. Melati No. 7")
  const generic = findLabels(doc, GENERIC).filter((hit) => !isAddress(hit.row.cells[hit.cell]!.key));
  const accept = (hit: LabelHit) => {
    const context = hit.row.cells[hit.cell]!.key.slice(0, hit.end + 25);
    return !OTHER.test(context) || new RegExp(`${L}(?:${DOC})${R}`, "u").test(context);
  };
  take(
    generic.filter((hit) => hit.index === 0),
    4,
    accept,
  );
  take(
    generic.filter((hit) => hit.index > 0),
    5,
    accept,
  );
  take(findLabels(doc, OUR_REFERENCE), 4);
  take(findLabels(doc, new RegExp(`${SECONDARY_ID.source}[\\s.]*(?:${NUM})?`, "u")), 6);
  if (found.length === 0) return undefined;
  const best = found.sort((a, b) => a.tier - b.tier || a.row.n - b.row.n)[0]!;
  return { value: best.value, row: best.row, confidence: best.tier <= 2 ? 0.9 : 0.7 };
}
