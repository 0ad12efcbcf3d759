import { deflateSync } from "node:zlib";
import { encodeJpeg } from "./jpeg";
import type { Raster } from "@quorum/core/extract/raster";

/**
 * A minimal PDF writer for fixtures (no PDF library is installed): US Letter pages with
 * Helvetica text runs placed at exact positions and optionally one greyscale picture, which
 * is all a vendor quote or a scanned page needs. Output is PDF 1.4 with a correct xref table.
 */

export interface TextRun {
  x: number;
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
}

export interface PdfPageSpec {
  runs: TextRun[];
  /**
   * A greyscale picture stretched over the given rectangle (points); a scan covers the whole
   * page. Stored as scanners store it: 8-bit Flate, JPEG (DCTDecode), or 1-bit black and white.
   */
  image?: { raster: Raster; x: number; y: number; width: number; height: number; encoding?: "flate" | "jpeg" | "bilevel" };
}

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

// Helvetica advance widths (1/1000 em) for the characters the fixtures right-align
const WIDTHS: Record<string, number> = { " ": 278, ",": 278, ".": 278, ":": 278, $: 556, "%": 889, "-": 333, "(": 333, ")": 333 };

/** Approximate width of a Helvetica string in points, for right-aligned columns. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += WIDTHS[char] ?? (/[0-9]/.test(char) ? 556 : /[A-Z]/.test(char) ? 667 : 500);
  return (units / 1000) * size;
}

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");

/** 1 bit per pixel, rows padded to whole bytes, 1 = white (DeviceGray), threshold at mid-grey. */
function toBilevel(raster: Raster): Buffer {
  const stride = Math.ceil(raster.width / 8);
  const out = Buffer.alloc(stride * raster.height);
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const at = y * stride + (x >> 3);
      if (raster.data[y * raster.width + x]! >= 128) out[at] = out[at]! | (0x80 >> (x & 7));
    }
  }
  return out;
}

export function writePdf(pages: PdfPageSpec[]): Buffer {
  const objects: Buffer[] = []; // objects[i] is object number i + 1
  const add = (body: Buffer | string) => {
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"));
    return objects.length;
  };
  const stream = (dictionary: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]);

  const catalog = add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, filled in once the kids are known
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const spec of pages) {
    const ops: string[] = [];
    let xobjects = "";
    if (spec.image) {
      const { raster, x, y, width, height } = spec.image;
      if (raster.channels !== 1) throw new Error("writePdf embeds greyscale pictures only");
      const size = `/Width ${raster.width} /Height ${raster.height} /ColorSpace /DeviceGray`;
      const pixels = Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.width * raster.height);
      const image = add(
        spec.image.encoding === "jpeg"
          ? stream(`/Type /XObject /Subtype /Image ${size} /BitsPerComponent 8 /Filter /DCTDecode`, encodeJpeg(raster, 80))
          : spec.image.encoding === "bilevel"
            ? stream(`/Type /XObject /Subtype /Image ${size} /BitsPerComponent 1 /Filter /FlateDecode`, deflateSync(toBilevel(raster)))
            : stream(`/Type /XObject /Subtype /Image ${size} /BitsPerComponent 8 /Filter /FlateDecode`, deflateSync(pixels)),
      );
      xobjects = ` /XObject << /Im1 ${image} 0 R >>`;
      ops.push(`q ${width} 0 0 ${height} ${x} ${y} cm /Im1 Do Q`);
    }
    for (const run of spec.runs) {
      ops.push(`BT /${run.bold ? "F2" : "F1"} ${run.size ?? 10} Tf ${run.x.toFixed(2)} ${run.y.toFixed(2)} Td (${escape(run.text)}) Tj ET`);
    }
    const contents = add(stream("/Filter /FlateDecode", deflateSync(Buffer.from(ops.join("\n"), "latin1"))));
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >>${xobjects} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`, "latin1");

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f \n",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
  ].join("");
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"),
  );
  return Buffer.concat(parts);
}
