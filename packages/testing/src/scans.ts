/**
 * Pages that only OCR can read, generated: a page is laid out as text with pdf-lib (Helvetica),
 * rendered to pixels with the product's own renderer (PDFium), then turned into what real files
 * carry: a scanned picture (with speckle and a little blur), a stack of image strips, glyphs drawn
 * as vector outlines, a text layer of glyph soup over a picture, multi-page TIFFs and noise.
 */
import { openPdfRenderer, newPdfium, type GreyImage } from "@quorum/core/extract/render";
import { encodePng } from "./raster-encoders";
import { PDFDict, PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/** A line of text on the page, top-left origin, in points. */
export interface TextLine {
  text: string;
  x: number;
  y: number;
  size?: number;
}

export const A4 = { width: 595, height: 842 };

/** A simple quote laid out as lines, in the language of the labels given. */
export function quoteLines(labels: {
  title: string;
  number: string;
  date: string;
  description: string;
  quantity: string;
  price: string;
  amount: string;
  subtotal: string;
  tax: string;
  total: string;
  items: [string, string, string, string][];
  totals: [string, string, string];
  vendor: string;
  customer: string;
}): TextLine[] {
  const lines: TextLine[] = [
    { text: labels.vendor, x: 50, y: 60, size: 16 },
    { text: "12 Harbour Road, Portsmouth", x: 50, y: 80, size: 10 },
    { text: labels.title, x: 400, y: 60, size: 20 },
    { text: labels.number, x: 400, y: 90, size: 11 },
    { text: labels.date, x: 400, y: 106, size: 11 },
    { text: labels.customer, x: 50, y: 150, size: 11 },
    { text: labels.description, x: 50, y: 220, size: 11 },
    { text: labels.quantity, x: 300, y: 220, size: 11 },
    { text: labels.price, x: 380, y: 220, size: 11 },
    { text: labels.amount, x: 480, y: 220, size: 11 },
  ];
  labels.items.forEach(([description, quantity, price, amount], i) => {
    const y = 245 + i * 20;
    lines.push({ text: description, x: 50, y }, { text: quantity, x: 300, y }, { text: price, x: 380, y }, { text: amount, x: 480, y });
  });
  const top = 260 + labels.items.length * 20;
  [labels.subtotal, labels.tax, labels.total].forEach((label, i) => {
    lines.push({ text: label, x: 340, y: top + i * 20, size: 11 }, { text: labels.totals[i]!, x: 480, y: top + i * 20, size: 11 });
  });
  return lines;
}

export const ENGLISH_QUOTE = quoteLines({
  vendor: "Northwind Fabrication Ltd",
  title: "QUOTATION",
  number: "Quote No. NF-4471",
  date: "Date: 14 March 2025",
  customer: "Bill to: Harbour Marine Services",
  description: "Description",
  quantity: "Qty",
  price: "Unit price",
  amount: "Amount",
  items: [
    ["Steel bracket, galvanised", "40", "12.50", "500.00"],
    ["Hydraulic hose assembly", "6", "87.00", "522.00"],
    ["Installation labour (hours)", "16", "65.00", "1,040.00"],
  ],
  subtotal: "Subtotal",
  tax: "VAT 20%",
  total: "Total",
  totals: ["2,062.00", "412.40", "2,474.40"],
});

export const FRENCH_QUOTE = quoteLines({
  vendor: "Atelier Mécanique Duval",
  title: "DEVIS",
  number: "Devis n° DV-2291",
  date: "Date : 3 février 2025",
  customer: "Client : Société Générale de Câblage",
  description: "Désignation",
  quantity: "Quantité",
  price: "Prix unitaire",
  amount: "Montant",
  items: [
    ["Pièces détachées spéciales", "12", "18,50", "222,00"],
    ["Main-d'œuvre qualifiée", "9", "55,00", "495,00"],
    ["Déplacement et matériel", "1", "120,00", "120,00"],
  ],
  subtotal: "Total HT",
  tax: "TVA 20 %",
  total: "Net à payer TTC",
  totals: ["837,00", "167,40", "1 004,40"],
});

function drawText(page: PDFPage, font: PDFFont, lines: TextLine[]) {
  for (const line of lines) {
    const size = line.size ?? 10;
    page.drawText(line.text, { x: line.x, y: page.getHeight() - line.y - size, size, font });
  }
}

/** An ordinary text PDF of the lines, one page per entry. */
export async function textPdf(pages: TextLine[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) drawText(pdf.addPage([A4.width, A4.height]), font, lines);
  return Buffer.from(await pdf.save());
}

/** The lines as a "scan": rendered at `dpi`, then speckled and softened as paper through a scanner comes out. */
export async function scanOf(lines: TextLine[], options: { dpi?: number; speckle?: number } = {}): Promise<GreyImage> {
  const renderer = await openPdfRenderer(await textPdf([lines]));
  try {
    const image = renderer.render(0, options.dpi ?? 200, 40_000_000)!;
    const { width, height, data } = image;
    const out = new Uint8Array(data.length);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        // a 3-tap horizontal blur, a grey paper tone and speckle
        const blurred = (data[i]! * 2 + (data[i - 1] ?? 255) + (data[i + 1] ?? 255)) / 4;
        const speck = random() < (options.speckle ?? 0.002) ? -180 : 0;
        out[i] = Math.max(0, Math.min(255, blurred * 0.92 + 8 + speck + (random() - 0.5) * 20));
      }
    }
    return { ...image, data: out };
  } finally {
    renderer.close();
  }
}

export const pngOf = (image: GreyImage) => encodePng({ width: image.width, height: image.height, channels: 1, data: image.data });

/** A PDF page that is one scanned picture of the lines (no text layer). */
export async function scannedPdf(pages: TextLine[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const lines of pages) {
    const png = await pdf.embedPng(pngOf(await scanOf(lines)));
    pdf.addPage([A4.width, A4.height]).drawImage(png, { x: 0, y: 0, width: A4.width, height: A4.height });
  }
  return Buffer.from(await pdf.save());
}

/** A page composited from `count` horizontal image strips, as some scanners and PDF printers write it. */
export async function stripsPdf(lines: TextLine[], count = 15): Promise<Buffer> {
  const image = await scanOf(lines);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([A4.width, A4.height]);
  const rows = Math.ceil(image.height / count);
  for (let top = 0; top < image.height; top += rows) {
    const height = Math.min(rows, image.height - top);
    const strip = { ...image, height, data: image.data.subarray(top * image.width, (top + height) * image.width) };
    const png = await pdf.embedPng(pngOf(strip));
    page.drawImage(png, {
      x: 0,
      y: A4.height - (top + height) / image.scale,
      width: A4.width,
      height: height / image.scale,
    });
  }
  return Buffer.from(await pdf.save());
}

/**
 * A PDF whose text is drawn as vector outlines (filled paths, no text layer), as design tools
 * and some PDF printers export: each glyph's outline comes from PDFium's copy of Helvetica.
 * `textLayer` lines are written as real text on top (a footer a printing system stamped, say).
 */
export async function outlinedPdf(lines: TextLine[], textLayer: TextLine[] = []): Promise<Buffer> {
  const pdfium = await newPdfium();
  const document = pdfium.FPDF_CreateNewDocument();
  const font = pdfium.FPDFText_LoadStandardFont(document, "Helvetica");
  const point = pdfium.pdfium.wasmExports.malloc(8);
  const heap = () => new Float32Array((pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer, point, 2);
  const outlines = new Map<string, string>();
  const outline = (char: string): string => {
    const known = outlines.get(char);
    if (known !== undefined) return known;
    // in ems, y up: written at 1000 units per em with y down, as SVG paths are
    const path = pdfium.FPDFFont_GetGlyphPath(font, char.codePointAt(0)!, 1);
    let d = "";
    const bezier: number[] = [];
    for (let i = 0, n = path ? pdfium.FPDFGlyphPath_CountGlyphSegments(path) : 0; i < n; i++) {
      const segment = pdfium.FPDFGlyphPath_GetGlyphPathSegment(path, i);
      pdfium.FPDFPathSegment_GetPoint(segment, point, point + 4);
      const [x = 0, y = 0] = [...heap()].map((v) => v * 1000);
      const type = pdfium.FPDFPathSegment_GetType(segment);
      if (type === 2) d += `M${x.toFixed(1)} ${(-y).toFixed(1)}`;
      else if (type === 0) d += `L${x.toFixed(1)} ${(-y).toFixed(1)}`;
      else {
        bezier.push(x, -y);
        if (bezier.length === 6)
          d += `C${bezier
            .splice(0)
            .map((v) => v.toFixed(1))
            .join(" ")}`;
      }
      if (pdfium.FPDFPathSegment_GetClose(segment)) d += "Z";
    }
    outlines.set(char, d);
    return d;
  };
  try {
    const pdf = await PDFDocument.create();
    const metrics = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([A4.width, A4.height]);
    for (const line of lines) {
      const size = line.size ?? 10;
      let x = line.x;
      for (const char of line.text) {
        const d = outline(char);
        // drawSvgPath puts the path's origin (the glyph's baseline) at (x, y)
        if (d) page.drawSvgPath(d, { x, y: A4.height - line.y - size, scale: size / 1000, borderWidth: 0 });
        x += metrics.widthOfTextAtSize(char, size);
      }
    }
    drawText(page, metrics, textLayer);
    return Buffer.from(await pdf.save());
  } finally {
    pdfium.pdfium.wasmExports.free(point);
    pdfium.FPDF_CloseDocument(document);
  }
}

/**
 * A scanned page with an invisible text layer of glyph soup over it: the layer's font maps every
 * character to private-use code points, as PDFs whose fonts lost their Unicode map read.
 */
export async function glyphSoupPdf(lines: TextLine[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([A4.width, A4.height]);
  const png = await pdf.embedPng(pngOf(await scanOf(lines)));
  page.drawImage(png, { x: 0, y: 0, width: A4.width, height: A4.height });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Soup def 1 begincodespacerange <00> <FF> endcodespacerange",
    "1 beginbfrange <20> <7E> <E020> endbfrange",
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  for (const line of lines) {
    const size = line.size ?? 10;
    page.drawText(line.text, { x: line.x, y: A4.height - line.y - size, size, font, opacity: 0 });
  }
  // the font object exists once embedded: then it gets the soup map
  await font.embed();
  const dict = pdf.context.lookup(font.ref, PDFDict);
  dict.set(PDFName.of("ToUnicode"), pdf.context.register(pdf.context.flateStream(cmap)));
  return Buffer.from(await pdf.save());
}

/** Random grey noise, like a photo of nothing in particular. */
export function noisePng(width = 1200, height = 1600): Buffer {
  let seed = 99;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    // blotches: noise smoothed along the row, so it forms shapes rather than pure static
    data[i] = Math.round(((data[i - 1] ?? 128) * 3 + (seed % 256)) / 4);
  }
  return pngOf({ width, height, data, scale: 1 });
}

/** A multi-page TIFF, 8-bit grey, uncompressed, each page its own image directory, at `dpi`. */
export function tiffOf(images: GreyImage[], dpi = 200): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write("II", 0, "latin1");
  header.writeUInt16LE(42, 2);
  let offset = 8;
  header.writeUInt32LE(offset, 4);
  parts.push(header);
  images.forEach((image, index) => {
    const entries: [number, number, number, number][] = [
      [256, 4, 1, image.width],
      [257, 4, 1, image.height],
      [258, 3, 1, 8],
      [259, 3, 1, 1],
      [262, 3, 1, 1],
      [273, 4, 1, 0],
      [277, 3, 1, 1],
      [278, 4, 1, image.height],
      [279, 4, 1, image.data.length],
      [282, 5, 1, 0],
      [296, 3, 1, 2],
    ];
    const ifdSize = 2 + entries.length * 12 + 4;
    const resolutionAt = offset + ifdSize;
    const pixelsAt = resolutionAt + 8;
    const next = index === images.length - 1 ? 0 : pixelsAt + image.data.length;
    const ifd = Buffer.alloc(ifdSize + 8);
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, count, value], i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      const actual = tag === 273 ? pixelsAt : tag === 282 ? resolutionAt : value;
      if (type === 3) ifd.writeUInt16LE(actual, at + 8);
      else ifd.writeUInt32LE(actual, at + 8);
    });
    ifd.writeUInt32LE(next, 2 + entries.length * 12);
    ifd.writeUInt32LE(dpi, ifdSize);
    ifd.writeUInt32LE(1, ifdSize + 4);
    parts.push(ifd, Buffer.from(image.data));
    offset = next;
  });
  return Buffer.concat(parts);
}
