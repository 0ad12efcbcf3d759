import {
  PDFDocument,
  PDFHexString,
  PDFName,
  StandardFonts,
  beginText,
  concatTransformationMatrix,
  degrees,
  drawObject,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";

/**
 * PDFs whose layout is the point of the test: rotated pages, side-by-side blocks, tables with
 * right-aligned amounts, watermarks, super- and subscripts, right-to-left text. Every position
 * is given on the page as a person sees it (x from the left, y of the baseline from the top),
 * whatever the page's /Rotate, so a test states what the page shows.
 */

export type Rotation = 0 | 90 | 180 | 270;

export interface Text {
  text: string;
  /** Baseline start as displayed: points from the left edge and from the top edge. */
  x: number;
  y: number;
  size?: number;
  /** Counter-clockwise on the displayed page, in degrees. */
  angle?: number;
  /** Right-aligned at x instead of starting there. */
  right?: boolean;
  /** Hebrew letters given in the order they are drawn, left to right (visual order). */
  hebrew?: boolean;
  /** Starts where the previous text ended (x is then a gap added to that). */
  follow?: boolean;
}

export interface LayoutPage {
  /** Displayed size (A4 portrait by default). */
  width?: number;
  height?: number;
  rotate?: Rotation;
  texts: Text[];
}

/** Hebrew letters alef..tav (with final forms) by their Adobe glyph names, as pdf.js knows them. */
const HEBREW_FIRST = 0x05d0;
const HEBREW_COUNT = 27;
const HEBREW_CODE = 128;

async function hebrewFont(doc: PDFDocument) {
  const names = Array.from({ length: HEBREW_COUNT }, (_, i) => PDFName.of(`afii${57664 + i}`));
  return doc.context.register(
    doc.context.obj({
      Type: "Font",
      Subtype: "Type1",
      BaseFont: "Helvetica",
      FirstChar: 32,
      LastChar: HEBREW_CODE + HEBREW_COUNT - 1,
      Widths: Array.from({ length: HEBREW_CODE + HEBREW_COUNT - 32 }, () => 556),
      Encoding: doc.context.obj({ Type: "Encoding", BaseEncoding: "WinAnsiEncoding", Differences: [HEBREW_CODE, ...names] }),
    }),
  );
}

const hebrewBytes = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      const byte = code >= HEBREW_FIRST && code < HEBREW_FIRST + HEBREW_COUNT ? HEBREW_CODE + code - HEBREW_FIRST : code;
      return byte.toString(16).padStart(2, "0");
    })
    .join("");

/** Where a displayed point and direction sit in the unrotated page space pdf-lib draws in. */
function toUser(rotate: Rotation, mediaWidth: number, mediaHeight: number, x: number, y: number): [number, number] {
  switch (rotate) {
    case 0:
      return [x, mediaHeight - y];
    case 90:
      return [y, x];
    case 180:
      return [mediaWidth - x, y];
    case 270:
      return [mediaWidth - y, mediaHeight - x];
  }
}

/** Draws one text; returns where it ends (displayed x), for a following superscript. */
function draw(page: PDFPage, font: PDFFont, hebrew: PDFName, rotate: Rotation, text: Text, media: [number, number], end: number) {
  const size = text.size ?? 10;
  const angle = (text.angle ?? 0) + rotate;
  const width = text.hebrew ? 0.556 * size * text.text.length : font.widthOfTextAtSize(text.text, size);
  const start = text.follow ? end + text.x : text.x;
  const dx = text.right ? -width * Math.cos(((text.angle ?? 0) * Math.PI) / 180) : 0;
  const dy = text.right ? width * Math.sin(((text.angle ?? 0) * Math.PI) / 180) : 0;
  const [x, y] = toUser(rotate, media[0], media[1], start + dx, text.y + dy);
  if (!text.hebrew) {
    page.drawText(text.text, { x, y, size, font, rotate: degrees(angle) });
    return start + dx + width;
  }
  const r = (angle * Math.PI) / 180;
  page.pushOperators(
    beginText(),
    setFontAndSize(hebrew, size),
    setTextMatrix(Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), x, y),
    showText(PDFHexString.of(hebrewBytes(text.text))),
    endText(),
  );
  return start + width;
}

/** A PDF of the given pages, in Helvetica (and a Hebrew-encoded Helvetica for `hebrew` texts). */
export async function layoutPdf(pages: LayoutPage[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const hebrewRef = await hebrewFont(doc);
  for (const spec of pages) {
    const rotate = spec.rotate ?? 0;
    const [width, height] = [spec.width ?? 595, spec.height ?? 842];
    const media: [number, number] = rotate % 180 ? [height, width] : [width, height];
    const page = doc.addPage(media);
    page.setRotation(degrees(rotate));
    const hebrew = page.node.newFontDictionary("Hebrew", hebrewRef);
    let end = 0;
    for (const text of spec.texts) end = draw(page, font, hebrew, rotate, text, media, end);
  }
  return Buffer.from(await doc.save());
}

/** Words of a right-aligned amount column: `right` set, x at the column's right edge. */
export const amount = (text: string, right: number, y: number, size = 10): Text => ({ text, x: right, y, size, right: true });

/**
 * A one-page quote: title, labels with values, an item table (quantity, description, unit
 * price, right-aligned amount), totals. `expected` is how it reads, line by line.
 */
export function quotePage(rotate: Rotation = 0): { page: LayoutPage; expected: string[] } {
  const texts: Text[] = [
    { text: "QUOTATION", x: 50, y: 60, size: 18 },
    { text: "Quote No:", x: 360, y: 60 },
    { text: "Q-2031", x: 450, y: 60 },
    { text: "Date:", x: 360, y: 75 },
    { text: "12 March 2025", x: 450, y: 75 },
    { text: "Qty", x: 50, y: 140 },
    { text: "Description", x: 100, y: 140 },
    { text: "Unit price", x: 400, y: 140, right: true },
    { text: "Amount", x: 520, y: 140, right: true },
  ];
  const rows = [
    ["10", "Steel bracket", "12.50", "125.00"],
    ["4", "Hydraulic pump HP-220", "310.00", "1,240.00"],
    ["1", "Delivery", "45.00", "45.00"],
  ];
  rows.forEach(([qty, description, unit, total], i) => {
    const y = 160 + 16 * i;
    texts.push({ text: qty!, x: 50, y }, { text: description!, x: 100, y }, amount(unit!, 400, y), amount(total!, 520, y));
  });
  texts.push({ text: "Total", x: 400, y: 230, right: true }, amount("1,410.00", 520, 230));
  return {
    page: { rotate, width: rotate % 180 ? 842 : 595, height: rotate % 180 ? 595 : 842, texts },
    expected: [
      "QUOTATION | Quote No: | Q-2031",
      "Date: | 12 March 2025",
      "Qty | Description | Unit price | Amount",
      "10 | Steel bracket | 12.50 | 125.00",
      "4 | Hydraulic pump HP-220 | 310.00 | 1,240.00",
      "1 | Delivery | 45.00 | 45.00",
      "Total | 1,410.00",
    ],
  };
}

/**
 * Two blocks side by side with different line pitch: a supplier's address (10 pt, 14 pt apart)
 * and a terms block (8 pt, 11 pt apart), as many quote headers have them.
 */
export function twoBlocksPage(): { page: LayoutPage; left: string[]; right: string[] } {
  const left = [
    "Northwind Supplies Ltd",
    "Unit 4, Harbour Estate",
    "Portside Road",
    "Kingsbridge KB4 2XY",
    "United Kingdom",
    "VAT GB 123 4567 89",
  ];
  const right = [
    "Payment within 30 days of invoice",
    "Prices exclude delivery and VAT",
    "This quote is valid for 60 days",
    "Lead time two to three weeks",
    "Goods remain our property until paid",
    "Returns accepted within 14 days",
    "Minimum order value applies",
    "Ask us about framework prices",
  ];
  const texts: Text[] = [
    ...left.map((text, i) => ({ text, x: 50, y: 100 + 14 * i, size: 10 })),
    ...right.map((text, i) => ({ text, x: 330, y: 98 + 11 * i, size: 8 })),
  ];
  return { page: { texts }, left, right };
}

/**
 * An item table whose description wraps onto a second line, amounts right-aligned and set a
 * point lower than the description (cells of one row rarely share an exact baseline).
 */
export function wrappedTablePage(): { page: LayoutPage; expected: string[] } {
  const texts: Text[] = [
    { text: "Item", x: 50, y: 100 },
    { text: "Description", x: 90, y: 100 },
    { text: "Qty", x: 380, y: 100, right: true },
    { text: "Amount", x: 520, y: 100, right: true },
    { text: "1", x: 50, y: 120 },
    { text: "Galvanised steel bracket, 40 mm, with", x: 90, y: 120 },
    { text: "fixings and a ten-year warranty", x: 90, y: 132 },
    amount("10", 380, 121),
    amount("125.00", 520, 121),
    { text: "2", x: 50, y: 150 },
    { text: "Installation on site", x: 90, y: 150 },
    amount("1", 380, 150.8),
    amount("1,080.00", 520, 149.5),
    { text: "Total", x: 440, y: 180, right: true },
    amount("1,205.00", 520, 180),
  ];
  return {
    page: { texts },
    expected: [
      "Item | Description | Qty | Amount",
      "1 | Galvanised steel bracket, 40 mm, with | 10 | 125.00",
      "fixings and a ten-year warranty",
      "2 | Installation on site | 1 | 1,080.00",
      "Total | 1,205.00",
    ],
  };
}

/** A diagonal "SPECIMEN" drawn glyph by glyph across a short table. */
export function watermarkPage(): { page: LayoutPage; expected: string[] } {
  const texts: Text[] = [
    { text: "Description", x: 50, y: 300 },
    { text: "Amount", x: 520, y: 300, right: true },
    { text: "Consulting, March", x: 50, y: 316 },
    amount("1,500.00", 520, 316),
    { text: "Travel expenses", x: 50, y: 332 },
    amount("230.00", 520, 332),
  ];
  // each glyph where the previous one's advance ends (Helvetica widths per 1000 em), up at 45 degrees
  const advance: Record<string, number> = { S: 667, P: 667, E: 667, C: 722, I: 278, M: 833, N: 722 };
  let along = 0;
  for (const letter of "SPECIMEN") {
    texts.push({ text: letter, x: 150 + along * Math.SQRT1_2, y: 420 - along * Math.SQRT1_2, size: 48, angle: 45 });
    along += (advance[letter]! * 48) / 1000;
  }
  return {
    page: { texts },
    expected: ["Description | Amount", "Consulting, March | 1,500.00", "Travel expenses | 230.00", "SPECIMEN"],
  };
}

/** Superscript and subscript in running text and a table row. */
export function scriptsPage(): { page: LayoutPage; expected: string[] } {
  const texts: Text[] = [
    { text: "Floor coating, 120 m", x: 50, y: 100 },
    { text: "2", x: 0.3, y: 96, size: 6, follow: true },
    amount("2,400.00", 520, 100),
    { text: "CO", x: 50, y: 116 },
    { text: "2", x: 0.3, y: 118, size: 6, follow: true },
    { text: "cartridges", x: 3, y: 116, follow: true },
    amount("36.00", 520, 116),
    { text: "Total", x: 50, y: 132 },
    { text: "*", x: 0.5, y: 128, size: 6, follow: true },
    amount("2,436.00", 520, 132),
  ];
  return { page: { texts }, expected: ["Floor coating, 120 m2 | 2,400.00", "CO2 cartridges | 36.00", "Total* | 2,436.00"] };
}

/**
 * A right-to-left line (Hebrew, drawn in visual order as PDFs do) with a number in it: in
 * logical order it reads "שלום עולם 2024" (greeting, world, a year).
 */
export function hebrewPage(): { page: LayoutPage; expected: string[] } {
  // visual order, left to right: the number, then "world" and "hello" each drawn reversed
  const texts: Text[] = [
    { text: "2024", x: 300, y: 100 },
    { text: "םלוע", x: 330, y: 100, hebrew: true },
    { text: "םולש", x: 360, y: 100, hebrew: true },
    { text: "Invoice", x: 50, y: 140 },
  ];
  return { page: { texts }, expected: ["שלום עולם 2024", "Invoice"] };
}

/**
 * A page that paints a Form XObject whose Pattern paints the same Form again: a cycle that
 * sends pdf.js 5 into endless recursion when it builds the page's operator list. The page has
 * a line of text too, unless `textless` (then OCR has to look at its pictures).
 */
export async function cyclicPatternPdf(textless = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const formRef = context.nextRef();
  const patternRef = context.nextRef();
  const pattern = context.stream("/Form0 Do", {
    Type: "Pattern",
    PatternType: 1,
    PaintType: 1,
    TilingType: 1,
    BBox: [0, 0, 20, 20],
    XStep: 20,
    YStep: 20,
    Resources: { XObject: { Form0: formRef } },
  });
  const form = context.stream("/Pattern cs /P0 scn 0 0 100 100 re f", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 100, 100],
    Resources: { Pattern: { P0: patternRef } },
  });
  context.assign(patternRef, pattern);
  context.assign(formRef, form);
  const name = page.node.newXObject("Cycle", formRef);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(1, 0, 0, 1, 100, 100), drawObject(name), popGraphicsState());
  if (!textless) page.drawText("Quote Q-77 total 150.00", { x: 50, y: 780, size: 12, font });
  return Buffer.from(await doc.save());
}
