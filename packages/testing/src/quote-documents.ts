import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * Commercial documents for the offline rules' tests: quotes, invoices and credit notes in
 * several languages and layouts, rendered as PDF (pdf-lib, positioned text so the reader sees
 * columns), DOCX (a real Word table) and XLSX, each with the values a reader must recover.
 * Every name, number and amount here is invented.
 */

export type Language = "en" | "fr" | "de" | "es" | "nl" | "it" | "pt" | "id";
export type Kind = "quote" | "invoice" | "credit_note";

export interface Line {
  description: string;
  quantity: number;
  unitPrice: number;
}

export interface Expected {
  type: Kind;
  vendor: string;
  customer: string;
  number: string;
  date: string;
  validUntil: string | null;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  items: number[];
}

/** What a document says, in words already translated; layout comes from the renderer. */
export interface DocSpec {
  title: string;
  vendor: string[];
  /** Label above the customer block ("Bill to", "Client", "Kunde"...); null for a letter window. */
  customerLabel: string | null;
  customer: string[];
  fields: [string, string][];
  header: string[];
  rows: string[][];
  totals: [string, string][];
  footer: string[];
  expected: Expected;
}

interface Words {
  title: Record<Kind, string>;
  number: Record<Kind, string>;
  date: string;
  valid: string;
  due: string;
  customer: string;
  header: [string, string, string, string];
  subtotal: string;
  tax: string;
  total: string;
  locale: string;
  currency: string;
  /** How amounts are written: "code" (1.234,56 EUR), "symbol-after" (1 234,56 €), "symbol-before" (€ 1.234,56). */
  money: "code" | "symbol-after" | "symbol-before";
  footer: string;
}

// prettier-ignore
const WORDS: Record<Language, Words> = {
  en: { title: { quote: "QUOTATION", invoice: "INVOICE", credit_note: "CREDIT NOTE" }, number: { quote: "Quote No.", invoice: "Invoice No.", credit_note: "Credit Note No." }, date: "Date", valid: "Valid until", due: "Due date", customer: "Bill To", header: ["Description", "Qty", "Unit Price", "Amount"], subtotal: "Subtotal", tax: "VAT 20%", total: "Total", locale: "en-GB", currency: "GBP", money: "symbol-before", footer: "Registered in England No. 09876543 · VAT GB 123 4567 89" },
  fr: { title: { quote: "DEVIS", invoice: "FACTURE", credit_note: "AVOIR" }, number: { quote: "Devis n°", invoice: "Facture n°", credit_note: "Avoir n°" }, date: "Date d'émission", valid: "Date de fin de validité", due: "Date d'échéance", customer: "Client", header: ["Désignation", "Qté", "PU HT", "Montant HT"], subtotal: "Total HT", tax: "TVA 20 %", total: "Total TTC", locale: "fr-FR", currency: "EUR", money: "symbol-after", footer: "SARL au capital de 8 000 € · RCS Lyon 812 345 678 · TVA FR 12 812345678" },
  de: { title: { quote: "Angebot", invoice: "Rechnung", credit_note: "Gutschrift" }, number: { quote: "Angebotsnummer", invoice: "Rechnungsnummer", credit_note: "Gutschriftsnummer" }, date: "Datum", valid: "Gültig bis", due: "Fällig am", customer: "Kunde", header: ["Beschreibung", "Menge", "Einzelpreis", "Gesamt"], subtotal: "Zwischensumme", tax: "MwSt. 19 %", total: "Gesamtbetrag", locale: "de-DE", currency: "EUR", money: "symbol-after", footer: "Amtsgericht Köln HRB 45678 · USt-IdNr. DE 298765431" },
  es: { title: { quote: "PRESUPUESTO", invoice: "FACTURA", credit_note: "NOTA DE CRÉDITO" }, number: { quote: "Presupuesto n.º", invoice: "Factura n.º", credit_note: "Nota de crédito n.º" }, date: "Fecha", valid: "Válido hasta", due: "Vencimiento", customer: "Cliente", header: ["Descripción", "Cantidad", "Precio", "Importe"], subtotal: "Base imponible", tax: "IVA 21 %", total: "Total", locale: "es-ES", currency: "EUR", money: "symbol-after", footer: "CIF B12345678 · Registro Mercantil de Valencia" },
  nl: { title: { quote: "OFFERTE", invoice: "FACTUUR", credit_note: "CREDITNOTA" }, number: { quote: "Offertenummer", invoice: "Factuurnummer", credit_note: "Creditnotanummer" }, date: "Datum", valid: "Geldig tot", due: "Vervaldatum", customer: "Klant", header: ["Omschrijving", "Aantal", "Prijs", "Bedrag"], subtotal: "Subtotaal", tax: "BTW 21%", total: "Totaal", locale: "nl-NL", currency: "EUR", money: "symbol-before", footer: "KvK 76543210 · BTW NL812345678B01" },
  it: { title: { quote: "PREVENTIVO", invoice: "FATTURA", credit_note: "NOTA DI CREDITO" }, number: { quote: "Preventivo n.", invoice: "Fattura n.", credit_note: "Nota di credito n." }, date: "Data", valid: "Valido fino al", due: "Scadenza", customer: "Cliente", header: ["Descrizione", "Quantità", "Prezzo unitario", "Importo"], subtotal: "Imponibile", tax: "IVA 22%", total: "Totale", locale: "it-IT", currency: "EUR", money: "symbol-before", footer: "P.IVA IT01234567890 · REA MI-1234567" },
  pt: { title: { quote: "ORÇAMENTO", invoice: "FATURA", credit_note: "NOTA DE CRÉDITO" }, number: { quote: "Orçamento n.º", invoice: "Fatura n.º", credit_note: "Nota de crédito n.º" }, date: "Data", valid: "Válido até", due: "Vencimento", customer: "Cliente", header: ["Descrição", "Quantidade", "Preço unitário", "Valor"], subtotal: "Subtotal", tax: "IVA 23%", total: "Total", locale: "pt-PT", currency: "EUR", money: "symbol-after", footer: "NIF PT 509876543 · Capital social 5 000 €" },
  id: { title: { quote: "PENAWARAN HARGA", invoice: "FAKTUR", credit_note: "NOTA KREDIT" }, number: { quote: "Nomor Penawaran", invoice: "Nomor Faktur", credit_note: "Nomor Nota Kredit" }, date: "Tanggal", valid: "Berlaku hingga", due: "Jatuh tempo", customer: "Kepada", header: ["Uraian", "Jumlah", "Harga Satuan", "Total"], subtotal: "Subtotal", tax: "PPN 11%", total: "Total", locale: "id-ID", currency: "IDR", money: "code", footer: "NPWP 01.234.567.8-901.000" },
};

const TAX_RATE: Record<Language, number> = { en: 0.2, fr: 0.2, de: 0.19, es: 0.21, nl: 0.21, it: 0.22, pt: 0.23, id: 0.11 };
const SYMBOL: Record<string, string> = { EUR: "€", GBP: "£", USD: "$", IDR: "Rp" };

const cents = (n: number) => Math.round(n * 100) / 100;

/** An amount the way the language writes money (grouping, decimal mark, symbol or code). */
export function formatMoney(language: Language, value: number): string {
  const w = WORDS[language];
  const digits = language === "id" ? 0 : 2;
  const number = new Intl.NumberFormat(w.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  if (w.money === "code") return `${w.currency} ${number}`;
  return w.money === "symbol-before" ? `${SYMBOL[w.currency]} ${number}` : `${number} ${SYMBOL[w.currency]}`;
}

/** A date the way the language writes it in documents: numeric day-first, or with the month's name. */
export function formatDate(language: Language, iso: string, style: "numeric" | "long" = "numeric"): string {
  const date = new Date(`${iso}T12:00:00Z`);
  const locale = WORDS[language].locale;
  if (style === "long")
    return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(date);
}

const quantity = (language: Language, n: number) => new Intl.NumberFormat(WORDS[language].locale, { maximumFractionDigits: 2 }).format(n);

/** A commercial document in one language, from invented parties, lines and dates. */
export function commercialDocument(options: {
  language: Language;
  kind: Kind;
  vendor: string;
  vendorAddress: string[];
  customer: string;
  customerAddress: string[];
  number: string;
  date: string;
  validUntil?: string;
  lines: Line[];
  dateStyle?: "numeric" | "long";
}): DocSpec {
  const { language, kind } = options;
  const w = WORDS[language];
  const sign = kind === "credit_note" ? -1 : 1;
  const money = (n: number) => formatMoney(language, n);
  const amounts = options.lines.map((l) => sign * cents(l.quantity * l.unitPrice));
  const subtotal = cents(amounts.reduce((s, a) => s + a, 0));
  const tax = cents(subtotal * TAX_RATE[language]);
  const total = cents(subtotal + tax);
  const fields: [string, string][] = [
    [w.number[kind], options.number],
    [w.date, formatDate(language, options.date, options.dateStyle)],
  ];
  if (kind === "quote" && options.validUntil) fields.push([w.valid, formatDate(language, options.validUntil, options.dateStyle)]);
  if (kind === "invoice") fields.push([w.due, formatDate(language, addDays(options.date, 30), options.dateStyle)]);
  return {
    title: w.title[kind],
    vendor: [options.vendor, ...options.vendorAddress],
    customerLabel: w.customer,
    customer: [options.customer, ...options.customerAddress],
    fields,
    header: [...w.header],
    rows: options.lines.map((l, i) => [l.description, quantity(language, l.quantity), money(l.unitPrice), money(amounts[i]!)]),
    totals: [
      [w.subtotal, money(subtotal)],
      [w.tax, money(tax)],
      [w.total, money(total)],
    ],
    footer: [`${options.vendor} · ${w.footer}`],
    expected: {
      type: kind,
      vendor: options.vendor,
      customer: options.customer,
      number: options.number,
      date: options.date,
      validUntil: kind === "quote" ? (options.validUntil ?? null) : null,
      currency: w.currency,
      subtotal,
      tax,
      total,
      items: amounts,
    },
  };
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- renderers

/** Characters the PDF standard fonts cannot draw, written the way a PDF generator would fall back. */
const winAnsi = (s: string) => s.replace(/[\u202f\u00a0]/g, " ").replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, "?");

function drawRight(page: PDFPage, font: PDFFont, text: string, right: number, y: number, size: number) {
  const t = winAnsi(text);
  page.drawText(t, { x: right - font.widthOfTextAtSize(t, size), y, size, font });
}

/**
 * A PDF in the common letter layout: letterhead top left, the title large at the top right
 * with the number and dates under it, the customer block, the item table with right-aligned
 * amounts, the totals under the amounts, and the legal footer at the bottom.
 */
export async function renderPdf(spec: DocSpec): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  let y = 790;
  spec.vendor.forEach((line, i) =>
    page.drawText(winAnsi(line), { x: 50, y: y - i * 14, size: i === 0 ? 13 : 10, font: i === 0 ? bold : font }),
  );
  drawRight(page, bold, spec.title, 545, 790, 20);
  spec.fields.forEach(([label, value], i) => {
    page.drawText(winAnsi(`${label}:`), { x: 330, y: 755 - i * 14, size: 10, font });
    drawRight(page, font, value, 545, 755 - i * 14, 10);
  });
  y = 680;
  if (spec.customerLabel) page.drawText(winAnsi(`${spec.customerLabel}:`), { x: 50, y, size: 10, font: bold });
  spec.customer.forEach((line, i) => page.drawText(winAnsi(line), { x: 50, y: y - 14 * (i + 1), size: 10, font }));
  y = 580;
  // the description from the left margin, every other column right-aligned, the last at the right margin
  const n = spec.header.length;
  const columns = [50, ...Array.from({ length: n - 1 }, (_, i) => 545 - (n - 2 - i) * Math.min(100, 300 / (n - 1)))];
  page.drawText(winAnsi(spec.header[0]!), { x: columns[0]!, y, size: 10, font: bold });
  for (let c = 1; c < n; c++) drawRight(page, bold, spec.header[c]!, columns[c]!, y, 10);
  spec.rows.forEach((row, r) => {
    const ry = y - 18 * (r + 1);
    page.drawText(winAnsi(row[0]!), { x: columns[0]!, y: ry, size: 10, font });
    for (let c = 1; c < n; c++) if (row[c]) drawRight(page, font, row[c]!, columns[c]!, ry, 10);
  });
  y = y - 18 * (spec.rows.length + 2);
  spec.totals.forEach(([label, value], i) => {
    drawRight(page, i === spec.totals.length - 1 ? bold : font, `${label}:`, 440, y - 16 * i, 10);
    drawRight(page, i === spec.totals.length - 1 ? bold : font, value, 545, y - 16 * i, 10);
  });
  spec.footer.forEach((line, i) => page.drawText(winAnsi(line), { x: 50, y: 50 - i * 11, size: 8, font }));
  return Buffer.from(await pdf.save());
}

/**
 * A PDF in the other common layout: the title large at the top left, the issuer's block at the
 * top right, the customer under its label on the left, the number and dates as a row of labels
 * over a row of values, an item table with a position column, and the legal footer.
 */
export async function renderPdfModern(spec: DocSpec): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText(winAnsi(spec.title), { x: 50, y: 780, size: 22, font: bold });
  spec.vendor.forEach((line, i) => drawRight(page, i === 0 ? bold : font, line, 545, 790 - i * 13, i === 0 ? 12 : 9));
  if (spec.customerLabel) page.drawText(winAnsi(spec.customerLabel.toUpperCase()), { x: 50, y: 700, size: 9, font: bold });
  spec.customer.forEach((line, i) => page.drawText(winAnsi(line), { x: 50, y: 686 - i * 13, size: 10, font }));
  const fieldX = [50, 210, 370];
  spec.fields.forEach(([label, value], i) => {
    page.drawText(winAnsi(label), { x: fieldX[i]!, y: 610, size: 9, font: bold });
    page.drawText(winAnsi(value), { x: fieldX[i]!, y: 596, size: 10, font });
  });
  const y = 550;
  const header = ["#", ...spec.header];
  const right = [0, 0, 370, 450, 545];
  page.drawText("#", { x: 50, y, size: 9, font: bold });
  page.drawText(winAnsi(header[1]!), { x: 70, y, size: 9, font: bold });
  for (let c = 2; c < header.length; c++) drawRight(page, bold, header[c]!, right[c]!, y, 9);
  spec.rows.forEach((row, r) => {
    const ry = y - 18 * (r + 1);
    page.drawText(String(r + 1), { x: 50, y: ry, size: 10, font });
    page.drawText(winAnsi(row[0]!), { x: 70, y: ry, size: 10, font });
    for (let c = 1; c < row.length; c++) drawRight(page, font, row[c]!, right[c + 1]!, ry, 10);
  });
  const ty = y - 18 * (spec.rows.length + 2);
  spec.totals.forEach(([label, value], i) => {
    page.drawText(winAnsi(label), { x: 330, y: ty - 16 * i, size: 10, font: i === spec.totals.length - 1 ? bold : font });
    drawRight(page, i === spec.totals.length - 1 ? bold : font, value, 545, ty - 16 * i, 10);
  });
  spec.footer.forEach((line, i) => page.drawText(winAnsi(line), { x: 50, y: 50 - i * 11, size: 8, font }));
  return Buffer.from(await pdf.save());
}

/** A Word document: letterhead paragraphs, the title, labelled fields, the customer, and the items as a Word table. */
export async function renderDocx(spec: DocSpec): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 2000, type: WidthType.DXA } });
  const paragraphs = (lines: string[]) => lines.map((l) => new Paragraph(l));
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: spec.vendor[0]!, bold: true })] }),
          ...paragraphs(spec.vendor.slice(1)),
          new Paragraph({ children: [new TextRun({ text: spec.title, bold: true, size: 36 })] }),
          ...spec.fields.map(([label, value]) => new Paragraph(`${label}: ${value}`)),
          ...(spec.customerLabel ? [new Paragraph(`${spec.customerLabel}:`)] : []),
          ...paragraphs(spec.customer),
          new Table({
            rows: [spec.header, ...spec.rows].map((row) => new TableRow({ children: row.map(cell) })),
          }),
          ...spec.totals.map(([label, value]) => new Paragraph(`${label}: ${value}`)),
          ...paragraphs(spec.footer),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** A spreadsheet: one row per line of the document, the table's cells in columns. */
export async function renderXlsx(spec: DocSpec): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(spec.title);
  for (const line of spec.vendor) sheet.addRow([line]);
  sheet.addRow(["", "", "", spec.title]);
  for (const [label, value] of spec.fields) sheet.addRow(["", "", label, value]);
  if (spec.customerLabel) sheet.addRow([spec.customerLabel]);
  for (const line of spec.customer) sheet.addRow([line]);
  sheet.addRow(spec.header);
  for (const row of spec.rows) sheet.addRow(row);
  for (const [label, value] of spec.totals) sheet.addRow(["", "", label, value]);
  for (const line of spec.footer) sheet.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const LANGUAGES = Object.keys(WORDS) as Language[];

/** One document per language and kind, with different invented parties and lines. */
export function sampleDocument(language: Language, kind: Kind): DocSpec {
  const index = LANGUAGES.indexOf(language);
  // prettier-ignore
  const parties: Record<Language, { vendor: string; address: string[]; customer: string; customerAddress: string[]; lines: string[] }> = {
    en: { vendor: "Harbourline Fabrication Ltd", address: ["14 Quayside Road", "Bristol BS1 4RT", "United Kingdom"], customer: "Pennant Marine Services Ltd", customerAddress: ["2 Dock Lane", "Cardiff CF10 5AB"], lines: ["Stainless railing section", "Welding labour", "Site survey"] },
    fr: { vendor: "Atelier Ravel SARL", address: ["18 rue des Tanneurs", "69002 Lyon", "France"], customer: "Boulangerie Vernet", customerAddress: ["4 place du Marché", "38000 Grenoble"], lines: ["Four à sole 2 étages", "Installation et mise en service", "Contrat d'entretien annuel"] },
    de: { vendor: "Brandt Kältetechnik GmbH", address: ["Industriestraße 12", "50829 Köln", "Deutschland"], customer: "Gasthaus Lindenhof KG", customerAddress: ["Dorfplatz 3", "53111 Bonn"], lines: ["Kühlzelle 2x3 m", "Montage", "Wartungsvertrag"] },
    es: { vendor: "Talleres Ebro S.L.", address: ["Calle Mayor 45", "46001 Valencia", "España"], customer: "Hotel Miramar S.A.", customerAddress: ["Paseo Marítimo 8", "03001 Alicante"], lines: ["Caldera de condensación", "Instalación", "Revisión anual"] },
    nl: { vendor: "Van Dijk Installatietechniek B.V.", address: ["Havenweg 21", "3011 AB Rotterdam", "Nederland"], customer: "Bakkerij De Molen", customerAddress: ["Kerkstraat 5", "2611 HB Delft"], lines: ["Warmtepomp lucht/water", "Montage", "Onderhoudscontract"] },
    it: { vendor: "Officine Lombarde S.r.l.", address: ["Via Roma 22", "20121 Milano", "Italia"], customer: "Trattoria Da Gino", customerAddress: ["Piazza Garibaldi 7", "24121 Bergamo"], lines: ["Forno a legna", "Installazione", "Manutenzione annuale"] },
    pt: { vendor: "Serralharia Tejo Lda", address: ["Rua Augusta 100", "1100-053 Lisboa", "Portugal"], customer: "Pastelaria Belém", customerAddress: ["Rua de Belém 84", "1300-085 Lisboa"], lines: ["Estrutura metálica", "Montagem", "Manutenção anual"] },
    id: { vendor: "PT Sinar Teknik Mandiri", address: ["Jl. Gatot Subroto No. 12", "Jakarta 12930", "Indonesia"], customer: "CV Maju Bersama", customerAddress: ["Jl. Braga No. 8", "Bandung 40111"], lines: ["Genset 10 kVA", "Instalasi", "Perawatan tahunan"] },
  };
  const p = parties[language];
  const prices = language === "id" ? [45_000_000, 3_500_000, 1_250_000] : [4800 + index * 100, 650.5, 1200];
  return commercialDocument({
    language,
    kind,
    vendor: p.vendor,
    vendorAddress: p.address,
    customer: p.customer,
    customerAddress: p.customerAddress,
    number: `${kind === "quote" ? "Q" : kind === "invoice" ? "INV" : "CN"}-2025-${String(100 + index).padStart(4, "0")}`,
    date: `2025-0${3 + (index % 6)}-1${index}`,
    validUntil: addDays(`2025-0${3 + (index % 6)}-1${index}`, 30),
    lines: p.lines.map((description, i) => ({ description, quantity: [1, 8, 1][i]!, unitPrice: prices[i]! })),
    dateStyle: index % 2 === 0 ? "numeric" : "long",
  });
}
