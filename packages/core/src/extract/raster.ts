import { crc32, deflateSync } from "node:zlib";

/**
 * A raster the extractors and fixtures share: 8-bit samples, row-major, `channels` per pixel
 * (1 grey, 3 RGB, 4 RGBA), the layout unpdf's `extractImages` returns for embedded pictures.
 */
export interface Raster {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

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
