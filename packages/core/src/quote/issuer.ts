import { fold } from "./rules/fold";
import type { Doc } from "./rules/text";

/**
 * Who issued a document, as keys that stay the same from one of their documents to the next:
 * a tax registration, an IBAN, the domain of their e-mail address or website, and their name.
 * The customer's own block is left out (every vendor prints the customer's VAT number too), and
 * so are the domains of public mail services, which many small issuers share.
 */

export type IssuerKeyKind = "tax" | "iban" | "domain" | "name";

/** Strongest first: a match on a tax number or IBAN is surer than on a name. */
export const KEY_STRENGTH: Record<IssuerKeyKind, number> = { tax: 4, iban: 4, domain: 3, name: 1 };

export const keyKind = (key: string) => key.slice(0, key.indexOf(":")) as IssuerKeyKind;

/** Keys read from one document at most: a long document repeats its issuer's, and other parties' do not count more. */
const MAX_KEYS = 12;
/** Only this much of a row is searched: identifiers sit on short footer and letterhead lines. */
const MAX_ROW_CHARS = 400;

const TAX_LABEL =
  /(?<![\p{L}])(vat|ust|mwst|tva|btw|iva|nif|cif|gstin|gst|npwp|siret|siren|abn|tin|kvk|uid|tax\s?(id|no|number|reg)|steuer\s?(nr|nummer)|steuernummer|partita\s?iva|p\.\s?iva|ust-?idnr|ust-?id)(?![\p{L}])/u;
const TAX_VALUE = /[a-z]{0,3}\s?\d[\d a-z.-]{4,24}[\da-z]/;
const IBAN = /(?<![a-z0-9])([a-z]{2}\d{2}(?: ?[a-z0-9]{4}){2,7}(?: ?[a-z0-9]{1,4})?)(?![a-z0-9])/g;
const DOMAIN = /(?:@|(?<![\p{L}\d.])www\.)([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,4})/gu;
const PUBLIC_MAIL =
  /^(gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|aol|icloud|me|gmx|web|t-online|orange|free|wanadoo|laposte|libero|virgilio|alice|tiscali|hetnet|ziggo|kpnmail|telenet|skynet|proton|protonmail|mail|yandex|qq|163|126|rediffmail|terra|uol|bol|sapo)\./;

const LEGAL_FORMS =
  /\b(inc|incorporated|ltd|limited|llc|llp|plc|corp|corporation|co|company|gmbh|ag|kg|ug|sa|sas|sarl|srl|spa|bv|nv|pte|pvt|private|oy|ab|as|cv|pt|tbk|ltda|eireli|me|ohg|ek|e\.k)\b/g;

/** A name as a key: no case, accents, punctuation or legal form ("ACME GmbH" = "Acme"). */
export function nameKey(name: string): string {
  return fold(name)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(LEGAL_FORMS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function taxIds(text: string): string[] {
  const out: string[] = [];
  const label = TAX_LABEL.exec(text);
  if (!label) return out;
  const after = text.slice(label.index + label[0].length, label.index + label[0].length + 40);
  const value = TAX_VALUE.exec(after.replace(/^[^a-z\d]*/, ""));
  const id = value?.[0].replace(/[^a-z\d]/g, "").toUpperCase();
  if (id && (id.match(/\d/g) ?? []).length >= 6) out.push(id);
  return out;
}

/** The issuer's keys ("tax:DE123456789", "iban:...", "domain:acme.de", "name:acme"), strongest first. */
export function issuerKeys(doc: Doc, vendorName: string | null, customerRows: ReadonlySet<number>): string[] {
  const keys = new Set<string>();
  for (const row of doc.rows) {
    if (customerRows.has(row.n)) continue;
    const text = row.key.slice(0, MAX_ROW_CHARS);
    for (const id of taxIds(text)) keys.add(`tax:${id}`);
    for (const m of text.matchAll(IBAN)) {
      const iban = m[1]!.replace(/ /g, "").toUpperCase();
      if (iban.length >= 15 && /\d{8}/.test(iban)) keys.add(`iban:${iban}`);
    }
    for (const m of text.matchAll(DOMAIN)) if (!PUBLIC_MAIL.test(m[1]!)) keys.add(`domain:${m[1]}`);
  }
  const name = vendorName ? nameKey(vendorName) : "";
  if (name.length >= 2) keys.add(`name:${name}`);
  return [...keys].sort((a, b) => KEY_STRENGTH[keyKind(b)] - KEY_STRENGTH[keyKind(a)]).slice(0, MAX_KEYS);
}
