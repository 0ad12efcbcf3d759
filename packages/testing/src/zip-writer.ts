import { zipSync, type Zippable } from "fflate";

/** A deflated zip archive of the given files, for .docx, .xlsx and other container fixtures. */
export function writeZip(files: { name: string; data: Buffer | string }[]): Buffer {
  // A fixed date keeps the fixtures' bytes the same from run to run.
  const mtime = new Date(Date.UTC(2024, 0, 1));
  const entries: Zippable = {};
  for (const f of files) entries[f.name] = [Buffer.isBuffer(f.data) ? new Uint8Array(f.data) : new TextEncoder().encode(f.data), { mtime }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
