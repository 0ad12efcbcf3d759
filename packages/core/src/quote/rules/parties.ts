import { findDates } from "./dates";
import { findLabels, nextRow, previousRow, readNear, type Near } from "./fields";
import {
  CREDIT_WORDS,
  CUSTOMER_LABELS,
  INVOICE_WORDS,
  QUOTE_WORDS,
  SHIP_TO_LABELS,
  VENDOR_LABELS,
  alternation,
  wordPattern,
} from "./lexicon";
import { clean, fold, type Doc, type Row } from "./text";

/**
 * Who issued the document and who it is for. The issuer is found by evidence that adds up:
 * a "From" / "Vendor" / account-holder label, the legal footer or registration line (capital,
 * RCS, SIRET, HRB, VAT id), the sender line above an address window ("Name · Street · City"),
 * the letterhead block at the top of the first page, a name that matches the e-mail or web
 * domain, the signature after the closing formula, and repetition on every page. Document
 * titles, slogans, banks, labels, addresses and the customer's block never count. The customer
 * comes from its label ("Bill to", "Client", "Kunde", "Klant", "Kepada"...) or, in a letter
 * layout, from the address block after the sender line, preferring the company over a contact.
 */

export const LEGAL_FORM =
  /(?<![\p{L}])(inc|incorporated|ltd|limited|llc|llp|plc|corp|corporation|co|company|gmbh|ag|kg|ohg|gbr|ug|e\.k|e\.v|sa|sas|sasu|sarl|eurl|sci|scop|srl|spa|s\.r\.l|s\.p\.a|snc|bv|b\.v|nv|n\.v|vof|pte|pvt|pty|oy|ab|aps|a\/s|s\.l|s\.a|slu|lda|ltda|tbk|bhd|kft|associates|partners|group|gruppe|consulting|services|solutions|studio|agency|agentur)(?![\p{L}])\.?/u;
const PERSON_TITLE =
  /^(dr|mr|mrs|ms|miss|prof|herr|frau|m|mme|mlle|sr|sra|srta|dhr|mevr|sig|sig\.ra|bapak|ibu|pak|z\.?\s?hd|attn|c\/o)\.?\s/;
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
const BANK =
  /(?<![\p{L}])(bank|banque|banco|banca|sparkasse|volksbank|raiffeisen|iban|bic|swift|kontonummer|blz|rekening|giro|bankverbindung|coordonnees bancaires)(?![\p{L}])/u;
const STREET =
  /(\d+\s*[\p{L}]*\s+)?(rue|avenue|av\.|boulevard|bd|chemin|allee|place|impasse|route|quai|street|st\.|str\.|strasse|straße|weg|allee|platz|gasse|ring|damm|ufer|road|rd\.?|ave\.?|blvd|lane|ln\.|drive|dr\.|way|court|ct\.|via|viale|piazza|corso|calle|avenida|plaza|paseo|rua|travessa|praça|jalan|jl\.|gang|straat|laan|plein|gracht|kade|dijk|pkwy|parkway|suite|floor|building|p\.?o\.? box|postfach|bp|cedex)(?![\p{L}])/u;
const POSTCODE = /(^|\s)(\d{4,5}|[a-z]{1,2}-?\d{4,5}|\d{4}\s?[a-z]{2}|[a-z]{2}\s\d{5}|\d{3}\s\d{3})\s+\p{L}{2,}|,\s*[a-z]{2},?\s+\d{5}/u;
const CLOSING =
  /(mit freundlichen grussen|freundliche grusse|sincerely|best regards|kind regards|regards|yours (faithfully|truly)|cordialement|salutations|bien a vous|atentamente|saludos|met vriendelijke groet|hoogachtend|cordiali saluti|distinti saluti|atenciosamente|cumprimentos|hormat kami|salam)/;
const REGISTRATION =
  /(au capital|capital social|rcs|siret|siren|ape|naf|hrb|hra|amtsgericht|registergericht|handelsregister|sitz der gesellschaft|geschaftsfuhrer|siege social|registered office|company (no|number|reg)|reg\.? no|kvk|kamer van koophandel|cin\b|gstin|ust-?id|ust\.-?id|uid|vat (no|number|reg)|n° tva|tva intra|numero de tva|steuer-?nr|p\.? ?iva|partita iva|cif|nif|npwp|rc\b|registro|inscrit)/;
const SENDER_SEPARATOR = /\s[·•|–—-]\s|,\s(?=\d|\p{L}+\s\d)/u;

const CUSTOMER = new RegExp(`(?<![\\p{L}])(?:${alternation(CUSTOMER_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
const SHIP_TO = new RegExp(`(?<![\\p{L}])(?:${alternation(SHIP_TO_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
const VENDOR = new RegExp(`(?<![\\p{L}])(?:${alternation(VENDOR_LABELS)})(?![\\p{L}])\\s*[:.]?`, "u");
const COMPANY_LABEL =
  /(entreprise|company|denomination|raison sociale|firma|empresa|societe|bedrijf|azienda|perusahaan|organisation|organisme|customer name|client name|nom du client)/;

/** A label alone ("Client", "Société", "Bill to"): the value is elsewhere. */
const isLabelWord = (text: string) => {
  const key = fold(text)
    .replace(/[\s:.]+$/, "")
    .trim();
  return [CUSTOMER, VENDOR, SHIP_TO].some((re) => {
    const m = re.exec(key);
    return m !== null && m.index === 0 && m[0].replace(/[\s:.]+$/, "").length === key.length;
  });
};

/** Text that can be a party's name: not a label, address, number, date, contact line or sentence. */
export function nameOf(raw: string): string | null {
  if (/:\s*$/.test(raw)) return null;
  let text = clean(raw.replace(/^(for|pour|fur|per|por|voor|untuk)\s+/i, "").replace(/[,;:]+$/, ""));
  text = text.replace(/^[^\p{L}\d]+/u, "").replace(/[^\p{L}\d.)]+$/u, "");
  const key = fold(text);
  if (text.length < 2 || text.length > 80 || !/\p{L}{2}/u.test(text)) return null;
  if (/:/.test(text) || /@|www\.|https?:|\.com\b|\.[a-z]{2}\/|\+\d/.test(key)) return null;
  if ((text.match(/\d/g)?.length ?? 0) > text.length * 0.25) return null;
  if (findDates(text).length > 0) return null;
  if (STREET.test(key) && /\d/.test(key)) return null;
  if (POSTCODE.test(key)) return null;
  if (BANK.test(key)) return null;
  if (/^(tel|tél|phone|fax|mobile|email|e-mail|web|site|page|seite|date|datum|total|subtotal|description|item|qty)\b/.test(key))
    return null;
  const words = key.split(/\s+/);
  if (words.length > 8) return null;
  // a sentence or slogan: ends with a full stop and has several lower-case words
  if (/[.!?]$/.test(text) && words.length >= 3 && !LEGAL_FORM.test(key)) return null;
  return text;
}

export const isPerson = (name: string) => PERSON_TITLE.test(fold(name) + " ") || /^(dr|prof)\.?\s/i.test(name);
const isCompany = (name: string) => LEGAL_FORM.test(fold(name));
const isTitle = (name: string) => TITLE_WORDS.test(fold(name)) && fold(name).split(/\s+/).length <= 4;

/** Letters only, for comparing a name with a domain ("Au bon moulin" ~ aubonmoulin.fr). */
const squash = (s: string) =>
  fold(s)
    .replace(LEGAL_FORM, "")
    .replace(/[^a-z0-9]/g, "");

function domains(doc: Doc): { host: string; local?: string }[] {
  const out: { host: string; local?: string }[] = [];
  for (const m of doc.key.matchAll(/([a-z0-9._-]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[a-z]{2,}/g))
    out.push({ host: m[2]!.split(".").pop()!, local: m[1] });
  for (const m of doc.key.matchAll(/(?:www\.|https?:\/\/(?:www\.)?)([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[a-z]{2,}/g))
    out.push({ host: m[1]!.split(".").pop()! });
  for (const m of doc.key.matchAll(
    /(?<![@\w.])([a-z0-9-]{3,})\.(com|net|org|de|fr|nl|es|it|pt|id|in|co|io|consulting|eu|be|ch|at)(?![\w])/g,
  ))
    out.push({ host: m[1]! });
  return out.filter(
    (d) =>
      !/^(example|gmail|yahoo|hotmail|outlook|live|icloud|gmx|web|orange|free|wanadoo|aol|mail|protonmail)$/.test(d.host) ||
      d.host === "free",
  );
}

function domainMatch(name: string, list: { host: string; local?: string }[]): number {
  const s = squash(name);
  if (s.length < 3) return 0;
  let best = 0;
  for (const { host, local } of list) {
    const h = host.replace(/[^a-z0-9]/g, "");
    if (h.length >= 3 && (h === s || (s.includes(h) && h.length >= 4) || (h.includes(s) && s.length >= 4))) best = Math.max(best, 3);
    else if (h.length >= 4 && s.startsWith(h.slice(0, Math.max(4, Math.ceil(h.length * 0.7))))) best = Math.max(best, 2);
    if (local) {
      const l = local.replace(/[^a-z]/g, "");
      if (l.length >= 4 && s.includes(l)) best = Math.max(best, 1);
    }
  }
  return best;
}

interface Candidate {
  name: string;
  score: number;
  row: Row;
  sources: Set<string>;
}

/** A row's cells that can be names, with the row's position. */
function namesIn(row: Row): { name: string; cell: number }[] {
  return row.cells.map((c, i) => ({ name: nameOf(c.text), cell: i })).filter((n): n is { name: string; cell: number } => n.name !== null);
}

/** The first segment of a sender line: "Pixelwerk · Kreativstraße 42 · 50667 Köln", "QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen". */
function senderOf(text: string): string | null {
  const parts = text.split(SENDER_SEPARATOR);
  if (parts.length < 2) return null;
  const rest = fold(parts.slice(1).join(" "));
  if (!(STREET.test(rest) || POSTCODE.test(rest) || /\d{4,5}/.test(rest))) return null;
  return nameOf(parts[0]!);
}

export interface Parties {
  vendor?: { name: string; row: Row; confidence: number };
  customer?: { name: string; row: Row; confidence: number };
}

/** The customer block's name: the company among the next lines after a label, else the first name. */
function customerFrom(doc: Doc, near: Near): string | null {
  if (isLabelWord(near.text)) return null;
  const first = nameOf(cutAtLabel(near.text));
  if (!first) return null;
  if (isCompany(first) && !isPerson(first)) return first;
  // "John Doe / ACME Corporation": the company under its contact
  const column = near.row.cells[near.cell];
  for (let k = 1; k <= 2; k++) {
    const below = nextRow(doc, near.row, k);
    if (!below) break;
    const cell =
      below.cells.length === near.row.cells.length
        ? below.cells[near.cell]
        : column?.x0 !== undefined
          ? below.cells.find((c) => c.x0 !== undefined && Math.abs(c.x0 - column.x0!) < 15)
          : below.cells[0];
    const name = cell ? nameOf(cutAtLabel(cell.text)) : null;
    if (!name) break;
    if (isCompany(name)) return name;
  }
  return first;
}

/** "May Tan Prepared by: Shaun Neo": text up to the next label. */
const cutAtLabel = (s: string) => s.replace(/\s+\S+(\s\S+)?\s?:.*$/, "").replace(/\s*:.*$/, "");

function labelledCustomer(doc: Doc): { name: string; row: Row; strength: number } | undefined {
  const hits = findLabels(doc, CUSTOMER).filter((h) => {
    const key = h.row.cells[h.cell]!.key;
    // "to" and "an" are labels only at the head of a cell: "Bill to:", "An: ..."
    if (h.label.trim().length <= 3 && h.index > 0 && !/^(bill|ship|sold|invoice)/.test(key.slice(0, h.index).trim().split(" ").pop() ?? ""))
      return false;
    if (/(id|no|nr|n°|number|nummer|numero|#|gstin|vat|tva|uid|code|tel|phone|email|ref)\b/.test(key.slice(h.end, h.end + 12)))
      return false;
    return true;
  });
  const found: { name: string; row: Row; strength: number }[] = [];
  for (const hit of hits) {
    const got = readNear(doc, hit, (text, near) => customerFrom(doc, near));
    if (got) found.push({ name: got.value, row: got.near.row, strength: COMPANY_LABEL.test(hit.label) ? 2 : 1 });
  }
  return found.sort((a, b) => b.strength - a.strength || a.row.n - b.row.n)[0];
}

export function parties(doc: Doc): Parties {
  const result: Parties = {};
  const customer = labelledCustomer(doc);
  const firstPage = doc.rows[0]?.page;
  const top = doc.rows.filter((r) => r.page === firstPage).slice(0, 30);
  const list = domains(doc);
  const candidates = new Map<string, Candidate>();
  const add = (name: string | null, score: number, row: Row, source: string) => {
    if (!name || isTitle(name) || isLabelWord(name)) return;
    const key = squash(name);
    if (key.length < 2) return;
    const existing = candidates.get(key);
    if (existing) {
      if (!existing.sources.has(source)) existing.score += score;
      else existing.score += 0.5;
      existing.sources.add(source);
      // keep the fullest spelling ("Au bon moulin SARL" over "Au bon moulin")
      if (name.length > existing.name.length && name.length <= 60) existing.name = name;
    } else candidates.set(key, { name, score, row, sources: new Set([source]) });
  };

  // 1. a vendor label ("From:", "Fournisseur", "Kontoinhaber: ...", "à l'ordre de ...")
  for (const hit of findLabels(doc, VENDOR)) {
    const key = hit.row.cells[hit.cell]!.key;
    const short = hit.label.replace(/[\s:.]/g, "").length <= 4;
    if (short && !(hit.index === 0 && /[:]\s*$|^\S+\s*:/.test(key.slice(0, hit.end + 2)))) continue;
    if (!short && hit.index > 0 && !/(ordre|order|favou?r|received|titulaire|inhaber|holder)/.test(hit.label)) continue;
    const got = readNear(doc, hit, (text) => (isLabelWord(text) ? null : nameOf(cutAtLabel(text))));
    if (got && !isPerson(got.value)) add(got.value, 4, got.near.row, "label");
  }

  // 2. the legal footer / registration block
  for (const row of doc.rows) {
    for (const cell of row.cells) {
      if (!REGISTRATION.test(cell.key)) continue;
      const lead =
        /^(.{2,60}?)\s+(?:sarl|sas|sasu|sa|gmbh|ag|bv|b\.v\.|ltd|srl|spa|eurl)\b.*(au capital|capital|rcs|siret|hrb|kvk|registered)/i.exec(
          cell.text,
        );
      if (lead) add(nameOf(lead[1]!), 4, row, "legal");
      // the name line just above a registration block ("NETPRESSE" / "Siège social : ...")
      const above = previousRow(doc, row);
      if (above && above.cells.length === 1) {
        const name = nameOf(above.text);
        if (name && !REGISTRATION.test(above.key)) add(name, 4, above, "legal");
      }
    }
  }

  // 3. the sender line above an address window; the block under it is the addressee's
  let window: { from: number; to: number } | undefined;
  for (const row of doc.rows.filter((r) => r.line < 20 && r.page === firstPage))
    for (const cell of row.cells) {
      const sender = senderOf(cell.text);
      if (!sender) continue;
      if (!isPerson(sender)) add(sender, 3 + (isCompany(sender) ? 1 : 0), row, "sender");
      window ??= { from: row.n + 1, to: row.n + 5 };
    }

  // 4. the letterhead: the first names at the top of the first page, stronger over an address
  let letterhead = 0;
  for (const row of top) {
    if (letterhead >= 3) break;
    if (customer && row.n >= customer.row.n - 1 && row.n <= customer.row.n + 3) continue;
    if (window && row.n >= window.from && row.n <= window.to) continue;
    for (const { name, cell } of namesIn(row)) {
      if (isTitle(name) || isLabelWord(name)) continue;
      if (cell > 0 && row.cells[0]!.text && nameOf(row.cells[0]!.text)) continue;
      if (CUSTOMER.test(fold(name)) && name.length < 25) continue;
      const below = nextRow(doc, row);
      const address = below ? STREET.test(below.key) || POSTCODE.test(below.key) : false;
      const weight =
        (letterhead === 0 ? (row.line === 0 ? 3 : 2) : 1) + (address ? 1 : 0) + (isCompany(name) ? 1 : 0) - (isPerson(name) ? 1 : 0);
      add(name, weight, row, "top");
      letterhead++;
      break;
    }
  }

  // 5. signature after the closing formula
  for (const row of doc.rows) {
    if (!CLOSING.test(row.key)) continue;
    for (let k = 1; k <= 3; k++) {
      const below = nextRow(doc, row, k);
      if (!below) break;
      const name = nameOf(below.cells[0]!.text);
      if (name && isCompany(name)) add(name, 2, below, "signature");
    }
  }
  for (const row of doc.rows) {
    const m = /^(?:for|pour|fur|für)\s+(.{3,60})$/i.exec(row.cells[0]!.text);
    if (m && isCompany(m[1]!)) add(nameOf(m[1]!.replace(/[-\s]*\d+$/, "")), 2, row, "signature");
  }

  // 6. domain match and repetition
  for (const candidate of candidates.values()) {
    candidate.score += domainMatch(candidate.name, list);
    const key = squash(candidate.name);
    const pages = new Set(
      doc.rows.filter((r) => squash(r.cells[0]!.text).startsWith(key) || r.cells.some((c) => squash(c.text) === key)).map((r) => r.page),
    );
    if (pages.size > 1) candidate.score += 1;
    if (customer && squash(customer.name) === key && !candidate.sources.has("label") && !candidate.sources.has("legal"))
      candidate.score -= 3;
  }
  const best = [...candidates.values()].sort((a, b) => b.score - a.score || a.row.n - b.row.n)[0];
  if (best && best.score >= 3) result.vendor = { name: best.name, row: best.row, confidence: Math.min(0.9, 0.4 + best.score * 0.08) };

  if (customer) result.customer = { name: customer.name, row: customer.row, confidence: 0.85 };
  else {
    const shipTo = findLabels(doc, SHIP_TO)
      .map((hit) => readNear(doc, hit, (text, near) => customerFrom(doc, near)))
      .find((g) => g);
    const window = windowAddressee(doc, result.vendor?.name);
    if (window) result.customer = { ...window, confidence: 0.6 };
    else if (shipTo) result.customer = { name: shipTo.value, row: shipTo.near.row, confidence: 0.6 };
  }
  return result;
}

/** In a letter layout, the addressee: the first name after the sender line or the letterhead block that is not the issuer. */
function windowAddressee(doc: Doc, vendor: string | undefined): { name: string; row: Row } | undefined {
  const firstPage = doc.rows[0]?.page;
  const top = doc.rows.filter((r) => r.page === firstPage).slice(0, 25);
  const vendorKey = vendor ? squash(vendor) : "";
  const senderRow = top.find((r) => r.cells.some((c) => senderOf(c.text)));
  const start = senderRow ? senderRow.n + 1 : undefined;
  if (start === undefined) return undefined;
  for (const row of top.filter((r) => r.n >= start && r.n < start + 6)) {
    if (isTitle(row.cells[0]!.text)) break;
    const name = namesIn(row)[0];
    if (!name || name.cell > 1) continue;
    if (isTitle(name.name) || squash(name.name) === vendorKey) continue;
    if (isPerson(name.name)) {
      const below = nextRow(doc, row);
      const company = below ? namesIn(below)[0] : undefined;
      if (company && isCompany(company.name)) return { name: company.name, row: below! };
    }
    return { name: name.name, row };
  }
  return undefined;
}
