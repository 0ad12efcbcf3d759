/**
 * A CJK PDF as many Japanese, Chinese and Korean PDFs are made: the font is not embedded and the
 * text is encoded through a predefined CMap, so pdf.js can read it only with its character maps.
 */
import { PDFDocument, PDFName, PDFString } from "pdf-lib";

/** The text the PDF holds. */
export const CJK_TEXT = "見積書";

/** 見積書 ("quotation") in UniJIS-UCS2-H: each character is its UCS-2 code; the CID font is Adobe-Japan1, not embedded. */
export async function cjkPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const descendant = pdf.context.obj({
    Type: "Font",
    Subtype: "CIDFontType0",
    BaseFont: "KozMinPr6N-Regular",
    CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Japan1"), Supplement: 6 },
    FontDescriptor: pdf.context.register(
      pdf.context.obj({
        Type: "FontDescriptor",
        FontName: "KozMinPr6N-Regular",
        Flags: 4,
        FontBBox: [-437, -340, 1147, 1317],
        ItalicAngle: 0,
        Ascent: 1317,
        Descent: -349,
        CapHeight: 742,
        StemV: 80,
      }),
    ),
  });
  const font = pdf.context.register(
    pdf.context.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: "KozMinPr6N-Regular-UniJIS-UCS2-H",
      Encoding: "UniJIS-UCS2-H",
      DescendantFonts: [pdf.context.register(descendant)],
    }),
  );
  page.node.setFontDictionary(PDFName.of("F1"), font);
  const content = pdf.context.stream("BT /F1 24 Tf 72 700 Td <898B7A4D66F8> Tj ET");
  page.node.addContentStream(pdf.context.register(content));
  return Buffer.from(await pdf.save());
}
