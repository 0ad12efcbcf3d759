import { TooLarge } from "../error";
import type { ParseContext } from "./limits";
import type { DocumentKind, Extraction } from "./types";

/**
 * Reads an image's pixel size from its header without decoding it, so a decompression bomb
 * (a tiny file declaring a gigantic canvas) is refused before OCR allocates the pixels.
 */
export function imageSize(buffer: Buffer, kind: DocumentKind): { width: number; height: number } | undefined {
  try {
    if (kind === "png") return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
    if (kind === "jpeg") return jpegSize(buffer);
    if (kind === "tiff") return tiffSize(buffer);
  } catch {
    // a header cut short: the decoder will report it
  }
  return undefined;
}

function jpegSize(buffer: Buffer) {
  let at = 2;
  while (at + 9 < buffer.length) {
    if (buffer[at] !== 0xff) return undefined;
    const marker = buffer[at + 1]!;
    // fill bytes and markers without a length
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = buffer.readUInt16BE(at + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function tiffSize(buffer: Buffer) {
  const little = buffer[0] === 0x49;
  const u16 = (at: number) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
  const u32 = (at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  const ifd = u32(4);
  const count = u16(ifd);
  let width: number | undefined;
  let height: number | undefined;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { width, height } : undefined;
}

/** An image file (PNG, JPEG, TIFF): its pixels read by OCR, after a size check on its header. */
export async function extractImage(kind: DocumentKind, buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const size = imageSize(buffer, kind);
  if (size && size.width * size.height > context.limits.maxImagePixels) {
    throw new TooLarge(`The image is ${size.width} x ${size.height} pixels, more than can be read.`);
  }
  if (!context.ocr) {
    context.warnings.push("The image was not read: it needs OCR.");
    return { kind, pages: [], scannedPages: [1], warnings: context.warnings };
  }
  const { ocrImage } = await import("./ocr");
  const { text, confidence } = await ocrImage(buffer);
  return {
    kind,
    pages: [{ page: 1, text: context.budget.take(text), source: "ocr", confidence }],
    ocrPages: [1],
    warnings: context.warnings,
  };
}
