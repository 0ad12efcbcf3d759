import type { Raster } from "@quorum/core/extract/raster";

/**
 * A baseline JPEG encoder for greyscale rasters (ITU T.81 with the Annex K example tables), so
 * fixtures can include the photo-like JPEGs people attach and the JPEG pictures most scanners
 * put inside PDFs. No image library is installed; this is only for building test documents.
 */

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

// Annex K.1 luminance quantisation, natural order
const LUMINANCE_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22,
  37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

// Annex K.3 luminance Huffman tables: code counts per length 1..16, then the symbols
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1,
  0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26,
  0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56,
  0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85,
  0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa,
  0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6,
  0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9,
  0xfa,
];

/** Canonical Huffman codes from counts per length (T.81 Annex C). */
function huffmanCodes(bits: number[], values: number[]) {
  const codes = new Map<number, [code: number, length: number]>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]!; i++) codes.set(values[k++]!, [code++, length]);
    code <<= 1;
  }
  return codes;
}

class BitWriter {
  private bytes: number[] = [];
  private buffer = 0;
  private count = 0;
  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.buffer = (this.buffer << 1) | ((value >> i) & 1);
      if (++this.count === 8) {
        this.bytes.push(this.buffer);
        if (this.buffer === 0xff) this.bytes.push(0); // byte stuffing
        this.buffer = 0;
        this.count = 0;
      }
    }
  }
  finish(): Buffer {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count); // pad with ones
    return Buffer.from(this.bytes);
  }
}

const COS = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i >> 3) + 1) * (i & 7) * Math.PI) / 16));
const C = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

function segment(marker: number, body: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

export function encodeJpeg(raster: Raster, quality = 85): Buffer {
  if (raster.channels !== 1) throw new Error("encodeJpeg writes greyscale only");
  const { width, height, data } = raster;
  // quality scaling as libjpeg does it
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  const quant = LUMINANCE_QUANT.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
  const dc = huffmanCodes(DC_BITS, DC_VALUES);
  const ac = huffmanCodes(AC_BITS, AC_VALUES);
  const out = new BitWriter();
  const emit = (table: Map<number, [number, number]>, symbol: number) => {
    const [code, length] = table.get(symbol)!;
    out.write(code, length);
  };
  const category = (v: number) => (v === 0 ? 0 : Math.floor(Math.log2(Math.abs(v))) + 1);
  const block = new Float64Array(64);
  const columns = new Float64Array(64);
  const coefficients = new Int32Array(64);
  let previousDc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let i = 0; i < 64; i++) {
        const x = Math.min(width - 1, bx + (i & 7));
        const y = Math.min(height - 1, by + (i >> 3));
        block[i] = data[y * width + x]! - 128;
      }
      // forward DCT, separable: columns first (over y), then rows (over x)
      for (let v = 0; v < 8; v++) {
        for (let x = 0; x < 8; x++) {
          let sum = 0;
          for (let y = 0; y < 8; y++) sum += block[y * 8 + x]! * COS[y * 8 + v]!;
          columns[v * 8 + x] = sum;
        }
      }
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let x = 0; x < 8; x++) sum += columns[v * 8 + x]! * COS[x * 8 + u]!;
          coefficients[v * 8 + u] = Math.round((0.25 * C(u) * C(v) * sum) / quant[v * 8 + u]!);
        }
      }
      const diff = coefficients[0]! - previousDc;
      previousDc = coefficients[0]!;
      const dcCategory = category(diff);
      emit(dc, dcCategory);
      if (dcCategory) out.write(diff < 0 ? diff + (1 << dcCategory) - 1 : diff, dcCategory);
      let run = 0;
      for (let k = 1; k < 64; k++) {
        const value = coefficients[ZIGZAG[k]!]!;
        if (value === 0) {
          run++;
          continue;
        }
        while (run > 15) {
          emit(ac, 0xf0);
          run -= 16;
        }
        const size = category(value);
        emit(ac, (run << 4) | size);
        out.write(value < 0 ? value + (1 << size) - 1 : value, size);
        run = 0;
      }
      if (run > 0) emit(ac, 0x00);
    }
  }
  const frame = Buffer.alloc(9);
  frame[0] = 8;
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame[5] = 1; // one component
  frame[6] = 1; // id
  frame[7] = 0x11; // no subsampling
  frame[8] = 0; // quantisation table 0
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 150, 0, 150, 0, 0])), // JFIF, 150 dpi
    segment(0xdb, Buffer.from([0, ...ZIGZAG.map((i) => quant[i]!)])),
    segment(0xc0, frame),
    segment(0xc4, Buffer.from([0x00, ...DC_BITS, ...DC_VALUES])),
    segment(0xc4, Buffer.from([0x10, ...AC_BITS, ...AC_VALUES])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    out.finish(),
    Buffer.from([0xff, 0xd9]),
  ]);
}
