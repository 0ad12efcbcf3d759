import ExcelJS from "exceljs";
import { renderText } from "./bitmap-font";
import { writeDoc, writeXls, type XlsCell } from "./legacy-writers";
import { PAGE_HEIGHT, PAGE_WIDTH, textWidth, writePdf, type PdfPageSpec, type TextRun } from "./pdf-writer";
import { encodeJpeg } from "./jpeg";
import type { Raster } from "@quorum/core/extract/raster";
import { encodePng, encodeTiff } from "./raster-encoders";
import type { DocumentKind } from "@quorum/core/extract/types";
import { writeZip } from "./zip-writer";

/**
 * Realistic test documents built in code: one vendor quote rendered as every file type we read,
 * each with the numbers an extraction must recover (`expected`), plus a large PDF for
 * benchmarks. Used by the extraction tests and, later, by the pipeline and chat tests.
 */

export interface LineItem {
  qty: number;
  description: string;
  unitPrice: number;
  amount: number;
}

export interface QuoteFixture {
  vendor: string;
  vendorAddress: string;
  customer: string;
  quoteNumber: string;
  /** As printed (MM/DD/YYYY) and as ISO. */
  quoteDate: string;
  quoteDateIso: string;
  validUntil: string;
  validUntilIso: string;
  items: LineItem[];
  subtotal: number;
  taxRate: number;
  tax: number;
  shipping: number;
  total: number;
  terms: string;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Builds a quote whose amounts and totals are computed from the items, as a vendor's would be. */
export function makeQuote(input: {
  vendor: string;
  vendorAddress: string;
  customer: string;
  quoteNumber: string;
  quoteDateIso: string;
  validUntilIso: string;
  items: Omit<LineItem, "amount">[];
  taxRate: number;
  shipping: number;
  terms: string;
}): QuoteFixture {
  const items = input.items.map((i) => ({ ...i, amount: cents(i.qty * i.unitPrice) }));
  const subtotal = cents(items.reduce((sum, i) => sum + i.amount, 0));
  const tax = cents(subtotal * input.taxRate);
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  return {
    ...input,
    quoteDate: us(input.quoteDateIso),
    validUntil: us(input.validUntilIso),
    items,
    subtotal,
    tax,
    total: cents(subtotal + tax + input.shipping),
  };
}

export const VENDOR_QUOTE: QuoteFixture = makeQuote({
  vendor: "Acme Industrial Supply Co.",
  vendorAddress: "1200 Harbor Blvd, Long Beach, CA 90813",
  customer: "Northwind Builders LLC",
  quoteNumber: "AIS-2024-0117",
  quoteDateIso: "2024-03-14",
  validUntilIso: "2024-04-13",
  items: [
    { qty: 10, description: "Steel mounting bracket 40 mm", unitPrice: 12.5 },
    { qty: 4, description: "Hydraulic pump HP-220", unitPrice: 389.99 },
    { qty: 25, description: "Stainless hex bolts M8 (box of 50)", unitPrice: 7.2 },
    { qty: 2, description: "Installation labor (hours)", unitPrice: 95 },
  ],
  taxRate: 0.0825,
  shipping: 45,
  terms: "Payment terms: Net 30. Prices in USD.",
});

/** $1,234.50 */
export const money = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** The strings every correct extraction of the quote must contain. */
export function expectedStrings(quote: QuoteFixture = VENDOR_QUOTE): string[] {
  return [
    quote.vendor,
    quote.quoteNumber,
    money(quote.subtotal),
    money(quote.tax),
    money(quote.shipping),
    money(quote.total),
    ...quote.items.map((i) => money(i.amount)),
  ];
}

/** The quote as lines of text, the layout shared by the text, CSV and scanned versions. */
export function quoteLines(quote: QuoteFixture = VENDOR_QUOTE): string[] {
  return [
    quote.vendor,
    quote.vendorAddress,
    "QUOTATION",
    `Quote No: ${quote.quoteNumber}`,
    `Date: ${quote.quoteDate}`,
    `Valid Until: ${quote.validUntil}`,
    `Bill To: ${quote.customer}`,
    "",
    "Qty | Description | Unit Price | Amount",
    ...quote.items.map((i) => `${i.qty} | ${i.description} | ${money(i.unitPrice)} | ${money(i.amount)}`),
    "",
    `Subtotal: ${money(quote.subtotal)}`,
    `Tax (${percent(quote.taxRate)}): ${money(quote.tax)}`,
    `Shipping: ${money(quote.shipping)}`,
    `Total: ${money(quote.total)}`,
    "",
    quote.terms,
  ];
}

const right = (x: number, y: number, text: string, size = 10, bold = false): TextRun => ({
  x: x - textWidth(text, size),
  y,
  text,
  size,
  bold,
});

/** The quote's page as positioned runs. Table cells are emitted column by column, as many
 * generators do, so only grouping by baseline puts each row back together. */
function quotePageRuns(quote: QuoteFixture): TextRun[] {
  const runs: TextRun[] = [
    { x: 50, y: 740, text: quote.vendor, size: 18, bold: true },
    { x: 50, y: 722, text: quote.vendorAddress },
    right(562, 740, "QUOTATION", 16, true),
    right(562, 718, `Quote No: ${quote.quoteNumber}`),
    right(562, 704, `Date: ${quote.quoteDate}`),
    right(562, 690, `Valid Until: ${quote.validUntil}`),
    { x: 50, y: 660, text: "Bill To:", bold: true },
    { x: 50, y: 646, text: quote.customer },
  ];
  const top = 600;
  const rowY = (i: number) => top - 20 - i * 18;
  runs.push(
    { x: 50, y: top, text: "Qty", bold: true },
    { x: 100, y: top, text: "Description", bold: true },
    right(450, top, "Unit Price", 10, true),
    right(562, top, "Amount", 10, true),
  );
  quote.items.forEach((item, i) => runs.push(right(70, rowY(i), String(item.qty))));
  quote.items.forEach((item, i) => runs.push({ x: 100, y: rowY(i), text: item.description }));
  quote.items.forEach((item, i) => runs.push(right(450, rowY(i), money(item.unitPrice))));
  quote.items.forEach((item, i) => runs.push(right(562, rowY(i), money(item.amount))));
  const totalsTop = rowY(quote.items.length) - 16;
  const totals: [string, string][] = [
    ["Subtotal:", money(quote.subtotal)],
    [`Tax (${percent(quote.taxRate)}):`, money(quote.tax)],
    ["Shipping:", money(quote.shipping)],
    ["Total:", money(quote.total)],
  ];
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    runs.push({ x: 380, y: totalsTop - i * 16, text: label, bold: last }, right(562, totalsTop - i * 16, value, 10, last));
  });
  runs.push({ x: 50, y: 100, text: quote.terms, size: 9 });
  return runs;
}

/** A one-page vendor quote PDF with a text layer. */
export function quotePdf(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  return writePdf([{ runs: quotePageRuns(quote) }]);
}

/** The quote "printed and scanned": dark text on white with soft edges, at about 150 dpi. */
export function scannedQuoteRaster(quote: QuoteFixture = VENDOR_QUOTE): Raster {
  return renderText(quoteLines(quote), { margin: 60 });
}

export const scannedQuotePng = (quote: QuoteFixture = VENDOR_QUOTE) => encodePng(scannedQuoteRaster(quote));
export const scannedQuoteTiff = (quote: QuoteFixture = VENDOR_QUOTE) => encodeTiff(scannedQuoteRaster(quote));
/** A JPEG, as a phone or a chat attachment would send it. */
export const scannedQuoteJpeg = (quote: QuoteFixture = VENDOR_QUOTE) => encodeJpeg(scannedQuoteRaster(quote), 80);

/**
 * A PDF whose only page is the scan: no text layer at all. Scanners store the picture as JPEG
 * (colour and grey scans), 1-bit black and white (document mode) or Flate.
 */
export function scannedQuotePdf(quote: QuoteFixture = VENDOR_QUOTE, encoding: "flate" | "jpeg" | "bilevel" = "flate"): Buffer {
  const raster = scannedQuoteRaster(quote);
  const scale = Math.min((PAGE_WIDTH - 40) / raster.width, (PAGE_HEIGHT - 40) / raster.height);
  const width = raster.width * scale;
  const height = raster.height * scale;
  return writePdf([{ runs: [], image: { raster, x: 20, y: PAGE_HEIGHT - 20 - height, width, height, encoding } }]);
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A .docx with header paragraphs, the line items as a real Word table, and totals. */
export function quoteDocx(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  const paragraph = (text: string, bold = false) =>
    `<w:p><w:r>${bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${paragraph(text)}</w:tc>`;
  const row = (cells: string[]) => `<w:tr>${cells.map(cell).join("")}</w:tr>`;
  const table = [
    `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>`,
    `<w:gridCol w:w="1000"/><w:gridCol w:w="4000"/><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid>`,
    row(["Qty", "Description", "Unit Price", "Amount"]),
    ...quote.items.map((i) => row([String(i.qty), i.description, money(i.unitPrice), money(i.amount)])),
    `</w:tbl>`,
  ].join("");
  const body = [
    paragraph(quote.vendor, true),
    paragraph(quote.vendorAddress),
    paragraph("QUOTATION", true),
    paragraph(`Quote No: ${quote.quoteNumber}`),
    paragraph(`Date: ${quote.quoteDate}`),
    paragraph(`Valid Until: ${quote.validUntil}`),
    paragraph(`Bill To: ${quote.customer}`),
    table,
    paragraph(`Subtotal: ${money(quote.subtotal)}`),
    paragraph(`Tax (${percent(quote.taxRate)}): ${money(quote.tax)}`),
    paragraph(`Shipping: ${money(quote.shipping)}`),
    paragraph(`Total: ${money(quote.total)}`, true),
    paragraph(quote.terms),
  ].join("");
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  return writeZip([
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: "word/_rels/document.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      // mammoth resolves the table's style id and fails when the styles part is missing
      name: "word/styles.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`,
    },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`,
    },
  ]);
}

/** A Word 97-2003 .doc with the same content (the line items as a Word table). */
export function quoteDoc(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  return writeDoc([
    { paragraph: quote.vendor },
    { paragraph: quote.vendorAddress },
    { paragraph: "QUOTATION" },
    { paragraph: `Quote No: ${quote.quoteNumber}` },
    { paragraph: `Date: ${quote.quoteDate}` },
    { paragraph: `Valid Until: ${quote.validUntil}` },
    { paragraph: `Bill To: ${quote.customer}` },
    {
      table: [
        ["Qty", "Description", "Unit Price", "Amount"],
        ...quote.items.map((i) => [String(i.qty), i.description, money(i.unitPrice), money(i.amount)]),
      ],
    },
    { paragraph: `Subtotal: ${money(quote.subtotal)}` },
    { paragraph: `Tax (${percent(quote.taxRate)}): ${money(quote.tax)}` },
    { paragraph: `Shipping: ${money(quote.shipping)}` },
    { paragraph: `Total: ${money(quote.total)}` },
    { paragraph: quote.terms },
  ]);
}

/** An .xlsx as a vendor would send it: numbers as numbers in currency format, formulas for totals. */
export async function quoteXlsx(quote: QuoteFixture = VENDOR_QUOTE): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Quote");
  const currency = '"$"#,##0.00';
  sheet.addRow([quote.vendor]);
  sheet.addRow([quote.vendorAddress]);
  sheet.addRow(["Quote No", quote.quoteNumber]);
  sheet.addRow(["Date", new Date(`${quote.quoteDateIso}T00:00:00Z`)]).getCell(2).numFmt = "yyyy-mm-dd";
  sheet.addRow(["Valid Until", new Date(`${quote.validUntilIso}T00:00:00Z`)]).getCell(2).numFmt = "yyyy-mm-dd";
  sheet.addRow(["Bill To", quote.customer]);
  sheet.addRow([]);
  sheet.addRow(["Qty", "Description", "Unit Price", "Amount"]);
  const first = sheet.rowCount + 1;
  for (const item of quote.items) {
    const row = sheet.addRow([
      item.qty,
      item.description,
      item.unitPrice,
      { formula: `A${sheet.rowCount + 1}*C${sheet.rowCount + 1}`, result: item.amount },
    ]);
    row.getCell(3).numFmt = currency;
    row.getCell(4).numFmt = currency;
  }
  const last = sheet.rowCount;
  const totals: [string, ExcelJS.CellValue, string][] = [
    ["Subtotal", { formula: `SUM(D${first}:D${last})`, result: quote.subtotal }, currency],
    ["Tax Rate", quote.taxRate, "0.00%"],
    ["Tax", { formula: `ROUND(D${last + 1}*D${last + 2},2)`, result: quote.tax }, currency],
    ["Shipping", quote.shipping, currency],
    ["Total", { formula: `D${last + 1}+D${last + 3}+D${last + 4}`, result: quote.total }, currency],
  ];
  for (const [label, value, format] of totals) sheet.addRow(["", "", label, value]).getCell(4).numFmt = format;
  sheet.mergeCells(`A1:D1`);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same workbook in the legacy .xls (BIFF8) format. */
export function quoteXls(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  const rows: XlsCell[][] = [
    [quote.vendor],
    [quote.vendorAddress],
    ["Quote No", quote.quoteNumber],
    ["Date", { value: isoToSerial(quote.quoteDateIso), format: "date" }],
    ["Valid Until", { value: isoToSerial(quote.validUntilIso), format: "date" }],
    ["Bill To", quote.customer],
    [],
    ["Qty", "Description", "Unit Price", "Amount"],
    ...quote.items.map((i): XlsCell[] => [
      i.qty,
      i.description,
      { value: i.unitPrice, format: "currency" },
      { value: i.amount, format: "currency" },
    ]),
  ];
  const firstItemRow = 8;
  const lastItemRow = firstItemRow + quote.items.length - 1;
  rows.push(
    [null, null, "Subtotal", { value: quote.subtotal, format: "currency", sumAbove: { firstRow: firstItemRow, lastRow: lastItemRow } }],
    [null, null, "Tax Rate", { value: quote.taxRate, format: "percent" }],
    [null, null, "Tax", { value: quote.tax, format: "currency" }],
    [null, null, "Shipping", { value: quote.shipping, format: "currency" }],
    [null, null, "Total", { value: quote.total, format: "currency" }],
  );
  return writeXls([{ name: "Quote", rows }]);
}

/** Excel's serial day number (1900 system) of an ISO date. */
export const isoToSerial = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25569;

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The line items and totals as a CSV export (quoted fields where commas appear). */
export function quoteCsv(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  const rows = [
    ["Quote No", quote.quoteNumber, "", ""],
    ["Vendor", quote.vendor, "", ""],
    ["Qty", "Description", "Unit Price", "Amount"],
    ...quote.items.map((i) => [String(i.qty), i.description, money(i.unitPrice), money(i.amount)]),
    ["", "", "Subtotal", money(quote.subtotal)],
    ["", "", "Tax", money(quote.tax)],
    ["", "", "Shipping", money(quote.shipping)],
    ["", "", "Total", money(quote.total)],
  ];
  return Buffer.from(rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n", "utf8");
}

export function quoteTxt(quote: QuoteFixture = VENDOR_QUOTE): Buffer {
  return Buffer.from(quoteLines(quote).join("\n") + "\n", "utf8");
}

export interface FixtureFile {
  fileName: string;
  contentType: string;
  kind: DocumentKind;
  /** Read by OCR: slow (seconds) and approximate. */
  ocr: boolean;
  build: () => Buffer | Promise<Buffer>;
}

/** Every fixture of the quote, for table-driven tests. */
export function quoteFiles(quote: QuoteFixture = VENDOR_QUOTE): FixtureFile[] {
  return [
    { fileName: "acme-quote.pdf", contentType: "application/pdf", kind: "pdf", ocr: false, build: () => quotePdf(quote) },
    {
      fileName: "acme-quote.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      kind: "docx",
      ocr: false,
      build: () => quoteDocx(quote),
    },
    { fileName: "acme-quote.doc", contentType: "application/msword", kind: "doc", ocr: false, build: () => quoteDoc(quote) },
    {
      fileName: "acme-quote.xlsx",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      kind: "xlsx",
      ocr: false,
      build: () => quoteXlsx(quote),
    },
    { fileName: "acme-quote.xls", contentType: "application/vnd.ms-excel", kind: "xls", ocr: false, build: () => quoteXls(quote) },
    { fileName: "acme-quote.csv", contentType: "text/csv", kind: "csv", ocr: false, build: () => quoteCsv(quote) },
    { fileName: "acme-quote.txt", contentType: "text/plain", kind: "txt", ocr: false, build: () => quoteTxt(quote) },
    { fileName: "acme-quote-scan.png", contentType: "image/png", kind: "png", ocr: true, build: () => scannedQuotePng(quote) },
    { fileName: "acme-quote-scan.tiff", contentType: "image/tiff", kind: "tiff", ocr: true, build: () => scannedQuoteTiff(quote) },
    { fileName: "acme-quote-photo.jpg", contentType: "image/jpeg", kind: "jpeg", ocr: true, build: () => scannedQuoteJpeg(quote) },
    { fileName: "acme-quote-scan.pdf", contentType: "application/pdf", kind: "pdf", ocr: true, build: () => scannedQuotePdf(quote) },
  ];
}

/** A deterministic pseudo-random sequence, so generated documents are identical run to run. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const PARTS = ["bracket", "pump", "valve", "bolt", "gasket", "bearing", "flange", "coupling", "hose", "filter"];

/** A price list of `pages` pages, 36 item rows each, for throughput benchmarks. */
export function generatePdf(pages: number): Buffer {
  const random = sequence(pages);
  const specs: PdfPageSpec[] = [];
  for (let p = 1; p <= pages; p++) {
    const runs: TextRun[] = [
      { x: 50, y: 750, text: `Acme Industrial Supply Co. - Price List`, size: 14, bold: true },
      { x: 50, y: 730, text: "Qty", bold: true },
      { x: 100, y: 730, text: "Description", bold: true },
      right(450, 730, "Unit Price", 10, true),
      right(562, 730, "Amount", 10, true),
    ];
    for (let r = 0; r < 36; r++) {
      const y = 710 - r * 17;
      const qty = 1 + Math.floor(random() * 50);
      const price = cents(1 + random() * 500);
      const part = PARTS[Math.floor(random() * PARTS.length)]!;
      runs.push(
        right(70, y, String(qty)),
        { x: 100, y, text: `Item ${p}-${r + 1} ${part} model ${Math.floor(random() * 9000) + 1000}` },
        right(450, y, money(price)),
        right(562, y, money(cents(qty * price))),
      );
    }
    runs.push({ x: 270, y: 50, text: `Page ${p} of ${pages}`, size: 9 });
    specs.push({ runs });
  }
  return writePdf(specs);
}
