import { tokenize } from "../ai/lexical";

/**
 * The terms retrieval indexes and searches, the same on both sides so a question
 * finds what a document prints:
 *
 * - words as the rest of the AI code tokenizes them (lower case, stop words out,
 *   light plural stem), with accents folded first ("Numéro" is one word, "numero");
 * - identifiers as printed: `INV/2024/07/0031` or `#ABC_XY20240012` also give one
 *   joined term ("inv2024070031"), which is rare and so names its document;
 * - amounts in any common format (1,234.56 · 1.234,56 · 1'234.56 · 12,34,567.00)
 *   as the same terms (whole units "1234", cents "56"; "1939" for 1,939.00), so a
 *   question written one way finds a document that prints it the other;
 * - labels in other languages also give the English word a question uses
 *   ("Totaal", "Gesamtbetrag", "Net à payer" give "total"; "Factuur" gives "invoice").
 */

/** What a term is, which decides how much it counts in a question. */
export type TermKind = "word" | "label" | "amount" | "identifier" | "part";

export interface Term {
  term: string;
  kind: TermKind;
}

/** Lower case without accents: NFKD splits "é" into "e" and a mark, which goes. */
export const fold = (text: string) =>
  // ASCII has nothing to decompose: lower case alone, several times faster on long texts.
  ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase();
const ASCII = /^\p{ASCII}*$/u;

/**
 * Label words of the languages documents come in, by the English word a question
 * would use. Exact words (after folding and stemming); PREFIXES below catch the
 * compounds Dutch and German build from them (Factuurnummer, Rechnungsdatum).
 */
const LABELS: Record<string, string[]> = {
  total: [
    "totaal",
    "totale",
    "totali",
    "totais",
    "gesamt",
    "gesamtbetrag",
    "gesamtsumme",
    "gesamtpreis",
    "endbetrag",
    "endsumme",
    "rechnungsbetrag",
    "bruttobetrag",
    "summe",
    "somme",
    "ttc",
    "jumlah",
  ],
  subtotal: ["subtotaal", "zwischensumme", "subtotale", "subtot", "nettobetrag"],
  tax: [
    "btw",
    "mwst",
    "ust",
    "tva",
    "iva",
    "vat",
    "gst",
    "steuer",
    "mehrwertsteuer",
    "umsatzsteuer",
    "ppn",
    "pajak",
    "imposto",
    "impuesto",
    "taxe",
    "igv",
  ],
  invoice: ["factuur", "facture", "factura", "fattura", "fatura", "rechnung", "faktur"],
  quote: [
    "quotation",
    "devis",
    "offerte",
    "offert",
    "offerta",
    "angebot",
    "cotizacion",
    "presupuesto",
    "preventivo",
    "orcamento",
    "penawaran",
    "kostenvoranschlag",
    "begroting",
    "kostenraming",
    "proforma",
    "estimate",
    "proposal",
  ],
  date: ["datum", "fecha", "tanggal", "dated"],
  valid: ["gultig", "gueltig", "geldig", "valable", "validez", "valido", "valida", "validita", "validade", "berlaku", "validity"],
  number: ["nummer", "numero", "nr", "nummern", "nomor"],
  vendor: ["supplier", "seller", "lieferant", "fournisseur", "leverancier", "proveedor", "fornitore", "fornecedor", "pemasok", "verkaufer"],
  customer: ["client", "klant", "kunde", "cliente", "pelanggan", "buyer", "destinataire"],
  amount: ["bedrag", "betrag", "montant", "importe", "importo", "valor"],
  price: ["prijs", "preis", "prix", "precio", "prezzo", "preco", "harga", "tarif"],
  quantity: ["qty", "aantal", "menge", "anzahl", "quantite", "qte", "cantidad", "quantita", "quantidade", "kuantitas"],
  description: ["omschrijving", "beschreibung", "bezeichnung", "designation", "descripcion", "descrizione", "descricao", "deskripsi"],
  due: ["vervaldatum", "falligkeit", "faellig", "fallig", "echeance", "vencimiento", "scadenza", "vencimento", "payable"],
  discount: ["korting", "rabatt", "remise", "descuento", "sconto", "desconto", "diskon"],
  shipping: ["verzending", "versand", "livraison", "envio", "spedizione", "frete", "freight", "verzendkosten", "versandkosten"],
  payment: ["zahlung", "betaling", "paiement", "reglement", "pago", "pagamento", "pembayaran"],
};

/** Compounds: a word starting with one of these also gives the label. */
const PREFIXES: [string, string][] = [
  ["factuur", "invoice"],
  ["rechnung", "invoice"],
  ["facture", "invoice"],
  ["fattur", "invoice"],
  ["faktur", "invoice"],
  ["angebot", "quote"],
  ["offerte", "quote"],
  ["gesamt", "total"],
  ["kunden", "customer"],
  ["klant", "customer"],
  ["gultig", "valid"],
  ["geldig", "valid"],
  ["expir", "valid"],
  ["prijs", "price"],
  ["preis", "price"],
  ["lieferant", "vendor"],
];

/** Compounds: a word ending with one of these also gives the label (Rechnungsnr, Factuurdatum). */
const SUFFIXES: [string, string][] = [
  ["nummer", "number"],
  ["nr", "number"],
  ["datum", "date"],
  ["betrag", "amount"],
  ["bedrag", "amount"],
  ["summe", "total"],
];

/** Labels of more than one word, on folded text. */
const PHRASES: [RegExp, string][] = [
  [/\b(?:net|somme|montant|reste|total) a payer\b/g, "total"],
  [/\b(?:te betalen|zu zahlen|a pagar|da pagare|yang harus dibayar)\b/g, "total"],
  [/\b(?:amount|balance|total) due\b/g, "total"],
  [/\bamount payable\b/g, "total"],
  [/\bsous[ -]total\b|\b(?:total|montant) ht\b|\b(?:total|importe) neto\b|\bnet total\b|\bbase imponible\b/g, "subtotal"],
  [/\b(?:valable|valid|gultig|geldig|valido|valida) (?:jusqu|until|till|bis|tot|hasta|fino|ate)\b/g, "valid"],
  [/\bbill(?:ed)? to\b/g, "customer"],
];

/** Keyed by the word as tokenize() leaves it ("devis" is stemmed to "devi"). */
const LABEL_OF = new Map<string, string>();
for (const [label, words] of Object.entries(LABELS)) for (const w of words) for (const t of tokenize(w)) LABEL_OF.set(t, label);
/** One pass tells whether a text holds any phrase at all (most do not). */
const ANY_PHRASE = new RegExp(PHRASES.map(([p]) => `(?:${p.source})`).join("|"));

/** The English labels a word gives: a compound may give two (Factuurnummer: invoice, number). */
function labelsOf(word: string): readonly string[] {
  const known = labelCache.get(word);
  if (known) return known;
  const out: string[] = [];
  const exact = LABEL_OF.get(word);
  if (exact) out.push(exact);
  else if (word.length >= 6) {
    for (const [prefix, label] of PREFIXES) if (word.startsWith(prefix) && word !== prefix && !out.includes(label)) out.push(label);
    for (const [suffix, label] of SUFFIXES)
      if (word.endsWith(suffix) && word.length > suffix.length + 3 && !out.includes(label)) out.push(label);
  }
  if (labelCache.size >= LABEL_CACHE_SIZE) labelCache.clear();
  labelCache.set(word, out);
  return out;
}
/** Words seen before, with their labels: a corpus repeats its vocabulary, so most words are looked up once. */
const labelCache = new Map<string, readonly string[]>();
const LABEL_CACHE_SIZE = 50_000;

/**
 * A run of letters and digits joined by separators without spaces: an amount
 * (1.234,56), a date (20-10-2015), an identifier (INV/2024/07/0031, ABC_XY20240012).
 * Thin and no-break spaces group thousands in French amounts.
 */
// Starts only where a run starts: a start inside a run would re-read the rest of it (quadratic on a long digit run).
const RUN = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[/_\-.,'’\u00a0\u202f][\p{L}\p{N}]+)+/gu;

/** 1,234.56 · 1.234,56 · 1'234.56 · 1 234,56 (thin/no-break space) · 1234,5 · 12,34,567.00 */
const GROUPED = /^(\d{1,3})((?:[,.'’\u00a0\u202f]\d{3})+)(?:([.,])(\d{1,2}))?$/;
const INDIAN = /^(\d{1,2})((?:,\d{2})+,\d{3})(?:(\.)(\d{1,2}))?$/;
const DECIMAL = /^(\d+)([.,])(\d{1,2})$/;
/** 1 234,56 with plain spaces (as text layers write French amounts): also read whole, beside its pieces. */
// At most 6 groups (10^21): unbounded, each group of a long "0 000 000 ..." run would start a scan to its end.
const SPACED = /(?<![\d.,])\d{1,3}(?: \d{3}){1,6}[.,]\d{2}(?!\d)/g;

/** The canonical term of an amount as printed, or undefined when the run is not one. */
export function amountTerm(run: string): string | undefined {
  let integer: string;
  let cents = "";
  const decimal = DECIMAL.exec(run);
  const grouped = decimal ? null : (GROUPED.exec(run) ?? INDIAN.exec(run));
  if (decimal) {
    integer = decimal[1]!;
    cents = decimal[3]!;
  } else if (grouped) {
    const separators = new Set(grouped[2]!.replace(/\d/g, ""));
    // One grouping separator, and not the decimal one too (1.234.56 is not an amount).
    if (separators.size !== 1 || (grouped[3] && separators.has(grouped[3]))) return undefined;
    integer = grouped[1]! + grouped[2]!.replace(/\D/g, "");
    cents = grouped[4] ?? "";
  } else return undefined;
  integer = integer.replace(/^0+(?=\d)/, "");
  if (cents.length === 1) cents += "0";
  return cents && cents !== "00" ? `${integer}.${cents}` : integer;
}

type Emit = (term: string, kind: TermKind) => void;

function words(text: string, emit: Emit) {
  for (const word of tokenize(text)) {
    emit(word, "word");
    for (const label of labelsOf(word)) if (label !== word) emit(label, "label");
  }
}

/**
 * An amount is indexed as its whole units without grouping and its cents apart
 * ("4.321,09" and "4,321.09" both give "4321" and "09"): whole numbers are shared
 * with every other figure, so the index does not grow a term per price.
 */
function amount(canonical: string, emit: Emit) {
  const [units, cents] = canonical.split(".");
  emit(units!, "amount");
  if (cents) emit(cents, "part");
}

/**
 * An identifier's joined term is worth its place in the index when its pieces
 * alone say little: three pieces or more (INV/2024/07/0031), or a long one.
 */
const joinable = (parts: string[], joined: string) => parts.length >= 3 || joined.length >= 8;

/**
 * A figure printed right after a document word or a number label ("Factuurnummer: 4711",
 * "Invoice No. # AB-12", "Begroting nummer 40217") is that document's number: it
 * also gives "#4711", which a question naming "invoice 4711" asks for, and which a
 * postcode or a phone number that happen to read the same do not give.
 */
// Separators and the look for a digit are bounded, and a label starts only where a run of letters
// starts (\b also holds inside "ºnºn"): otherwise every start re-read the rest of the run
// (quadratic; 4 s on a 20,000-character question).
// redos-bounded: recheck's fuzzer still reports "n.n.n…" as polynomial (it pumps the bounded {0,8}
// and {0,40}); measured linear (1 MB of it in 0.5 s), terms.adversarial.test.ts holds it there.
const NUMBERED =
  /(?:(?<![\p{L}\p{N}_])(?:\p{L}*(?:nummer|number|numero|nomor|nr)|no|n|invoice|quote|quotation|estimate|proforma|factuur|facture|factura|fattura|fatura|rechnung|angebot|devis|offerte|begroting|presupuesto|cotizacion|preventivo|orcamento|penawaran|order|ref|reference)\b|#)[ \t.:#°º|]{0,8}((?=[\p{L}\p{N}/_\-.]{0,40}\d)[\p{L}\p{N}]+(?:[/_\-.]+[\p{L}\p{N}]+)*)/gu;

/** The "#" term of a document number as printed. */
export const numberedTerm = (printed: string) => `#${printed.replace(/[^\p{L}\p{N}]+/gu, "")}`;

function scan(text: string, emit: Emit) {
  const folded = fold(text);
  for (const match of folded.matchAll(NUMBERED)) emit(numberedTerm(match[1]!), "identifier");
  const pieces: string[] = [];
  // Runs with a figure are read here and blanked; the words around them are tokenized in one go.
  const rest = folded.replace(RUN, (run) => {
    if (!/\d/.test(run)) return run; // hyphenated words and e-mail addresses are words
    const canonical = amountTerm(run);
    if (canonical !== undefined) {
      amount(canonical, emit);
      return " ";
    }
    const parts = run.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // Not push(...parts): a run of half a million pieces would overflow the call stack.
    for (const part of parts) pieces.push(part);
    const joined = parts.join("");
    if (joinable(parts, joined)) emit(joined, "identifier");
    return " ";
  });
  words(rest, emit);
  for (const word of tokenize(pieces.join(" "))) emit(word, "part");
  for (const match of folded.matchAll(SPACED)) {
    const canonical = amountTerm(match[0].replace(/ /g, "\u00a0"));
    if (canonical !== undefined) emit(canonical.split(".")[0]!, "amount");
  }
  if (ANY_PHRASE.test(folded)) for (const [pattern, label] of PHRASES) for (const _ of folded.matchAll(pattern)) emit(label, "label");
}

/** Every term of a text with what it is (repeats kept: they are term frequency; order is not kept). */
export function textTerms(text: string): Term[] {
  const out: Term[] = [];
  scan(text, (term, kind) => out.push({ term, kind }));
  return out;
}

/** The index's tokenizer: the terms of a chunk's text or file name. */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  scan(text, (term) => out.push(term));
  return out;
}

/** What a question asks about beyond its words ("how much" is a total). */
const QUESTION_PHRASES: [RegExp, string[]][] = [
  [/\bhow much\b/, ["total", "amount"]],
  [/\bexpire|\bexpiry|\bgood (?:until|till|through)\b/, ["valid"]],
];

/**
 * Weight of a question's term in ranking: an identifier or an amount names one
 * document (a question about "invoice 775310042" is about that invoice far more
 * than about any invoice's total); the pieces of an identifier count less, as
 * its joined term carries it.
 */
export const TERM_WEIGHT: Record<TermKind, number> = { word: 1, label: 1, amount: 3, identifier: 3, part: 0.5 };

export interface QueryTerm extends Term {
  weight: number;
  /** For a figure the question names ("invoice 40217"): its "#" term, which says where it is a document's number. */
  numbered?: string;
}

/** A question's distinct terms with their weights; a word with digits (QX4471, AB2009887766) is an identifier. */
/**
 * What a question names by a document word: "invoice 3318", "quote no. SO-8", "order #4471".
 * The figure after the word is an identifier however short it is.
 */
// The same bounds as NUMBERED, for the same reason.
// redos-bounded: as NUMBERED (every pumped quantifier bounded; terms.adversarial.test.ts).
const NAMED =
  /\b(?:invoice|quote|quotation|estimate|proforma|offer|order|reference|ref|number|no|nr|n|#)\s{0,4}[.:#°º]{0,4}\s{0,4}((?=[\p{L}\p{N}/_\-.]{0,40}\d)[\p{L}\p{N}]+(?:[/_\-.]+[\p{L}\p{N}]+)*)/gu;

export function queryTerms(question: string): QueryTerm[] {
  const terms = textTerms(question);
  const folded = fold(question);
  for (const [pattern, labels] of QUESTION_PHRASES)
    if (pattern.test(folded)) for (const l of labels) terms.push({ term: l, kind: "label" });
  const named = new Map<string, string>();
  for (const match of folded.matchAll(NAMED)) {
    const printed = match[1]!.replace(/(?<![.\-/_])[.\-/_]+$/, "");
    const numbered = numberedTerm(printed);
    for (const t of textTerms(printed)) if (t.kind !== "part" || !/\D/.test(t.term)) named.set(t.term, numbered);
    terms.push({ term: numbered, kind: "identifier" });
  }
  const byTerm = new Map<string, QueryTerm>();
  for (const t of terms) {
    // A code or a long number on its own (QX4471, 3017450921) is an identifier too.
    const code =
      (named.has(t.term) && t.kind !== "part") || (/\d/.test(t.term) && t.term.length >= 5 && (/\D/.test(t.term) || t.term.length >= 6));
    const kind: TermKind = t.kind === "word" && code ? "identifier" : t.kind;
    const weight = t.kind === "part" && code ? TERM_WEIGHT.word : TERM_WEIGHT[kind];
    const seen = byTerm.get(t.term);
    const numbered = named.get(t.term);
    if (!seen || seen.weight < weight) byTerm.set(t.term, { term: t.term, kind, weight, ...(numbered ? { numbered } : {}) });
  }
  return [...byTerm.values()];
}
