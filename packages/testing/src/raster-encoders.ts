import { crc32, deflateSync } from "node:zlib";
import type { Raster } from "@quorum/core/extract/raster";

/** PNG and TIFF files of a raster, for the scanned-document fixtures. */

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * Encodes a raster as PNG. Tesseract reads image files, not raw pixels, and no image library is
 * installed, so scanned PDF pages (their embedded picture) and the OCR fixtures go through this.
 */
export function encodePng(raster: Raster): Buffer {
  const { width, height, channels, data } = raster;
  if (data.length < width * height * channels) throw new Error("Raster data is shorter than width x height x channels");
  const colorType = channels === 1 ? 0 : channels === 3 ? 2 : 6;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colorType;
  // compression, filter and interlace methods stay 0
  const stride = width * channels;
  const scanlines = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // filter byte 0 (None) then the row as it is
    scanlines.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Encodes a greyscale raster as an uncompressed single-strip TIFF at 300 dpi (fixtures). */
export function encodeTiff(raster: Raster): Buffer {
  if (raster.channels !== 1) throw new Error("encodeTiff writes greyscale only");
  const { width, height, data } = raster;
  const tags: [number, number, number, number][] = []; // tag, type, count, value
  const entries = 12;
  const ifdOffset = 8;
  const ifdSize = 2 + entries * 12 + 4;
  const resolutionOffset = ifdOffset + ifdSize;
  const pixelsOffset = resolutionOffset + 8;
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  tags.push(
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, 1, 8],
    [259, SHORT, 1, 1], // no compression
    [262, SHORT, 1, 1], // black is zero
    [273, LONG, 1, pixelsOffset],
    [277, SHORT, 1, 1],
    [278, LONG, 1, height],
    [279, LONG, 1, width * height],
    [282, RATIONAL, 1, resolutionOffset],
    [283, RATIONAL, 1, resolutionOffset],
    [296, SHORT, 1, 2], // inches
  );
  const head = Buffer.alloc(pixelsOffset);
  head.write("II", 0, "latin1");
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(ifdOffset, 4);
  head.writeUInt16LE(entries, ifdOffset);
  tags.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (type === SHORT) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
  });
  head.writeUInt32LE(0, ifdOffset + 2 + entries * 12); // no next IFD
  head.writeUInt32LE(300, resolutionOffset);
  head.writeUInt32LE(1, resolutionOffset + 4);
  return Buffer.concat([head, Buffer.from(data.buffer, data.byteOffset, width * height)]);
}
