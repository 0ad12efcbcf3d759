import { Invalid } from "../error";
import { damaged, failure } from "./failure";
import type { ParseContext } from "./limits";
import { DocumentOcr, OcrReport, OcrTimeout } from "./ocr";
import { MAX_OCR_PIXELS } from "./pdf-ocr";
import { renderImageFile, shrink, type GreyImage } from "./render";
import type { DocumentKind, Extraction, Page } from "./types";

/** Pages of a multi-page TIFF looked at, at most (each page is an entry in a chain the file declares). */
const MAX_TIFF_PAGES = 1000;
/** Images are read at their own resolution up to this; a 600 dpi scan is read at 300 dpi (as accurate, 4x fewer pixels). */
const MAX_IMAGE_DPI = 300;
/**
 * PNGs are decoded whole (PDFium keeps ~8 bytes per pixel while scaling one down): past this a
 * PNG would take the extract step over its memory. A 600 dpi A4 scan is 35 megapixels.
 */
export const MAX_PNG_PIXELS = 36_000_000;
/** OCR stops a page after this long. */
const MAX_OCR_PAGE_MS = 60_000;

interface ImageInfo {
  width: number;
  height: number;
  /** Pixels per inch the file declares, when it does. */
  dpi?: number;
}

const sane = (dpi: number | undefined) => (dpi && dpi >= 50 && dpi <= 2400 ? dpi : undefined);

/**
 * Reads an image's pixel size (and declared resolution) from its header without decoding it, so
 * a decompression bomb (a tiny file declaring a gigantic canvas) is refused before anything
 * allocates its pixels.
 */
export function imageSize(buffer: Buffer, kind: DocumentKind): ImageInfo | undefined {
  try {
    if (kind === "png") return pngInfo(buffer);
    if (kind === "jpeg") return jpegInfo(buffer);
    if (kind === "tiff") return tiffPages(buffer)[0];
  } catch {
    // a header cut short: undefined, and the image is refused
  }
  return undefined;
}

function pngInfo(buffer: Buffer): ImageInfo | undefined {
  if (buffer.toString("latin1", 12, 16) !== "IHDR") return undefined;
  const info: ImageInfo = { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  // pHYs (pixels per metre) comes before the image data
  for (let at = 8; at + 12 <= buffer.length;) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString("latin1", at + 4, at + 8);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "pHYs" && length >= 9 && buffer[at + 16] === 1) info.dpi = sane(Math.round(buffer.readUInt32BE(at + 8) * 0.0254));
    at += 12 + length;
  }
  return info;
}

function jpegInfo(buffer: Buffer): ImageInfo | undefined {
  let dpi: number | undefined;
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
    // JFIF APP0: units (1 = per inch, 2 = per cm) and the horizontal density
    if (marker === 0xe0 && buffer.toString("latin1", at + 4, at + 9) === "JFIF\0") {
      const units = buffer[at + 11];
      const density = buffer.readUInt16BE(at + 12);
      dpi = sane(units === 1 ? density : units === 2 ? Math.round(density * 2.54) : undefined);
    }
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7), dpi };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * Every page of a TIFF from its chain of image directories, without decoding any pixels. A chain
 * that loops back on itself is a damaged (or hostile) file: the TIFF decoder would follow it forever.
 */
function tiffPages(buffer: Buffer): ImageInfo[] {
  const little = buffer[0] === 0x49;
  const u16 = (at: number) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
  const u32 = (at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  const pages: ImageInfo[] = [];
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0; ifd = u32(ifd + 2 + u16(ifd) * 12)) {
    if (seen.has(ifd)) throw damaged("tiff");
    if (seen.size >= MAX_TIFF_PAGES) break;
    seen.add(ifd);
    const count = u16(ifd);
    let width = 0;
    let height = 0;
    let resolution: number | undefined;
    let unit = 2;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
      // XResolution is a RATIONAL stored elsewhere in the file
      if (tag === 282 && type === 5) resolution = u32(value) / Math.max(1, u32(value + 4));
      if (tag === 296) unit = value;
    }
    const dpi = resolution === undefined ? undefined : unit === 3 ? resolution * 2.54 : unit === 2 ? resolution : undefined;
    pages.push({ width, height, dpi: sane(dpi && Math.round(dpi)) });
  }
  return pages;
}

/** An image without a declared resolution is taken to be a page 8.5 inches wide (a scan or a photo of one). */
function dpiOf(info: ImageInfo): number {
  return info.dpi ?? Math.min(600, Math.max(72, info.width / 8.5));
}

/**
 * A small picture of a page (a phone photo or a web image a few hundred pixels wide) is scaled
 * up to about this width before OCR: tesseract reads letters a dozen pixels high far worse than
 * the same letters at the size a 200 dpi scan gives them.
 */
const MIN_OCR_WIDTH = 1600;
/** ...but by at most this factor: past it, scaling adds pixels and no detail. */
const MAX_UPSCALE = 3;

/** What OCR gets from an image: its own pixels (small ones scaled up), at most MAX_IMAGE_DPI and MAX_OCR_PIXELS. */
function targetDpi(info: ImageInfo): number {
  const dpi = dpiOf(info);
  const fit = Math.sqrt(MAX_OCR_PIXELS / Math.max(1, info.width * info.height));
  const up = Math.min(MAX_UPSCALE, Math.max(1, MIN_OCR_WIDTH / Math.max(1, info.width)));
  return Math.min(dpi * up, Math.max(dpi, MAX_IMAGE_DPI), dpi * fit);
}

async function renderPngOrJpeg(kind: "png" | "jpeg", buffer: Buffer, info: ImageInfo): Promise<GreyImage> {
  const dpi = dpiOf(info);
  const size = { width: (info.width * 72) / dpi, height: (info.height * 72) / dpi };
  try {
    return await renderImageFile(buffer, kind, size, targetDpi(info), MAX_OCR_PIXELS);
  } catch {
    throw damaged(kind);
  }
}

/**
 * A TIFF page as grey pixels. Bilevel and 8-bit grey pages (what scanners write) are read from
 * the decoded samples as they are; anything else goes through RGBA.
 */
async function tiffPage(buffer: Buffer, index: number, info: ImageInfo): Promise<GreyImage> {
  const UTIF = (await import("utif2")).default;
  const { width, height } = info;
  const data = new Uint8Array(width * height);
  try {
    const ifd = UTIF.decode(buffer)[index];
    if (!ifd) throw new Error("missing page");
    UTIF.decodeImage(buffer, ifd);
    const tag = (name: string) => (ifd[name] as number[] | undefined)?.[0];
    const bits = tag("t258") ?? 1;
    const samples = tag("t277") ?? 1;
    const photometric = tag("t262") ?? (bits === 1 ? 0 : 1);
    const raw = ifd.data;
    if (samples === 1 && (bits === 1 || bits === 8) && (photometric === 0 || photometric === 1)) {
      const stride = Math.ceil((width * bits) / 8);
      const white = photometric === 0 ? 0 : 255;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const sample = bits === 8 ? raw[y * stride + x]! : (raw[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
          data[y * width + x] = white === 255 ? sample : 255 - sample;
        }
      }
    } else {
      const rgba = UTIF.toRGBA8(ifd);
      for (let i = 0, p = 0; i < data.length; i++, p += 4) {
        // luminance composited over white paper
        const alpha = rgba[p + 3]! / 255;
        const luma = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
        data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
      }
    }
  } catch {
    throw damaged("tiff");
  }
  const dpi = dpiOf(info);
  const wanted = targetDpi(info) / dpi;
  return shrink({ width, height, data, scale: dpi / 72 }, Math.floor(width * height * wanted * wanted));
}

/**
 * An image file (PNG, JPEG, TIFF with all its pages) read by OCR, after a size check on every
 * page's header: a header that cannot be read is refused rather than handed to a decoder.
 */
export async function extractImage(kind: DocumentKind, buffer: Buffer, context: ParseContext): Promise<Extraction> {
  const { limits } = context;
  let pages: ImageInfo[];
  try {
    pages = kind === "tiff" ? tiffPages(buffer) : [imageSize(buffer, kind)].filter((p) => p !== undefined);
  } catch (error) {
    if (error instanceof Invalid) throw error;
    pages = [];
  }
  if (pages.length === 0 || pages.some((p) => p.width <= 0 || p.height <= 0)) throw damaged(kind);
  const maxPixels = kind === "png" ? Math.min(limits.maxImagePixels, MAX_PNG_PIXELS) : limits.maxImagePixels;
  for (const page of pages) {
    if (page.width * page.height > maxPixels) {
      throw failure("imagePixels", { size: `${page.width.toLocaleString("en-US")} x ${page.height.toLocaleString("en-US")}` });
    }
  }
  const numbers = pages.map((_, i) => i + 1);
  if (!context.ocr) {
    context.warnings.push(pages.length === 1 ? "The image was not read: it needs OCR." : "The image's pages were not read: they need OCR.");
    return { kind, pages: [], scannedPages: numbers, warnings: context.warnings };
  }

  const ocr = new DocumentOcr(MAX_OCR_PAGE_MS);
  const report = new OcrReport(limits.maxOcrPages, limits.ocrCapReason);
  const read: Page[] = [];
  const ocrPages: number[] = [];
  const started = performance.now();
  for (const [index, info] of pages.entries()) {
    const number = index + 1;
    if (index >= limits.maxOcrPages) report.cap.push(number);
    else if (performance.now() - started > limits.maxOcrSeconds * 1000) report.time.push(number);
    else if (!context.budget.exhausted) {
      const image = kind === "tiff" ? await tiffPage(buffer, index, info) : await renderPngOrJpeg(kind as "png" | "jpeg", buffer, info);
      try {
        const result = await ocr.read(image, started + limits.maxOcrSeconds * 1000);
        const kept = report.judge(number, result);
        if (kept) ocrPages.push(number);
        read.push({
          page: number,
          text: context.budget.take(kept ? result.text : ""),
          ...(kept ? { lines: result.lines, source: "ocr" as const } : {}),
          width: image.width / image.scale,
          height: image.height / image.scale,
          confidence: result.confidence,
        });
      } catch (error) {
        if (!(error instanceof OcrTimeout)) throw error;
        report.time.push(number);
      }
    }
  }
  context.warnings.push(...report.warnings());
  return { kind, pages: read, ocrPages, scannedPages: numbers, warnings: context.warnings };
}
