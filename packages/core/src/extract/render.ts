import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { WrappedPdfiumModule } from "@embedpdf/pdfium";

/**
 * Page rendering for OCR with PDFium compiled to WebAssembly (@embedpdf/pdfium): no native code
 * and no canvas, so it runs unchanged in Lambda. Pages are rendered straight to an 8-bit grey
 * bitmap, the input tesseract wants, whatever the page holds (one scanned picture, a stack of
 * image strips, text drawn as vector outlines, or all of these at once).
 *
 * Each renderer gets its own PDFium instance: WebAssembly memory only ever grows, so a document
 * that needed a large heap would otherwise keep it for the life of the process. The compiled
 * module is shared; instantiating it costs a few milliseconds.
 */

/** An 8-bit grey raster, rows packed (no padding); `scale` is pixels per point. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

// FPDF bitmap format and render flags (fpdfview.h)
const FPDFBitmap_Gray = 1;
const FPDF_ANNOT = 0x01;
const FPDF_GRAYSCALE = 0x08;
const WHITE = 0xffffffff;

// a global in Node; the package's type settings (no DOM library) do not declare it
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: unknown): Promise<object>;
};

let compiled: Promise<object> | undefined;

function compiledModule(): Promise<object> {
  if (!compiled) {
    const require = createRequire(import.meta.url);
    compiled = readFile(require.resolve("@embedpdf/pdfium/pdfium.wasm")).then((bytes) => WebAssembly.compile(bytes));
    compiled.catch(() => {
      compiled = undefined;
    });
  }
  return compiled;
}

/** A fresh PDFium instance (its own memory); nothing references it once the caller drops it. */
export async function newPdfium(): Promise<WrappedPdfiumModule> {
  const wasm = await compiledModule();
  const { init } = await import("@embedpdf/pdfium");
  const pdfium = await init({
    // the compiled module is shared; each instance gets its own memory
    instantiateWasm: (imports: unknown, receive: (instance: object, module: object) => void) => {
      void WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
      return {};
    },
    print: () => {},
    printErr: () => {},
  } as Parameters<typeof init>[0]);
  pdfium.PDFiumExt_Init();
  return pdfium;
}

const heap = (pdfium: WrappedPdfiumModule) => (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

/** Copies bytes into the WebAssembly heap; the caller frees the pointer. */
function toHeap(pdfium: WrappedPdfiumModule, bytes: Uint8Array): number {
  const pointer = pdfium.pdfium.wasmExports.malloc(bytes.length);
  if (!pointer) throw new Error("Out of memory while opening the document for rendering");
  heap(pdfium).set(bytes, pointer);
  return pointer;
}

/** A page narrower than this in pixels, or longer than MAX_SIDE, cannot hold text worth reading (a damaged page size). */
const MIN_SIDE = 16;
const MAX_SIDE = 32_000;

/** The largest size within `maxPixels` at no more than `dpi`, for a page of `size` points. */
export function renderSize(size: Size, dpi: number, maxPixels: number): { width: number; height: number; scale: number } {
  let scale = dpi / 72;
  const pixels = size.width * size.height * scale * scale;
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)), scale };
}

function renderLoadedPage(pdfium: WrappedPdfiumModule, page: number, size: Size, dpi: number, maxPixels: number): GreyImage {
  const { width, height, scale } = renderSize(size, dpi, maxPixels);
  const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDFBitmap_Gray, 0, 0);
  if (!bitmap) throw new Error("Out of memory while rendering a page");
  try {
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_GRAYSCALE);
    const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const memory = heap(pdfium);
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) data.set(memory.subarray(buffer + y * stride, buffer + y * stride + width), y * width);
    return { width, height, data, scale };
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}

/** One PDF opened for rendering; `close` frees the document and its PDFium instance. */
export interface PdfRenderer {
  readonly pageCount: number;
  /** Page size in points as displayed (after /Rotate); undefined when the page cannot be loaded. */
  pageSize(index: number): Size | undefined;
  /** Renders page `index` (0-based) at `dpi`, or less when that would exceed `maxPixels`. */
  render(index: number, dpi: number, maxPixels: number): GreyImage | undefined;
  close(): void;
}

export async function openPdfRenderer(bytes: Uint8Array): Promise<PdfRenderer> {
  const pdfium = await newPdfium();
  const data = toHeap(pdfium, bytes);
  const document = pdfium.FPDF_LoadMemDocument(data, bytes.length, "");
  if (!document) {
    pdfium.pdfium.wasmExports.free(data);
    throw new Error(`PDFium cannot open the document (error ${pdfium.FPDF_GetLastError()})`);
  }
  let open = true;
  const withPage = <T>(index: number, use: (page: number) => T): T | undefined => {
    if (!open) throw new Error("The renderer is closed");
    const page = pdfium.FPDF_LoadPage(document, index);
    if (!page) return undefined;
    try {
      return use(page);
    } finally {
      pdfium.FPDF_ClosePage(page);
    }
  };
  const sizeOf = (page: number): Size => ({ width: pdfium.FPDF_GetPageWidthF(page), height: pdfium.FPDF_GetPageHeightF(page) });
  return {
    pageCount: pdfium.FPDF_GetPageCount(document),
    pageSize: (index) => withPage(index, sizeOf),
    render: (index, dpi, maxPixels) =>
      withPage(index, (page) => {
        const size = sizeOf(page);
        if (!(size.width > 0 && size.height > 0)) return undefined;
        const { width, height } = renderSize(size, dpi, maxPixels);
        if (Math.min(width, height) < MIN_SIDE || Math.max(width, height) > MAX_SIDE) return undefined;
        return renderLoadedPage(pdfium, page, size, dpi, maxPixels);
      }),
    close() {
      if (!open) return;
      open = false;
      pdfium.FPDF_CloseDocument(document);
      pdfium.pdfium.wasmExports.free(data);
    },
  };
}

/**
 * Renders a PNG or JPEG file through PDFium as if it were a page `size` points large: PDFium
 * decodes it (palette, alpha over white, 16-bit, progressive, CMYK) and scales it down to the
 * pixel budget in one step, so a 40-megapixel photo never reaches OCR at full size.
 */
export async function renderImageFile(
  bytes: Uint8Array,
  kind: "png" | "jpeg",
  size: Size,
  dpi: number,
  maxPixels: number,
): Promise<GreyImage> {
  const pdfium = await newPdfium();
  const document = pdfium.FPDF_CreateNewDocument();
  const data = toHeap(pdfium, bytes);
  try {
    const page = pdfium.FPDFPage_New(document, 0, size.width, size.height);
    if (!page) throw new Error("Out of memory while reading the image");
    try {
      const image = pdfium.FPDFPageObj_NewImageObj(document);
      const set = kind === "png" ? pdfium.EPDFImageObj_SetPng : pdfium.EPDFImageObj_SetJpeg;
      if (!image || !set(0, 0, image, data, bytes.length)) {
        if (image) pdfium.FPDFPageObj_Destroy(image);
        throw new Error("The image data cannot be decoded");
      }
      pdfium.FPDFImageObj_SetMatrix(image, size.width, 0, 0, size.height, 0, 0);
      pdfium.FPDFPage_InsertObject(page, image);
      return renderLoadedPage(pdfium, page, size, dpi, maxPixels);
    } finally {
      pdfium.FPDF_ClosePage(page);
    }
  } finally {
    pdfium.FPDF_CloseDocument(document);
    pdfium.pdfium.wasmExports.free(data);
  }
}

/**
 * Scales a grey raster down by averaging blocks of pixels (a box filter), to at most `maxPixels`.
 * One output row is summed at a time, so a 60-megapixel page costs no more than its own bytes.
 */
export function shrink(image: GreyImage, maxPixels: number): GreyImage {
  const pixels = image.width * image.height;
  if (pixels <= maxPixels) return image;
  const factor = Math.sqrt(maxPixels / pixels);
  const width = Math.max(1, Math.floor(image.width * factor));
  const height = Math.max(1, Math.floor(image.height * factor));
  const column = new Uint32Array(image.width);
  for (let x = 0; x < image.width; x++) column[x] = Math.min(width - 1, Math.floor(x * factor));
  const data = new Uint8Array(width * height);
  const sums = new Uint32Array(width);
  const counts = new Uint32Array(width);
  let y = 0;
  for (let target = 0; target < height; target++) {
    sums.fill(0);
    counts.fill(0);
    for (; y < image.height && (target === height - 1 || Math.floor(y * factor) <= target); y++) {
      const row = y * image.width;
      for (let x = 0; x < image.width; x++) {
        sums[column[x]!]! += image.data[row + x]!;
        counts[column[x]!]!++;
      }
    }
    for (let x = 0; x < width; x++) data[target * width + x] = counts[x] ? Math.round(sums[x]! / counts[x]!) : 255;
  }
  return { width, height, data, scale: image.scale * factor };
}

/** Share of the page covered by ink, 0-1: darkness summed over every pixel. */
export function inkCoverage(image: GreyImage): number {
  let dark = 0;
  for (const value of image.data) dark += 255 - value;
  return dark / 255 / Math.max(1, image.data.length);
}

/** The raster as a binary PGM (P5) file, which tesseract reads without any image library. */
export function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "latin1");
  return Buffer.concat([header, image.data]);
}
