import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * Invoices for the project chat tests, drawn with pdf-lib in several languages and
 * layouts, each knowing its number and its total as printed: English with a US
 * number format, Dutch and German with 1.234,56, French with "Net à payer", Spanish,
 * and an Indian 12,34,567.00. Some put the number and the total in different
 * chunks (a long item table, a second page), one names its number only in a
 * label/value grid. The parties, numbers and amounts are invented.
 */

export interface ChatInvoice {
  fileName: string;
  language: string;
  /** The invoice number as printed. */
  number: string;
  /** The total as printed (the document's own number format, without currency). */
  total: string;
  build: () => Promise<Buffer>;
}

interface Item {
  description: string;
  quantity: number;
  unitPrice: number;
}

interface Layout {
  vendor: string[];
  customer: string[];
  title: string;
  /** Label/value lines under the title. */
  fields: [string, string][];
  /** Column names: description, quantity, unit price, amount. */
  columns: [string, string, string, string];
  items: Item[];
  /** Summary lines after the table: label and amount (the total among them). */
  summary: (sums: { subtotal: number; tax: number; total: number }) => [string, number][];
  taxRate: number;
  money: (n: number) => string;
  /** Lines at the foot of the last page. */
  footer: string[];
  /** Rows per page before the table continues on the next page. */
  rowsPerPage?: number;
  /** The invoice number printed in every page's header too. */
  numberOnEveryPage?: boolean;
}

const A4: [number, number] = [595, 842];
const MARGIN = 50;

const group = (integer: string, separator: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** 1234.5 -> "1,234.50" */
export const usMoney = (n: number) => {
  const [i, d] = n.toFixed(2).split(".");
  return `${group(i!, ",")}.${d}`;
};
/** 1234.5 -> "1.234,50" */
export const euMoney = (n: number) => {
  const [i, d] = n.toFixed(2).split(".");
  return `${group(i!, ".")},${d}`;
};
/** 1234.5 -> "1 234,50" */
export const frMoney = (n: number) => {
  const [i, d] = n.toFixed(2).split(".");
  return `${group(i!, " ")},${d}`;
};
/** 1234567 -> "12,34,567.00" */
export const indianMoney = (n: number) => {
  const [i, d] = n.toFixed(2).split(".");
  const last3 = i!.slice(-3);
  const rest = i!.slice(0, -3);
  return `${rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},` : ""}${last3}.${d}`;
};

const round = (n: number) => Math.round(n * 100) / 100;

function totals(items: Item[], taxRate: number) {
  const subtotal = round(items.reduce((sum, i) => sum + round(i.quantity * i.unitPrice), 0));
  const tax = round(subtotal * taxRate);
  return { subtotal, tax, total: round(subtotal + tax) };
}

class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {}
  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }
  text(x: number, text: string, options: { size?: number; bold?: boolean; right?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const at = options.right ? x - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: at, y: this.y, size, font });
  }
  down(points = 14) {
    this.y -= points;
  }
}

async function draw(layout: Layout, number: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const right = A4[0] - MARGIN;
  const columns = [MARGIN, 330, 420, right];

  const head = (first: boolean) => {
    w.newPage();
    if (first) {
      for (const [i, line] of layout.vendor.entries()) {
        w.text(MARGIN, line, { bold: i === 0, size: i === 0 ? 14 : 10 });
        w.down(i === 0 ? 18 : 13);
      }
      w.down(10);
      for (const line of layout.customer) {
        w.text(MARGIN, line);
        w.down(13);
      }
      w.down(16);
      w.text(MARGIN, layout.title, { bold: true, size: 16 });
      w.down(24);
      for (const [label, value] of layout.fields) {
        w.text(MARGIN, label);
        w.text(180, value);
        w.down(14);
      }
      w.down(14);
    } else if (layout.numberOnEveryPage) {
      w.text(MARGIN, `${layout.title} ${number}`, { bold: true });
      w.down(24);
    } else w.down(20);
    w.text(columns[0]!, layout.columns[0], { bold: true });
    w.text(columns[1]!, layout.columns[1], { bold: true, right: true });
    w.text(columns[2]! + 40, layout.columns[2], { bold: true, right: true });
    w.text(columns[3]!, layout.columns[3], { bold: true, right: true });
    w.down(16);
  };

  head(true);
  const perPage = layout.rowsPerPage ?? 30;
  layout.items.forEach((item, i) => {
    if (i > 0 && i % perPage === 0) head(false);
    w.text(columns[0]!, item.description);
    w.text(columns[1]!, String(item.quantity), { right: true });
    w.text(columns[2]! + 40, layout.money(item.unitPrice), { right: true });
    w.text(columns[3]!, layout.money(round(item.quantity * item.unitPrice)), { right: true });
    w.down(15);
  });
  w.down(10);
  for (const [label, amount] of layout.summary(totals(layout.items, layout.taxRate))) {
    w.text(400, label, { bold: true });
    w.text(right, layout.money(amount), { right: true, bold: true });
    w.down(16);
  }
  w.down(20);
  for (const line of layout.footer) {
    w.text(MARGIN, line, { size: 8 });
    w.down(11);
  }
  w.pages.forEach((p, i) => p.drawText(`${i + 1} / ${w.pages.length}`, { x: right - 30, y: 30, size: 8 }));
  return Buffer.from(await doc.save());
}

const items = (names: string[], seed: number): Item[] =>
  names.map((description, i) => ({
    description,
    quantity: 1 + ((seed + i * 7) % 9),
    unitPrice: round(12.5 + ((seed * 31 + i * 97) % 400) + ((i * 13) % 100) / 100),
  }));

const PARTS = [
  "Steel bracket 40 mm",
  "Hex bolts M8, box of 50",
  "Hydraulic hose 2 m",
  "Pressure gauge 0-10 bar",
  "Cable tray 3 m",
  "LED panel 60x60",
  "Junction box IP65",
  "Copper pipe 15 mm",
  "Ball valve 1/2 inch",
  "Mounting rail 2 m",
];

function invoice(
  fileName: string,
  language: string,
  number: string,
  layout: Omit<Layout, "money"> & { money: (n: number) => string },
): ChatInvoice {
  const { total } = totals(layout.items, layout.taxRate);
  return { fileName, language, number, total: layout.money(total), build: () => draw(layout, number) };
}

/** The invoices, in several languages and layouts (see the module comment). */
export function chatInvoices(): ChatInvoice[] {
  return [
    invoice("northwind-invoice.pdf", "en", "INV/2024/05/0012", {
      vendor: ["Northwind Supplies Inc.", "12 Harbor Road, Portland, OR 97201", "billing@northwind.example"],
      customer: ["Bill To:", "Riverside Builders LLC", "1 River Road, Salem, OR 97301"],
      title: "INVOICE",
      fields: [
        ["Invoice Number:", "INV/2024/05/0012"],
        ["Invoice Date:", "May 14, 2024"],
        ["Due Date:", "June 13, 2024"],
      ],
      columns: ["Description", "Qty", "Unit Price", "Amount"],
      items: items(PARTS.slice(0, 6), 3),
      taxRate: 0.08,
      summary: ({ subtotal, tax, total }) => [
        ["Subtotal", subtotal],
        ["Sales Tax 8%", tax],
        ["Total Due", total],
      ],
      money: (n) => `$${usMoney(n)}`,
      footer: ["Payment terms: Net 30. Please quote the invoice number with your payment."],
    }),
    invoice("rotterdam-factuur.pdf", "nl", "20240517", {
      vendor: ["Van Dijk Techniek B.V.", "Havenstraat 12, 3011 AB Rotterdam", "KvK 12345678 - BTW NL001234567B01"],
      customer: ["Bouwbedrijf De Vries", "Kerkweg 3, 3512 JE Utrecht"],
      title: "FACTUUR",
      fields: [
        ["Factuurnummer:", "20240517"],
        ["Factuurdatum:", "17 mei 2024"],
        ["Klantnummer:", "88213"],
      ],
      columns: ["Omschrijving", "Aantal", "Prijs per stuk", "Bedrag"],
      items: items(PARTS.slice(2, 9), 11),
      taxRate: 0.21,
      summary: ({ subtotal, tax, total }) => [
        ["Subtotaal", subtotal],
        ["BTW 21%", tax],
        ["Totaal", total],
      ],
      money: (n) => `€ ${euMoney(n)}`,
      footer: ["Betaling binnen 14 dagen op IBAN NL00BANK0123456789 onder vermelding van het factuurnummer."],
    }),
    // A long table over two pages: the number on page 1 only, the total on page 2.
    invoice("gelnhausen-rechnung.pdf", "de", "RE-2024-00731", {
      vendor: ["Mainblick Elektro GmbH", "Uferstraße 8, 63571 Gelnhausen", "USt-IdNr. DE123456789"],
      customer: ["Hofmann Bau AG", "Lindenallee 4, 60311 Frankfurt am Main"],
      title: "Rechnung",
      fields: [
        ["Rechnungsnr.", "RE-2024-00731"],
        ["Rechnungsdatum", "3. Juni 2024"],
        ["Kundennr.", "40118"],
      ],
      columns: ["Beschreibung", "Menge", "Einzelpreis", "Gesamtpreis"],
      items: items(
        Array.from({ length: 44 }, (_, i) => `${PARTS[i % PARTS.length]!} Pos. ${i + 1}`),
        5,
      ),
      rowsPerPage: 34,
      taxRate: 0.19,
      summary: ({ subtotal, tax, total }) => [
        ["Nettobetrag", subtotal],
        ["MwSt. 19%", tax],
        ["Gesamtbetrag", total],
      ],
      money: (n) => `${euMoney(n)} EUR`,
      footer: ["Zahlbar innerhalb von 14 Tagen ohne Abzug."],
    }),
    invoice("lyon-facture.pdf", "fr", "F-2024-0042", {
      vendor: ["Atelier Rhône Équipements SARL", "27 rue des Forges, 69100 Villeurbanne", "SIRET 123 456 789 00012"],
      customer: ["Client : Boulangerie Martin", "5 place Bellecour, 69002 Lyon"],
      title: "Facture n° F-2024-0042",
      fields: [
        ["Date :", "12/06/2024"],
        ["Échéance :", "12/07/2024"],
      ],
      columns: ["Désignation", "Quantité", "P.U. HT", "Montant HT"],
      items: items(PARTS.slice(1, 5), 17),
      taxRate: 0.2,
      summary: ({ subtotal, tax, total }) => [
        ["Total HT", subtotal],
        ["TVA 20 %", tax],
        ["Net à payer TTC", total],
      ],
      money: (n) => `${frMoney(n)} €`,
      footer: ["Pénalités de retard : trois fois le taux d'intérêt légal. Pas d'escompte pour paiement anticipé."],
    }),
    invoice("sevilla-factura.pdf", "es", "A-2024/118", {
      vendor: ["Suministros Guadalquivir S.L.", "Calle Betis 44, 41010 Sevilla", "CIF B12345678"],
      customer: ["Cliente: Construcciones Ruiz S.A.", "Avenida de la Palmera 9, 41012 Sevilla"],
      title: "FACTURA",
      fields: [
        ["Nº factura:", "A-2024/118"],
        ["Fecha:", "20/06/2024"],
      ],
      columns: ["Descripción", "Cantidad", "Precio", "Importe"],
      items: items(PARTS.slice(4, 10), 23),
      taxRate: 0.21,
      summary: ({ subtotal, tax, total }) => [
        ["Base imponible", subtotal],
        ["IVA 21%", tax],
        ["Importe total", total],
      ],
      money: (n) => `${euMoney(n)} €`,
      footer: ["Forma de pago: transferencia bancaria a 30 días."],
    }),
    // Indian grouping, and a number written as "# CODE" like a web shop prints it.
    invoice("bangalore-tax-invoice.pdf", "en-IN", "#BLR_KX2024100045", {
      vendor: ["Kaveri Industrial Traders Pvt. Ltd.", "No. 18, 2nd Cross, Peenya, Bengaluru 560058", "GSTIN 29ABCDE1234F1Z5"],
      customer: ["Billing Address", "Sharma Engineering Works, Lucknow 226010"],
      title: "Tax Invoice",
      fields: [
        ["Invoice No:", "#BLR_KX2024100045"],
        ["Invoice Date:", "02-10-2024"],
      ],
      columns: ["Product", "Qty", "Rate", "Total"],
      items: [
        { description: "CNC lathe spindle assembly", quantity: 2, unitPrice: 412500 },
        { description: "Servo motor 5 kW", quantity: 3, unitPrice: 96800 },
        { description: "Installation and commissioning", quantity: 1, unitPrice: 45000 },
      ],
      taxRate: 0.18,
      summary: ({ subtotal, tax, total }) => [
        ["Taxable value", subtotal],
        ["IGST 18%", tax],
        ["Grand Total", total],
      ],
      money: (n) => `Rs. ${indianMoney(n)}`,
      footer: ["This is a computer generated invoice."],
    }),
  ];
}
