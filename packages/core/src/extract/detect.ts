import { isCompoundFile, readCompoundFile } from "./cfb";
import { kindByExtension } from "./declared";
import type { DocumentKind } from "./types";
import { DETECT_PART_BYTES } from "./limits";
import { OfficePackage } from "./ooxml";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/**
 * UTF-16 text saved without a byte-order mark (some Windows exports): every other byte is NUL for
 * Latin text. Taken for text only when it then decodes to printable characters throughout.
 */
function utf16WithoutBom(sample: Buffer): TextEncoding | undefined {
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const encoding =
    oddNul > pairs * 0.3 && evenNul < pairs * 0.02 ? "utf-16le" : evenNul > pairs * 0.3 && oddNul < pairs * 0.02 ? "utf-16be" : undefined;
  if (!encoding) return undefined;
  const bytes = Buffer.from(sample.subarray(0, pairs * 2));
  if (encoding === "utf-16be") bytes.swap16();
  const text = bytes.toString("utf16le");
  // eslint-disable-next-line no-control-regex -- counting control characters is the point
  const unprintable = text.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufffd\ud800-\udfff]/g)?.length ?? 0;
  return unprintable <= text.length / 200 ? encoding : undefined;
}

/**
 * How the bytes are encoded if they are text at all: a BOM decides; otherwise NUL bytes or
 * many control characters mean binary; valid UTF-8 is UTF-8; anything else is taken for
 * Windows-1252, which is what Excel on Windows writes when it saves a CSV.
 */
export function textEncoding(buffer: Buffer): TextEncoding | undefined {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return "utf-8";
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return "utf-16le";
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return "utf-16be";
  const sample = buffer.subarray(0, 64 * 1024);
  if (sample.includes(0)) return utf16WithoutBom(sample);
  let controls = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  // a stray control character or two is damage in a text file; a binary file has them everywhere
  if (controls > sample.length / 50) return undefined;
  try {
    // stream: true lets the sample end in the middle of a multi-byte character
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: sample.length < buffer.length });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

const claimsOoxml = (fileName: string) => {
  const kind = kindByExtension(fileName);
  return kind === "docx" || kind === "xlsx" ? kind : undefined;
};
const claimsLegacy = (fileName: string) => {
  const kind = kindByExtension(fileName);
  return kind === "doc" || kind === "xls" ? kind : undefined;
};

function zipKind(buffer: Buffer, fileName: string): DocumentKind {
  try {
    const kind = new OfficePackage(buffer, DETECT_PART_BYTES).kind();
    return kind === "docx" || kind === "xlsx" ? kind : "unknown";
  } catch {
    // an archive too damaged to list: if the name says Word or Excel, the reader says it is damaged
    return claimsOoxml(fileName) ?? "unknown";
  }
}

/** A password-protected .docx or .xlsx is not a zip: it is an OLE2 file holding the encrypted package. */
export function isEncryptedOoxml(buffer: Buffer): boolean {
  try {
    const streams = new Set(readCompoundFile(buffer).streams());
    return streams.has("EncryptedPackage") && streams.has("EncryptionInfo");
  } catch {
    return false;
  }
}

function compoundKind(buffer: Buffer, fileName: string): DocumentKind {
  try {
    const streams = new Set(readCompoundFile(buffer).streams());
    if (streams.has("WordDocument")) return "doc";
    // "Book" is the BIFF5 name (Excel 5/95), "Workbook" the BIFF8 one (Excel 97-2003)
    if (streams.has("Workbook") || streams.has("Book")) return "xls";
    // its content cannot be seen, so the name decides between Word and Excel; the reader says it is locked
    if (streams.has("EncryptedPackage") && streams.has("EncryptionInfo")) return claimsOoxml(fileName) ?? "docx";
  } catch {
    // a damaged container: if the name says Word or Excel, the reader says it is damaged
    return claimsLegacy(fileName) ?? "unknown";
  }
  return "unknown";
}

/**
 * Excel 2.1 to 4.0 saved a worksheet as a bare BIFF stream, not inside an OLE2 container: it
 * opens with a BOF record (0x0009, 0x0209, 0x0409; 0x0809 for a bare BIFF5/8 stream).
 */
export function isBareBiff(buffer: Buffer): boolean {
  if (buffer.length < 8) return false;
  const type = buffer.readUInt16LE(0);
  const length = buffer.readUInt16LE(2);
  return [0x0009, 0x0209, 0x0409, 0x0809].includes(type) && length >= 4 && length <= 20 && buffer[5]! <= 0x06;
}

/**
 * What a file we do not read is, when its content says so, for a refusal that names it ("a
 * PowerPoint presentation") instead of a bare "not supported".
 */
export function describeContent(buffer: Buffer): string | undefined {
  const head = buffer.subarray(0, 8).toString("latin1");
  if (head.startsWith("PK\u0003\u0004") || head.startsWith("PK\u0005\u0006")) {
    try {
      const pkg = new OfficePackage(buffer, DETECT_PART_BYTES);
      const kind = pkg.kind();
      if (kind === "pptx") return "a PowerPoint presentation";
      if (kind === "xlsb") return "an Excel binary workbook (.xlsb)";
      const mimetype = pkg.read("mimetype")?.toString("latin1") ?? "";
      if (mimetype.includes("opendocument")) return "an OpenDocument file (LibreOffice, OpenOffice)";
      if (pkg.has("Index/Document.iwa")) return "an Apple iWork file (Numbers, Pages, Keynote)";
      return "a zip archive";
    } catch {
      return undefined;
    }
  }
  if (isCompoundFile(buffer)) {
    try {
      const streams = new Set(readCompoundFile(buffer).streams());
      if (streams.has("PowerPoint Document")) return "a PowerPoint presentation";
    } catch {
      return undefined;
    }
    return undefined;
  }
  const word = buffer.length >= 2 ? buffer.readUInt16LE(0) : 0;
  if (word === 0xbe31 || word === 0xbe32) return "a Microsoft Write document";
  // Lotus 1-2-3: a BOF record (type 0, length 2) carrying the file version
  if (buffer.length >= 6 && word === 0 && buffer.readUInt16LE(2) === 2 && [0x0404, 0x0405, 0x0406].includes(buffer.readUInt16LE(4)))
    return "a Lotus 1-2-3 spreadsheet";
  if (head.startsWith("{\\rtf")) return "a Rich Text Format (RTF) document";
  return undefined;
}

/**
 * What the file really is, judged by its content (magic bytes, zip entries, OLE2 streams); the
 * name only separates CSV from plain text, which share their bytes. The pipeline compares this
 * with `declaredKind` to fail a file whose content contradicts its name.
 */
export function detectType(buffer: Buffer, fileName = ""): DocumentKind {
  if (buffer.length === 0) return "unknown";
  // the PDF header may follow some junk, which readers tolerate within the first kilobyte
  if (buffer.subarray(0, 1024).includes("%PDF-")) return "pdf";
  if (buffer.subarray(0, 8).equals(PNG)) return "png";
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "jpeg";
  const head4 = buffer.subarray(0, 4).toString("latin1");
  if (head4 === "II*\u0000" || head4 === "MM\u0000*") return "tiff";
  if (head4 === "PK\u0003\u0004" || head4 === "PK\u0005\u0006") return zipKind(buffer, fileName);
  if (isCompoundFile(buffer)) return compoundKind(buffer, fileName);
  if (isBareBiff(buffer)) return "xls";
  if (describeContent(buffer)) return "unknown";
  if (textEncoding(buffer)) {
    const byName = kindByExtension(fileName);
    return byName === "csv" ? "csv" : "txt";
  }
  return "unknown";
}
