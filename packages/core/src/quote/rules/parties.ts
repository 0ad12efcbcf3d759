import { findDates } from "./dates";
import { cellsUnder, findLabels, nextRow, previousRow, readNear, type Near } from "./fields";
import { isValueCell } from "./item-values";
import { headerOf } from "./items";
import {
  BANK,
  CARE_OF,
  CONTACT,
  HONORIFIC,
  GREETING,
  POSTCODE,
  LABELS,
  REGISTRATION,
  companyPart,
  domainMatch,
  domains,
  isAddress,
  isCompany,
  isDomain,
  isLabelWord,
  isPerson,
  isTitle,
  nameOf,
  squash,
} from "./names";
import { fold, type Doc, type Row } from "./text";

export { nameOf } from "./names";

/**
 * Who issued the document and who it is for. The top of the first page is cut into blocks
 * (lines that start at the same x, or in the same column of cells, one under the other; a new
 * name after an address starts a new block). The issuer is the block or name with the most
 * evidence: an address, contact and registration lines, a legal form, a name matching the
 * e-mail or web domain, a "From" / "Vendor" / account-holder label, the legal footer, the
 * sender line above an address window, the signature. The customer is named by its label
 * ("Bill to", "Client", "Kunde", "Klant", "Kepada"...), else it is the address window under the
 * sender line, else the other address block; a company is preferred over its contact person.
 */

const CUSTOMER = LABELS.CUSTOMER;
const ATTENTION = /^(attn|attention|a l'attention de|t\.a\.v|z\.?\s?hd)/;
const SHIP_TO = LABELS.SHIP_TO;
const VENDOR = LABELS.VENDOR;
const CLOSING =
  /(mit freundlichen gru(?:ss|ß)en|freundliche gru(?:ss|ß)e|viele gru(?:ss|ß)e|sincerely|best regards|kind regards|regards|yours (faithfully|truly)|cordialement|salutations|bien a vous|atentamente|saludos|met vriendelijke groet|hoogachtend|cordiali saluti|distinti saluti|atenciosamente|cumprimentos|hormat kami)/;
const SENDER_SEPARATOR = /\s[·•|–—-]\s|,\s(?=\d|\p{L}{3,}\s\d|\p{Lu}{1,2}-\d)/u;
const COMPANY_LABEL =
  /(entreprise|company|denomination|raison sociale|firma|empresa|societe|bedrijf|azienda|perusahaan|organisation|organisme|customer name|client name|nom du client)/;

interface BlockLine {
  row: Row;
  cell: number;
  text: string;
  key: string;
}

export interface Block {
  lines: BlockLine[];
  /** The block's name: its first line when that is a name. */
  head?: string;
  address: boolean;
  contact: boolean;
  registration: boolean;
}

/** A domain's name as a brand: "greenleaf-gardens" is "Greenleaf Gardens". */
const brandOf = (host: string) =>
  host
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");

/** The first segment of a sender line: "Nordlicht Design · Hafenstraße 9 · 20457 Hamburg", "Brandt Systeme AG - Lindenweg 3-5 - D-34117 Kassel". */
function senderOf(text: string): string | null {
  const parts = text.split(SENDER_SEPARATOR);
  // a name, a street and a postcode with its city at least ("Springfield, IL 62704" is a city line)
  if (parts.length < 3) return null;
  const rest = fold(parts.slice(1).join(" "));
  if (!POSTCODE.test(rest)) return null;
  // "Leipzig, den 3. Mai 2031 | Ust-IdNr. ...": a place and a date, whose year reads like a postcode
  if (parts.slice(1).some((p) => findDates(p, "dmy").length > 0)) return null;
  // the sender's name is one short phrase, not a piece of an address
  if (/,/.test(parts[0]!) || parts[0]!.split(/\s+/).length > 6) return null;
  return nameOf(parts[0]!);
}

/** A name followed on its line by its registration, contact or address: "Climatiza Serviços Ltda - CNPJ 12.345.678/0001-90". */
function leadName(text: string): string | null {
  const [first, ...rest] = text.split(SENDER_SEPARATOR);
  if (rest.length === 0) return null;
  const partyPart = (part: string) => {
    const key = fold(part);
    return REGISTRATION.test(key) || CONTACT.test(key) || isAddress(key);
  };
  return rest.every(partyPart) ? nameOf(first!) : null;
}

/** A row of an item table printed without a header: words, then two or more value cells ending in an amount. */
function isItemRow(row: Row): boolean {
  const cells = row.cells.filter((c) => c.text.trim());
  let values = 0;
  while (values < cells.length && isValueCell(cells[cells.length - 1 - values]!) && /\d/.test(cells[cells.length - 1 - values]!.text))
    values++;
  return values >= 2 && values < cells.length && /\p{L}{3}/u.test(cells[0]!.text) && /\d[.,]\d{2}(?!\d)/.test(cells.at(-1)!.text);
}

/** Blocks of lines at the top of the first page, before the item table. */
export function topBlocks(doc: Doc): Block[] {
  const first = doc.rows[0]?.page;
  const rows: Row[] = [];
  for (const row of doc.rows) {
    if (row.page !== first || rows.length >= 35 || headerOf(row, doc) || isItemRow(row)) break;
    rows.push(row);
  }
  return blocksOf(rows);
}

/** Blocks in the footer of the first page: the issuer's name over its address and contact lines, in columns. */
export function footerBlocks(doc: Doc): Block[] {
  const first = doc.rows[0]?.page;
  const page = doc.rows.filter((r) => r.page === first);
  if (page.length < 15) return [];
  return blocksOf(page.slice(-6)).filter((b) => b.address || b.contact || b.registration);
}

/** Whether `first` and `second`, one under the other, are one company name: a short first line with no legal form, and a second that ends with one. */
function twoLineName(first: string, second: string): boolean {
  if (isCompany(first) || isPerson(first) || first.split(/\s+/).length > 3) return false;
  const key = fold(second);
  return isCompany(second) && nameOf(second) === second && !isAddress(key) && !CONTACT.test(key) && !REGISTRATION.test(key);
}

function blocksOf(rows: Row[]): Block[] {
  const open: { block: Block; x?: number; right?: number; index: number; last: Row }[] = [];
  const blocks: Block[] = [];
  for (const row of rows) {
    // a sender line the reader cut into cells is one line of its own
    if (row.cells.length > 1 && senderOf(row.text)) continue;
    row.cells.forEach((cell, c) => {
      const text = cell.text.trim();
      if (!text) return;
      const key = cell.key;
      // titles and sender lines stand alone; "Label: value" lines are fields, not address lines
      const alone = isTitle(text) || senderOf(text) !== null;
      if (/^[\p{L}][\p{L} .'/&-]{1,30}:\s*\S/u.test(text) && !CUSTOMER.test(key) && !CONTACT.test(key) && !REGISTRATION.test(key)) return;
      // the next line of a column: right under it, or one row further when the row between has nothing there
      const sameColumn = (o: (typeof open)[number]) => {
        const gap = row.n - o.last.n;
        if (gap < 1 || gap > 2) return false;
        if (cell.x0 !== undefined && o.x !== undefined) {
          // a column aligned on its left edge, or a letterhead set flush right (same right edge, ragged left)
          const flushRight = cell.x1 !== undefined && o.right !== undefined && Math.abs(cell.x1 - o.right) <= 2;
          if (Math.abs(cell.x0 - o.x) > 12 && !flushRight) return false;
          const height = o.last.y1 !== undefined && o.last.y0 !== undefined ? o.last.y1 - o.last.y0 : 0;
          return row.y0 === undefined || o.last.y1 === undefined || height === 0 || row.y0 - o.last.y1 <= 1.6 * height;
        }
        return gap === 1 && o.index === c;
      };
      // the value of a label in the cell to its left ("Kontakt: | Jonas Falk") is a field, not a block;
      // so is a label whose colon is set in a column of its own ("Nama | : Budi", "Alamat | : Jl. ...")
      if (c > 0 && /:\s*$/.test(row.cells[c - 1]!.text)) return;
      if (/^\s*:/.test(text) || /^\s*:/.test(row.cells[c + 1]?.text ?? "")) return;
      let current = alone ? undefined : open.find(sameColumn);
      const partyLine = isAddress(key) || CONTACT.test(key) || REGISTRATION.test(key) || CARE_OF.test(key);
      const name = nameOf(text) ?? leadName(text);
      // a new name under a finished address ("... 4000 Liège / Belgique" then "Atelier Garance") starts a block
      if (current && current.block.address && name && !partyLine) current = undefined;
      // a line that is neither a name nor an address or contact line ("Total", a sentence) ends its column's block
      if (!name && !partyLine) {
        const index = current ? open.indexOf(current) : -1;
        if (index >= 0) open.splice(index, 1);
        if (!alone && !isTitle(text)) return;
        current = undefined;
      }
      if (!current) {
        const block: Block = { lines: [], address: false, contact: false, registration: false };
        blocks.push(block);
        current = { block, ...(cell.x0 !== undefined ? { x: cell.x0, right: cell.x1 } : {}), index: c, last: row };
        if (!alone) open.push(current);
      }
      current.last = row;
      const b = current.block;
      b.lines.push({ row, cell: c, text, key });
      // the block's name is its first line, or the second under a slogan or a label
      if (b.lines.length <= 2 && !b.head && !alone && !isAddress(key)) b.head = name ?? undefined;
      // a web address over the name it stands for ("www.northwind-tools.com" / "Northwind Tools")
      else if (b.lines.length === 2 && b.head && isDomain(b.head) && name && !isDomain(name)) b.head = name;
      // a name set over two lines, its legal form on the second ("Ingenieurbüro" / "Falkenrath UG (haftungsbeschränkt)")
      // (or a brand over the full name that repeats it: "Vetreria Zanin" / "Vetreria Zanin s.r.l.")
      else if (b.lines.length === 2 && b.head === b.lines[0]!.text && twoLineName(b.head, text))
        b.head = fold(text).startsWith(fold(b.head)) ? text : `${b.head} ${text}`;
      if (isAddress(key)) b.address = true;
      if (CONTACT.test(key)) b.contact = true;
      if (REGISTRATION.test(key)) b.registration = true;
    });
  }
  return blocks.filter((b) => b.head);
}

export interface Parties {
  vendor?: { name: string; row: Row; confidence: number };
  customer?: { name: string; row: Row; confidence: number };
  /** Rows of the customer's address block: its country says nothing about the issuer's conventions. */
  customerRows: Set<number>;
}

/** A house number and the street's name, then more of the address ("5 Canal Walk, Leeds"). */
const NUMBERED_STREET = /^\d{1,5}[a-z]?,?\s+\p{L}{2}[^,–-]*[,–-]\s*\p{L}/u;

/**
 * "Lena Ortiz Prepared by: Tom Reyes": text up to the next label; "Kestrel Audio, 5 Canal Walk,
 * Leeds" or "Kestrel Audio Ltd - 5 Canal Walk - Leeds": up to the address.
 */
const cutAtLabel = (s: string) => {
  const text = s
    .replace(/^\s*:\s*/, "")
    .replace(/\s+\S+(\s\S+)?\s?:.*$/, "")
    .replace(/\s*:.*$/, "");
  for (const m of text.matchAll(/,\s|\s[-–·]\s/g)) {
    const rest = fold(text.slice(m.index + m[0].length));
    if (m.index > 0 && (isAddress(rest) || NUMBERED_STREET.test(rest))) return text.slice(0, m.index);
  }
  return text;
};

/** The customer's name at a label's value: the company part, or the company line under a contact person. */
function customerFrom(doc: Doc, near: Near): string | null {
  if (isLabelWord(near.text)) return null;
  // "Mag. Eva Lindner · Lindner & Hofer Steuerberatung": the company of a contact line
  const parts = cutAtLabel(near.text)
    .split(/\s[·•|]\s/)
    .map((p) => nameOf(p))
    .filter((p): p is string => p !== null);
  const first = parts.find((p) => isCompany(p) && !isPerson(p)) ?? parts.find((p) => !isPerson(p)) ?? parts[0];
  if (!first) return null;
  if (isCompany(first) && !isPerson(first)) return companyPart(first);
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
    if (isCompany(name) && !isPerson(name)) return companyPart(name);
  }
  return companyPart(first);
}

interface LabelledCustomer {
  name: string;
  row: Row;
  cell: number;
  strength: number;
  /** "Attn:", "z. Hd.", "t.a.v.": the label names a person at the customer, under the customer's name. */
  contact: boolean;
}

/** The words of a field for the customer's signature, whose neighbour is never the customer's name. */
const SIGNATURE_FIELD =
  /(?<![\p{L}])(signature|signed|unterschrift|handtekening|assinatura|tanda tangan|ttd)(?![\p{L}])|\(firma|firma (y|e) (fecha|data|sello|timbro)/u;

function labelledCustomer(doc: Doc): LabelledCustomer | undefined {
  const hits = findLabels(doc, CUSTOMER).filter((h) => {
    const key = h.row.cells[h.cell]!.key;
    // "Dear customer," is a greeting, not a label; "Conforme cliente (firma y fecha):" asks for a signature
    if (GREETING.test(key) || SIGNATURE_FIELD.test(key)) return false;
    // short labels ("to", "an", "pour") only at the head of a cell: "Bill to:", "An: ..."
    const short = h.label.replace(/[\s:.]/g, "").length <= 4;
    if (short && h.index > 0 && !/(bill|ship|sold|invoice|invoiced|billed)\s*$/.test(key.slice(0, h.index))) return false;
    // ...followed by a colon (French sets a space before it: "Doit : ...") or by nothing in the cell
    const after = key.slice(h.end);
    if (short && !/[:.]\s*$/.test(h.label) && !/^\s?[:.]/.test(after) && after.trim() !== "") return false;
    // "Customer No.", "Customer P.O.", "Client GSTIN": a label of the customer's numbers, not of its name
    if (
      /^[\s-]*(id|no|nr|n°|number|nummer|numero|#|gstin|gst|vat|tva|uid|code|tel|phone|email|ref|p\.?\s?o|order|account|acct|a\/c|care|service|support|type|'s)\b/.test(
        key.slice(h.end, h.end + 12),
      ) ||
      // ...and so is one the number word comes first in ("Nº cliente", "Code client", "Nr. Kunde")
      /(?<![\p{L}])(n[°ºo]|nr|no|num|numero|nummer|cod|codigo|codice|code|id)\.?\s*$/u.test(key.slice(0, h.index))
    )
      return false;
    return true;
  });
  const found: LabelledCustomer[] = [];
  for (const hit of hits) {
    const got = readNear(doc, hit, (_text, near) => customerFrom(doc, near));
    if (got)
      found.push({
        name: got.value,
        row: got.near.row,
        cell: got.near.cell,
        strength: COMPANY_LABEL.test(hit.label) ? 2 : 1,
        contact: ATTENTION.test(hit.label),
      });
  }
  return found.sort((a, b) => b.strength - a.strength || a.row.n - b.row.n)[0];
}

interface Candidate {
  name: string;
  score: number;
  row: Row;
  sources: Set<string>;
}

/**
 * The candidate that `name` is a fuller form of (its words among more: "Il Poggio dei Lecci" in
 * "Agriturismo Il Poggio dei Lecci di Marta Bellini"), or with `shorter`, the one that is a fuller
 * form of `name`: a company, or a name from the legal footer.
 */
function fullerThan(name: string, candidates: Candidate[], shorter = false): Candidate | undefined {
  const key = squash(name);
  if (key.length < 4) return undefined;
  return candidates.find((c) => {
    const other = squash(c.name);
    if (other === key || c.name.length > 60) return false;
    const [long, short] = shorter ? [c.name, name] : [name, c.name];
    // never a role before the name ("Director, Ashcombe Joinery Ltd")
    const before = fold(long).split(fold(short))[0] ?? "";
    if (/,/.test(before)) return false;
    return shorter ? other.includes(key) && (isCompany(c.name) || c.sources.has("legal")) : key.includes(other) && other.length >= 4;
  });
}

/** How far (in points) the window's left edge may stand from the sender line's. */
const WINDOW_SLACK = 40;

/**
 * Whether a block is the address window under a sender line: in the sender's column, whether or
 * not the rules can read its address ("93B Sai Yu Chung / Yuen Long"); the issuer's contact column
 * beside it is not. Without positions, only a block that reads as an address.
 */
function underSender(senderRow: Row, block: Block): boolean {
  const sender = senderRow.cells.find((c) => senderOf(c.text)) ?? senderRow.cells[0]!;
  const first = block.lines[0]!;
  const x0 = first.row.cells[first.cell]?.x0;
  if (sender.x0 === undefined || x0 === undefined) return block.address;
  return Math.abs(x0 - sender.x0) <= WINDOW_SLACK;
}

export function parties(doc: Doc): Parties {
  const result: Parties = { customerRows: new Set() };
  const labelled = labelledCustomer(doc);
  const blocks = topBlocks(doc);
  const candidates = new Map<string, Candidate>();
  const add = (name: string | null | undefined, score: number, row: Row, source: string) => {
    if (!name) return;
    const key = squash(name);
    if (key.length < 2) return;
    const existing = candidates.get(key);
    if (existing) {
      existing.score += existing.sources.has(source) ? 0.5 : score;
      existing.sources.add(source);
      // keep the fullest spelling ("Atelier Garance SARL" over "Atelier Garance")
      if (name.length > existing.name.length && name.length <= 60) existing.name = name;
    } else candidates.set(key, { name, score, row, sources: new Set([source]) });
  };

  // the customer's block: named by a label, or the address window under the sender line
  // (a company's sender line before a tagline that reads like one: "Reparatur · Service · Schermenweg 1, 3014 Bern")
  const senderName = (r: Row) => r.cells.map((c) => senderOf(c.text)).find((s) => s) ?? senderOf(r.text);
  const senders = doc.rows.filter((r) => r.page === doc.rows[0]?.page && r.line < 20 && senderName(r));
  const senderRow = senders.find((r) => isCompany(senderName(r)!)) ?? senders[0];
  // the labelled customer's block: the one holding its value (not the issuer's column beside it on
  // the same row, "Lumen Studio | Quote for:"), else one by that name at or below the label
  const customerBlock =
    (labelled &&
      (blocks.find((b) => b.lines.some((l) => l.row.n === labelled.row.n && l.cell === labelled.cell)) ??
        // a contact person's line right under the customer's address block ("DXP Ltd / 4 Quay St / Attn: Ann Lee")
        (labelled.contact ? blocks.find((b) => b.address && b.lines.at(-1)!.row.n === labelled.row.n - 1) : undefined) ??
        blocks.find((b) => b.head && squash(b.head) === squash(labelled.name) && b.lines[0]!.row.n >= labelled.row.n - 1))) ||
    (senderRow && blocks.find((b) => b.lines[0]!.row.n > senderRow.n && b.lines[0]!.row.n <= senderRow.n + 2 && underSender(senderRow, b)));

  // 1. blocks at the top: an address, contact and registration lines make a letterhead
  // (a label over another column, "PREPARED FOR" over the client beside the letterhead, is not this block's)
  const customerish = (block: Block) => {
    const first = block.lines[0]!;
    const above = previousRow(doc, first.row);
    const over = above?.cells.filter((_, k) => cellsUnder(above, k, first.row).includes(first.cell)) ?? [];
    return (
      block === customerBlock || [first.key, ...over.map((c) => c.key)].some((k) => (CUSTOMER.test(k) || SHIP_TO.test(k)) && k.length < 45)
    );
  };
  const letterhead = blocks.find((b) => (b.address || b.contact) && !customerish(b));
  const heights = doc.rows
    .filter((r) => r.y0 !== undefined && r.y1 !== undefined)
    .map((r) => r.y1! - r.y0!)
    .sort((a, b) => a - b);
  const median = heights.length ? heights[Math.floor(heights.length / 2)]! : 0;
  for (const block of blocks) {
    if (customerish(block) || isPerson(block.head!)) continue;
    let score = 1 + (block.address ? 1 : 0) + (block.contact ? 1 : 0) + (block.registration ? 2 : 0) + (isCompany(block.head!) ? 1 : 0);
    if (block === letterhead) score += 1;
    // a name printed large at the top is a letterhead
    const line = block.lines[0]!.row;
    if (line.y0 !== undefined && line.y1 !== undefined && median > 0 && line.y1 - line.y0 > 1.5 * median && line.line < 8) score += 2;
    if (block.lines[0]!.row.n === 0) score += blocks.length === 1 ? 2 : 1;
    // the name on the page's first line right over the document's title ("Lumen Studio" / "QUOTATION") heads the letter
    const under = nextRow(doc, line);
    if (line.n === 0 && block.lines.length === 1 && under?.cells.some((c) => isTitle(c.text))) score += 1;
    // ...or a company right under the title at the head of the page ("QUOTE" / "Greenfield Landscaping LLC")
    const over = previousRow(doc, line);
    if (line.line < 4 && line.cells.length === 1 && isCompany(block.head!) && over?.cells.length === 1 && isTitle(over.text)) score += 1;
    add(block.head, score, block.lines[0]!.row, "block");
  }
  // the customer's own e-mail and web domains say nothing about the issuer
  const customerKeys = blocks.filter(customerish).flatMap((b) => b.lines.map((l) => l.key));
  const outside = domains(
    doc.rows
      .filter((r) => !customerKeys.includes(r.key))
      .map((r) => r.key)
      .join("\n"),
  );
  const edges = [...topBlocks(doc), ...footerBlocks(doc)].flatMap((b) => b.lines.map((l) => l.key)).join("\n");
  const topText = doc.rows
    .filter((r) => r.page === doc.rows[0]?.page && r.line < 8)
    .map((r) => r.key)
    .join("\n");
  const list = domains(doc.key, `${edges}\n${topText}`).filter((d) => outside.some((o) => o.host === d.host) || !d.local);

  // 2. a vendor label ("From:", "Fournisseur", "Kontoinhaber: ...", "à l'ordre de ...")
  for (const hit of findLabels(doc, VENDOR)) {
    const key = hit.row.cells[hit.cell]!.key;
    const short = hit.label.replace(/[\s:.]/g, "").length <= 4;
    // a short label heads its cell with a colon ("From: ..."), or is the whole cell over its value ("From | To")
    if (short && !(hit.index === 0 && (/^\S+\s*:/.test(key.slice(0, hit.end + 2)) || isLabelWord(key)))) continue;
    if (!short && hit.index > 0 && !/(ordre|order|favou?r|received|titulaire|inhaber|holder|payable)/.test(hit.label)) continue;
    const got = readNear(doc, hit, (text) => (isLabelWord(text) ? null : nameOf(cutAtLabel(text))));
    if (got && !isPerson(got.value)) add(got.value, 4, got.near.row, "label");
  }

  // the footer's columns: the issuer's name over its address and contact lines
  for (const block of footerBlocks(doc)) {
    if (isPerson(block.head!) || block.lines.length < 2) continue;
    add(block.head, 1 + (block.address ? 1 : 0) + (block.contact ? 1 : 0) + (block.registration ? 1 : 0), block.lines[0]!.row, "footer");
  }

  // 3. the legal footer or registration block
  const pageEnds = new Map(doc.rows.map((r) => [r.page, r.n]));
  for (const row of doc.rows) {
    // a one-line footer that starts with the company's name and holds its tax id or bank account
    // ("Greenfield Fencing Ltd · Unit 4, Mill Estate · VAT GB 123 4567 89 · IBAN GB29 ...")
    const footer = row.line > 8 || pageEnds.get(row.page)! - row.n < 3;
    const segments = footer && (REGISTRATION.test(row.key) || BANK.test(row.key)) ? row.text.split(SENDER_SEPARATOR) : [];
    // ...or a name with its legal form and just its tax id ("Falegnameria Conti s.n.c. - P.IVA ...")
    if (segments.length >= 2) {
      const name = segments.length >= 3 ? nameOf(segments[0]!) : leadName(row.text);
      if (name && isCompany(name) && !isPerson(name)) add(name, 4, row, "legal");
      // ...or a person's, trading under their own name beside their registration ("Camille Roussel — Entrepreneur individuel — SIRET ...")
      else if (name && isPerson(name) && segments.length >= 3 && segments.slice(1).some((p) => REGISTRATION.test(fold(p))))
        add(name, 4, row, "legal");
      // ...or the fuller form of a name the page already shows ("Il Poggio" at the top, "Agriturismo Il Poggio di Marta Rossi · P.IVA ...")
      else if (name && fullerThan(name, [...candidates.values()])) add(name, 4, row, "legal");
      // ...or holds it among its fields ("Sitz: Leipzig | HRB 1234 | Geschäftsführer: ... | Brightline GmbH")
      else
        for (const segment of segments.slice(1)) {
          const other = nameOf(segment);
          if (other && isCompany(other) && !isPerson(other) && !REGISTRATION.test(fold(segment))) add(other, 4, row, "legal");
        }
    }
    for (const cell of row.cells) {
      if (!REGISTRATION.test(cell.key)) continue;
      const lead =
        /^(.{2,60}?\s+(?:sarl|sas|sasu|sa|gmbh|ag|bv|b\.v\.|ltd|srl|spa|eurl))(?![\p{L}]).*(au capital|capital|rcs|siret|hrb|kvk|registered)/iu.exec(
          cell.text,
        );
      if (lead) add(nameOf(lead[1]!), 6, row, "legal");
      // the name line just above a registration block ("ÉDITIONS LUMEN" / "Siège social : ...")
      const above = previousRow(doc, row);
      // (not a signature: "Freundliche Grüsse" / "Nico Ammann, Werkstattleiter" over the footer)
      const signed = above && CLOSING.test(previousRow(doc, above)?.key ?? "");
      if (above && above.cells.length === 1 && row.line > 8 && !signed) {
        // ...alone, or leading its address and contacts ("Northgate Studio Ltd · 18 Hanover Street, Leeds · accounts@...")
        const name = nameOf(above.text) ?? leadName(above.text);
        if (name && !REGISTRATION.test(above.key)) add(name, 6, above, "legal");
      }
    }
  }

  // 4. the sender line above an address window
  if (senderRow) {
    const sender = senderName(senderRow);
    if (sender && !isPerson(sender)) add(sender, 3 + (isCompany(sender) ? 1 : 0), senderRow, "sender");
  }

  // 5. the signature after the closing formula, "For X Pvt Ltd"
  for (const row of doc.rows) {
    if (CLOSING.test(row.key))
      for (let k = 1; k <= 3; k++) {
        const below = nextRow(doc, row, k);
        const name = below ? nameOf(below.cells[0]!.text) : null;
        // a company with its legal form signing the letter is its issuer, as is a name its web or e-mail domain spells
        if (name && (isCompany(name) || (!isPerson(name) && domainMatch(name, list) >= 2))) add(name, 3, below!, "signature");
      }
    // "© 2032 Brightline Signs Ltd. All rights reserved."
    const copyright = /^(?:©|\(c\)|copyright)\s*(?:\d{4})?/i.exec(row.cells[0]!.text);
    const owner =
      copyright &&
      row.cells[0]!.text.slice(copyright[0].length)
        .split(/\.\s|all rights reserved/i)[0]!
        .trim()
        .replace(/\.$/, "");
    if (owner && owner.length <= 60 && isCompany(owner)) add(nameOf(owner), 3, row, "signature");
    const m = /^(?:for|pour|fur|für)\s+(.{3,60})$/i.exec(row.cells[0]!.text);
    if (m && isCompany(m[1]!)) add(nameOf(m[1]!.replace(/[-\s]*\d+$/, "")), 2, row, "signature");
  }

  // 6. the brand of a web or e-mail domain printed as a word of its own ("NORDA", "Kartello.com")
  for (const { host } of list) {
    if (host.length < 3) continue;
    const row = doc.rows.find((r) =>
      r.cells.some((c) => new RegExp(`(?<![\\p{L}@./])${host}(?![\\p{L}@])(?!\\.[a-z]{2,}\\/)`, "u").test(c.key) && !/@/.test(c.key)),
    );
    const word = row?.text.match(new RegExp(`(?<![\\p{L}@./])(${host})(?:\\.[a-z]{2,})?(?![\\p{L}@])`, "iu"))?.[1];
    // a candidate that already starts with the brand ("NORDA FR" for norda.com) is the better spelling
    if (row && word && ![...candidates.keys()].some((k) => k.startsWith(squash(word)))) add(word, 2, row, "brand");
  }

  // 7. the domain, and repetition on other pages
  for (const candidate of candidates.values()) {
    candidate.score += domainMatch(candidate.name, list);
    const key = squash(candidate.name);
    const pages = new Set(
      doc.rows.filter((r) => r.cells.some((c) => squash(c.text) === key || squash(c.text).startsWith(key))).map((r) => r.page),
    );
    if (pages.size > 1) candidate.score += 1;
  }
  // a person named by a label ("Account name: Dexter Moreau") whose first and last names both
  // appear in a business's name ("Studio Dex Moreau", "D. Moreau & Sons") runs that business: the
  // business is the issuer
  for (const person of candidates.values()) {
    const names = fold(person.name).split(/\s+/);
    if (!person.sources.has("label") || isCompany(person.name) || names.length < 2 || names.length > 3) continue;
    const [first, last] = [names[0]!, names.at(-1)!];
    const runs = (c: Candidate) => {
      const words = fold(c.name).split(/[^\p{L}]+/u);
      return words.includes(last) && words.some((w) => w !== last && first.startsWith(w) && (w.length >= 3 || w.length === 1));
    };
    const business = [...candidates.values()].find((c) => c !== person && c.sources.has("block") && runs(c));
    if (business) {
      business.score += person.score;
      person.score = 0;
    }
  }
  // a short spelling of a fuller name printed elsewhere ("BRIGHTLINE" over "Brightline Signs & Graphics, LLC") is that name
  for (const short of candidates.values()) {
    const full = fullerThan(short.name, [...candidates.values()], true);
    if (full && short.score > 0) {
      full.score += short.score;
      short.score = 0;
    }
  }
  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score || a.row.n - b.row.n);
  const best = ranked[0];
  // a lone block at the top of a letter that says "Dear ..." is the addressee, not the issuer
  const greeting = doc.rows.some((r) => GREETING.test(r.key));
  const home = best && blocks.find((b) => b.head && squash(b.head) === squash(best.name));
  const lone =
    greeting && best?.sources.size === 1 && home && !home.contact && !home.registration && blocks.filter((b) => b.address).length === 1;
  if (best && best.score >= 3 && !lone)
    result.vendor = { name: companyPart(best.name), row: best.row, confidence: Math.min(0.9, 0.4 + best.score * 0.06) };
  else if (!lone) {
    // no name printed as a party: the owner of the web site or e-mail domain at the head or foot of
    // the page, else of an e-mail address anywhere outside the customer's block ("Questions? Email ...")
    const owner =
      domains(`${edges}\n${topText}`).find((d) => outside.some((o) => o.host === d.host) && d.host.length >= 3) ??
      outside.find((d) => d.local && d.host.length >= 3);
    const row = owner && doc.rows.find((r) => r.key.includes(`${owner.host}.`));
    if (owner && row) result.vendor = { name: brandOf(owner.host), row, confidence: 0.5 };
  }

  // a contact person names the customer only when no company heads the block above them
  const company = labelled?.contact && customerBlock?.head && !isPerson(customerBlock.head) ? customerBlock : undefined;
  if (company) result.customer = { name: companyPart(company.head!), row: company.lines[0]!.row, confidence: 0.8 };
  else if (labelled) result.customer = { name: labelled.name, row: labelled.row, confidence: 0.85 };
  else {
    const vendorKey = result.vendor ? squash(result.vendor.name) : "";
    const other =
      customerBlock ?? blocks.find((b) => b.address && squash(b.head!) !== vendorKey && !BANK.test(b.lines.map((l) => l.key).join(" ")));
    const shipTo = findLabels(doc, SHIP_TO)
      .map((hit) => readNear(doc, hit, (_text, near) => customerFrom(doc, near)))
      .find((g) => g);
    if (other?.head) {
      const head = isPerson(other.head) && other.lines[1] && isCompany(other.lines[1].text) ? other.lines[1].text : other.head;
      result.customer = { name: companyPart(head), row: other.lines[0]!.row, confidence: 0.6 };
    } else if (shipTo) result.customer = { name: shipTo.value, row: shipTo.near.row, confidence: 0.6 };
  }
  if (result.customer) result.customer.name = result.customer.name.replace(HONORIFIC, "");
  const block = customerBlock ?? blocks.find((b) => result.customer && b.lines.some((l) => l.row.n === result.customer!.row.n));
  for (const line of block?.lines ?? []) result.customerRows.add(line.row.n);
  // labelled customers without a block: the label's row and the lines under it
  if (!block && result.customer) for (let n = result.customer.row.n; n <= result.customer.row.n + 4; n++) result.customerRows.add(n);
  return result;
}
