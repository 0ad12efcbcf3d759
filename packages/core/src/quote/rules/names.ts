import { findDates } from "./dates";
import {
  ISSUE_DATE_LABELS,
  OTHER_DATE_LABELS,
  VALID_UNTIL_LABELS,
  COLUMN_WORDS,
  CREDIT_WORDS,
  CUSTOMER_LABELS,
  INVOICE_WORDS,
  QUOTE_WORDS,
  SHIP_TO_LABELS,
  VENDOR_LABELS,
  alternation,
  wordPattern,
} from "./lexicon";
import { clean, escapeRegExp, fold } from "./text";

/**
 * What a party's name looks like, and what it never is: a label, an address or contact line,
 * a date, a bank, a document title, a country or a sentence (a slogan). Shared by the issuer
 * and customer rules.
 */

export const LEGAL_FORM =
  /(?<![\p{L}])(inc|incorporated|ltd|limited|llc|llp|plc|corp|corporation|co|company|gmbh|ag|kg|ohg|gbr|ug|e\.k|e\.v|sa|sas|sasu|sarl|eurl|sci|scop|srl|spa|s\.r\.l|s\.p\.a|snc|s\.n\.c|s\.a\.s|bv|b\.v|nv|n\.v|vof|pte|pvt|pty|oy|ab|aps|a\/s|s\.l|s\.a|slu|lda|ltda|tbk|bhd|kft|associates|partners|group|gruppe|consulting|services|solutions|studio|agency|agentur)(?![\p{L}])\.?|^(pt|cv|ud)\.?\s|\s(me|epp|eireli|bvba|sprl|unipessoal)$/u;
const PERSON_TITLE =
  /^(dr|mr|mrs|ms|miss|prof|herr|frau|m|mme|mlle|sr|sra|srta|dhr|mevr|sig|sig\.ra|bapak|ibu|pak|z\.?\s?hd|attn|c\/o|mag)\.?\s/;
const TITLE_WORDS = wordPattern([
  ...QUOTE_WORDS,
  ...INVOICE_WORDS,
  ...CREDIT_WORDS,
  "order",
  "statement",
  "original",
  "copy",
  "duplicate",
  "kopie",
  "page",
  "seite",
]);
const TYPE_AT_END = new RegExp(`\\s+(?:${alternation([...QUOTE_WORDS, ...INVOICE_WORDS, ...CREDIT_WORDS])})\\.?$`, "u");
export const BANK =
  /(?<![\p{L}])(bank|banque|banco|banca|sparkasse|volksbank|raiffeisen|iban|bic|swift|kontonummer|blz|rekening|giro|bankverbindung|coordonnees bancaires)(?![\p{L}])/u;
export const STREET =
  /((?<!\d)\d+\s*[\p{L}]*\s+)?(rue|avenue|av\.|boulevard|bd|chemin|allee|place|impasse|route|quai|street|st\.|str\.|strasse|straße|weg|allee|platz|gasse|ring|damm|ufer|road|rd\.?|ave\.?|blvd|lane|ln\.|drive|dr\.|way|court|ct\.|via|viale|piazza|corso|calle|avenida|plaza|paseo|rua|travessa|praça|jalan|jl\.|gang|straat|laan|plein|gracht|kade|dijk|pkwy|parkway|suite|floor|building|p\.?o\.? box|postfach|bp|cedex)(?![\p{L}])/u;
export const POSTCODE =
  /(^|\s)(\d{4,5}|[a-z]{1,2}-?\d{4,5}|\d{4}\s?[a-z]{2}|[a-z]{2}\s\d{5}|\d{3}\s\d{3}|\d{4}-\d{3})\s+\p{L}{2,}|,\s*[a-z]{2},?\s+\d{5}|(?<!\p{L})\p{L}{3,}[\s,-]+\d{3}\s?\d{3}(?!\d)/u;
export const CONTACT =
  /(?<![\p{L}])(tel|tél|phone|telefon|telefono|telepon|fax|mobile|handy|email|e-mail|mail|web|site|internet|hp)(?![\p{L}])|@|www\.|https?:|\+\d|^(?=(?:\D*\d){8})[\d\s()./|-]{9,}$/u;
export const REGISTRATION = new RegExp(
  `(?<![\\p{L}])(${[
    "au capital",
    "capital social",
    "rcs",
    "siret",
    "siren",
    "ape",
    "naf",
    "hrb",
    "hra",
    "amtsgericht",
    "registergericht",
    "handelsregister",
    "sitz der gesellschaft",
    "geschaftsfuhrer",
    "siege social",
    "registered office",
    "company no",
    "company number",
    "company reg",
    "reg no",
    "reg. no",
    "kvk",
    "kamer van koophandel",
    "cin",
    "gstin",
    "ust-id",
    "ust-idnr",
    "ustid",
    "ust.-id",
    "uid",
    "vat no",
    "vat number",
    "vat reg",
    "vat",
    "n° tva",
    "tva intra",
    "tva",
    "numero de tva",
    "steuer-nr",
    "steuernummer",
    "p.iva",
    "p. iva",
    "partita iva",
    "cif",
    "nif",
    "npwp",
    "cnpj",
    "cpf",
    "inscricao estadual",
    "nipc",
    "contribuinte",
    "codice fiscale",
    "btw",
    "btw-nr",
    "ondernemingsnummer",
    "umsatzsteuer-id",
    "mwst-nr",
    "abn",
    "acn",
    "nit",
    "rfc",
    "ruc",
    "cuit",
    "rc",
    "registro",
    "inscrit",
  ]
    .map(escapeRegExp)
    .join("|")})(?![\\p{L}])|\\b(de|fr|nl|gb|at|be|es|it|pt|lu)\\s?\\d{8,12}\\b|\\bb\\d{8}\\b|\\batu\\d{8}\\b`,
  "u",
);
/** A date field's label alone ("Vervaldatum", "Due Date"). */
const FIELD_LABEL = new RegExp(`^(?:${alternation([...ISSUE_DATE_LABELS, ...OTHER_DATE_LABELS, ...VALID_UNTIL_LABELS])})\\.?$`, "u");
/** A column title of an item table alone ("Concepto", "Description", "Qty"). */
const COLUMN_TITLE = new RegExp(`^(?:${alternation(Object.values(COLUMN_WORDS).flat() as string[])})\\.?$`, "u");
const US_STATE =
  /\s(AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|ON|QC|BC|AB)$/;
/** "Am Mühlbach 5", "An der Linde 12", "Im Winkel 4": German streets named by a preposition. */
const GERMAN_STREET = /^(am|an der|an den|im|in der|auf der|auf dem|zum|zur|hinter der|unter den)\s+\p{L}+.*\s\d+\s?[a-z]?$/u;
/** A salutation, in its inflected forms too ("Sehr geehrter Herr", "Estimados señores", "Prezada cliente"). */
export const GREETING =
  /^(dear|sehr geehrte[rn]?|liebe[rn]?|cher|chere|madame|monsieur|estimad[oa]s?|querid[oa]s?|geachte|beste|gentile|egregio|prezad[oa]s?|caro|cara|hello|hi)\b/;
const COUNTRY_ONLY =
  /^(france|deutschland|germany|nederland|netherlands|belgique|belgie|belgium|espana|spain|italia|italy|portugal|indonesia|india|singapore|united states|usa|united kingdom|uk|osterreich|austria|schweiz|suisse|switzerland|luxembourg|canada|australia|ireland|cote d'ivoire|algerie|maroc|tunisie)$/;
const ADDRESS_WORDS =
  /(?<![\p{L}])(adresse|address|adres|anschrift|direccion|indirizzo|endereco|alamat|lieferadresse|rechnungsadresse)(?![\p{L}])/u;
const FUNCTION_WORDS = new Set([
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "van",
  "von",
  "der",
  "den",
  "di",
  "da",
  "do",
  "dos",
  "of",
  "and",
  "et",
  "und",
  "y",
  "e",
  "&",
  "the",
  "el",
  "al",
  "au",
  "aux",
  "zum",
  "zur",
  "bon",
  "d'",
]);

const CUSTOMER = new RegExp(`(?<![\\p{L}])(?:${alternation(CUSTOMER_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
const SHIP_TO = new RegExp(`(?<![\\p{L}])(?:${alternation(SHIP_TO_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
const VENDOR = new RegExp(`(?<![\\p{L}])(?:${alternation(VENDOR_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
export const LABELS = { CUSTOMER, SHIP_TO, VENDOR };

/** A label alone ("Client", "Société", "Bill to"): the value is elsewhere. */
export function isLabelWord(text: string): boolean {
  // a qualifier in brackets is part of the label ("Cedente/prestatore (fornitore)")
  const key = fold(text)
    .replace(/\s*\([^()]{1,30}\)/g, "")
    .replace(/[\s:.]+$/, "")
    .trim();
  return [CUSTOMER, SHIP_TO, VENDOR].some((re) => {
    const m = re.exec(key);
    return m !== null && m.index === 0 && m[0].replace(/[\s:.]+$/, "").length === key.length;
  });
}

export const isDomain = (text: string) => /^(www\.)?[a-z0-9-]{2,}\.[a-z]{2,}$/i.test(text);

/** A salutation before a person's first and last name ("Bpk. Hendra Wijaya", "Herrn Jan Roth"): it marks a person, but is not part of the name. */
export const HONORIFIC =
  /^(?:bpk|bapak|ibu|sdr|sdri|herrn?|frau|mr|mrs|ms|dhr|mevr|sr|sra|sig|sig\.ra|mme|monsieur|madame)\.?\s+(?=\p{Lu}(?:\p{Ll}+|\.)\s*\p{Lu})/iu;

/** Text that can be a party's name: not a label, address, number, date, contact line, title or sentence. */
export function nameOf(raw: string): string | null {
  if (/:\s*$/.test(raw)) return null;
  let text = clean(raw.replace(/^(for|pour|fur|für|per|por|voor|untuk)\s+/i, "").replace(/[,;:]+$/, ""));
  text = text.replace(/^[^\p{L}\d]+/u, "").replace(/[^\p{L}\d.)]+$/u, "");
  // "Harbor Cloud Services Invoice": the name before a type word
  // (cut where the folded text matches: "Ltda. Orçamento" folds to "ltda. orcamento", of the same length)
  const typeAtEnd = TYPE_AT_END.exec(fold(text));
  if (typeAtEnd && text.split(/\s+/).length > 1 && fold(text).length === text.length) text = text.slice(0, typeAtEnd.index).trim();
  const key = fold(text);
  if (text.length < 2 || text.length > 80 || !/\p{L}{2}/u.test(text)) return null;
  if (isDomain(text)) return text;
  if (/:/.test(text) || /@|www\.|https?:|\.com\b|\.[a-z]{2}\/|\+\d/.test(key)) return null;
  if ((text.match(/\d/g)?.length ?? 0) > text.length * 0.25) return null;
  // a date, or a day and month without a year ("March 9")
  if (findDates(text).length > 0 || findDates(`${text} 2000`).some((d) => d.index === 0)) return null;
  if (GREETING.test(key)) return null;
  // a salutation on its own line over the addressee's name ("Frau", "Herrn", "Firma", "Mevr.")
  if (
    /^(herrn?|frau|firma|familie|fam|mr|mrs|ms|miss|monsieur|madame|mme|m|sr|sra|senor|senora|dhr|mevr|sig|sig\.ra|spett\.le|bapak|ibu|sdr|sdri|exmo|exma|ilmo|ilma)\.?$/.test(
      key,
    )
  )
    return null;
  if (((STREET.test(key) && /\d/.test(key)) || GERMAN_STREET.test(key)) && !OWNERS.test(key)) return null;
  if (CARE_OF.test(key)) return null;
  // a field's label for a number ("Kunden-Nr.", "Nº", "Order #")
  if (/(?:^|[\s-])(?:nr|no|n°|nº|num|#)\.?$/iu.test(text)) return null;
  if (POSTCODE.test(key) || COUNTRY_ONLY.test(key) || ADDRESS_WORDS.test(key)) return null;
  // "Springfield IL", "Austin, TX": a city and its state
  if (
    /^[\p{L} .'-]+,\s?[A-Z]{2}$/u.test(text) ||
    (/^\p{Lu}\p{Ll}[\p{L} .'-]*$/u.test(text) && US_STATE.test(text) && !LEGAL_FORM.test(key))
  )
    return null;
  if (BANK.test(key) || REGISTRATION.test(key)) return null;
  if (
    /^(tel|tél|phone|fax|mobile|email|e-mail|web|site|page|seite|date|datum|total|subtotal|description|item|qty|vat|tva|mwst)\b/.test(key)
  )
    return null;
  if (TITLE_WORDS.test(key) && key.split(/\s+/).length <= 4) return null;
  if (isLabelWord(text) || COLUMN_TITLE.test(key) || FIELD_LABEL.test(key)) return null;
  const words = key.split(/\s+/);
  if (words.length > 8) return null;
  // a sentence or slogan: several lower-case words that are not particles ("Altijd dichtbij, altijd op tijd.")
  const lower = text.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w) && !FUNCTION_WORDS.has(fold(w)));
  // (a final dot of dotted initials, "Los Arcos, A.C.", ends no sentence)
  const sentenceEnd = /[.!?]$/.test(text) && !/(?<![\p{L}])(?:\p{L}\.){2,}$/u.test(text);
  if (lower.length >= 3 || (sentenceEnd && words.length >= 3 && !LEGAL_FORM.test(key))) return null;
  // "Valid for 30 days", "2 hours on site": a phrase with a number, not a name ("Pi/4 Conseil", whose digit is part of a word, is one)
  if (/(?<![\p{L}/])\d+(?:[.,]\d+)?(?![\p{L}/])/u.test(text) && lower.length >= 1 && !LEGAL_FORM.test(key)) return null;
  // a piece of a parenthesis a line cut ("de commerce).", "(Sherwin-Williams")
  if ((raw.match(/\(/g)?.length ?? 0) !== (raw.match(/\)/g)?.length ?? 0)) return null;
  return text;
}

export const isPerson = (name: string) => PERSON_TITLE.test(fold(name) + " ");
export const isCompany = (name: string) => LEGAL_FORM.test(fold(name));
export const isTitle = (text: string) => TITLE_WORDS.test(fold(text)) && fold(text).split(/\s+/).length <= 4;
/**
 * An association of a building's owners, named after its address ("Wohnungseigentümergemeinschaft
 * Lindenstraße 14", "Condominio Via Mazzini 18"): a name, though it reads as a street.
 */
const OWNERS =
  /^(wohnungseigentumergemeinschaft|eigentumergemeinschaft|weg|comunidad de propietarios|cdad\.? de propietarios|condominio|condominio edificio|condominio residencial|copropriete|syndicat des coproprietaires|vereniging van eigenaars|vve|homeowners association|hoa|strata)\s/u;

/** A line that names who receives the letter for a party, not the party: "c/o Studio Benassi", "vertreten durch ...". */
export const CARE_OF =
  /^(c\/o|p\/a|a\/a|z\.?\s?hd\.?|zu handen|vertreten durch|represented by|care of|aos cuidados de|ao cuidado de|per adres)(?![\p{L}])/u;

export const isAddress = (key: string) =>
  (!OWNERS.test(key) && STREET.test(key) && /\d/.test(key)) ||
  POSTCODE.test(key) ||
  COUNTRY_ONLY.test(key.trim()) ||
  (!OWNERS.test(key) && GERMAN_STREET.test(key)) ||
  // "88 112th Ave", "740 Harbor Rd.": a house number, then the street's name
  /^\d{1,5}[a-z]?,?\s+.*\b(st|ave|rd|dr|blvd|ln|way|ct|pl|hwy)\.?,?$/u.test(key.trim()) ||
  // "Springfield IL 62704": a US state and ZIP code
  /\b[a-z]{2}\s+\d{5}(-\d{4})?$/.test(key.trim()) ||
  // "Bristol BS1 4DJ", "Ottawa ON K1A 0B1": a British or Canadian postcode ending the line
  /\p{L}{3,},?\s+(?:[a-z]{2}\s+)?(?:[a-z]{1,2}\d[a-z\d]?\s\d[a-z]{2}|[a-z]\d[a-z]\s?\d[a-z]\d)$/u.test(key.trim());

/** Letters only, for comparing a name with a domain ("Atelier Garance" ~ ateliergarance.fr). */
export const squash = (s: string) =>
  fold(s)
    .replace(/^www\./, "")
    .replace(/\.[a-z]{2,}$/, "")
    .replace(new RegExp(LEGAL_FORM.source, "gu"), "")
    .replace(/[^a-z0-9]/g, "");

/** "Harbor Tools, Lena Ortiz": the company before its contact person. */
export function companyPart(name: string): string {
  const m = /^(.{2,}?),\s+(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+){1,2})$/u.exec(name);
  return m && !LEGAL_FORM.test(fold(m[2]!)) ? m[1]! : name;
}

export interface Domain {
  host: string;
  local?: string;
}

/** The second-level names of the e-mail addresses and web sites a document prints. */
export function domains(key: string, bare = ""): Domain[] {
  const out: Domain[] = [];
  // a domain written alone ("nordlicht.de") counts only where a letterhead or footer would print it
  for (const m of bare.matchAll(/(?<![@\w.-])([a-z0-9-]{3,})\.(com|net|org|de|fr|nl|es|it|pt|id|in|co|io|eu|be|ch|at)(?![\w])/g))
    out.push({ host: m[1]! });
  // every label of a host but the top-level one ("info@brightline.example.com" names brightline)
  const hosts = (host: string) => host.split(".").filter((h) => h !== "www");
  for (const m of key.matchAll(/(?<![a-z0-9._-])([a-z0-9._-]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[a-z]{2,}/g))
    for (const host of hosts(m[2]!)) out.push({ host, local: m[1] });
  for (const m of key.matchAll(/(?:www\.|https?:\/\/(?:www\.)?)([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[a-z]{2,}/g))
    for (const host of hosts(m[1]!)) out.push({ host });
  return out.filter(
    (d) =>
      d.host.length >= 2 &&
      !/^(example|gmail|googlemail|yahoo|hotmail|outlook|live|icloud|gmx|web|orange|wanadoo|aol|mail|protonmail|fake|com|co|net|org)$/.test(
        d.host,
      ),
  );
}

/** How well a name matches one of the document's domains: 3 for the same letters, 2 for a clear prefix, 1 for an e-mail's local part. */
export function domainMatch(name: string, list: Domain[]): number {
  const s = squash(name);
  if (s.length < 3) return 0;
  let best = 0;
  for (const { host, local } of list) {
    const h = host.replace(/[^a-z0-9]/g, "");
    if (h.length >= 3 && h === s) best = Math.max(best, 3);
    else if (h.length >= 4 && s.length >= 4 && (h.startsWith(s) || s.startsWith(h))) best = Math.max(best, 2.5);
    else if ((s.includes(h) && h.length >= 4) || (h.includes(s) && s.length >= 4)) best = Math.max(best, 2);
    else if (h.length >= 4 && s.startsWith(h.slice(0, Math.max(4, Math.ceil(h.length * 0.7))))) best = Math.max(best, 1.5);
    if (local) {
      const l = local.replace(/[^a-z]/g, "");
      if (l.length >= 4 && s.includes(l)) best = Math.max(best, 1);
    }
  }
  return best;
}
