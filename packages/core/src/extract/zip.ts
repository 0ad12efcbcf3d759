import { inflateRawSync } from "node:zlib";

/**
 * Just enough of the zip format for Office files: listing the central directory (to tell a
 * .docx from an .xlsx by its entries), measuring what the archive really inflates to (a zip
 * bomb guard run before the Word and Excel readers inflate parts) and writing archives for fixtures.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(buffer: Buffer): number {
  // the record is 22 bytes plus a comment of at most 65,535 bytes, at the very end
  const stop = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= stop; i--) {
    if (buffer.readUInt32LE(i) === EOCD) return i;
  }
  throw new ZipError("The zip archive has no central directory");
}

/** Lists the entries from the central directory without inflating anything. */
export function listZip(buffer: Buffer): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(buffer);
  let count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && buffer.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const record = Number(buffer.readBigUInt64LE(eocd - 20 + 8));
    if (record + 56 > buffer.length || buffer.readUInt32LE(record) !== ZIP64_EOCD) throw new ZipError("The zip64 directory is damaged");
    count = Number(buffer.readBigUInt64LE(record + 32));
    offset = Number(buffer.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) throw new ZipError("The zip central directory is damaged");
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
      name: buffer.toString("utf8", at + 46, at + 46 + nameLength),
    };
    readZip64Extra(buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes of 0xFFFFFFFF mean "see the zip64 extra field", which lists only those, in order. */
function readZip64Extra(extra: Buffer, entry: ZipEntry) {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let field = i + 4;
      const next = () => {
        const value = field + 8 <= i + 4 + length ? Number(extra.readBigUInt64LE(field)) : undefined;
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next() ?? entry.size;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    i += 4 + length;
  }
}

function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) throw new ZipError(`The zip entry ${entry.name} is damaged`);
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw new ZipError(`The zip entry ${entry.name} is truncated`);
  return buffer.subarray(start, start + entry.compressedSize);
}

/** Inflates one entry, refusing to produce more than `maxBytes`. */
export function readZipEntry(buffer: Buffer, entry: ZipEntry, maxBytes = Number.MAX_SAFE_INTEGER): Buffer {
  const data = entryData(buffer, entry);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new ZipError(`The zip entry ${entry.name} is too large`);
    return Buffer.from(data);
  }
  if (entry.method !== 8) throw new ZipError(`The zip entry ${entry.name} uses an unsupported compression method`);
  try {
    // maxOutputLength makes zlib stop (RangeError) instead of filling memory
    return inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(maxBytes, 0x7fffffff)) });
  } catch (error) {
    if (error instanceof RangeError) throw new ZipError(`The zip entry ${entry.name} is too large`);
    throw new ZipError(`The zip entry ${entry.name} cannot be inflated`);
  }
}

/**
 * Inflates every entry once, against a running budget, trusting none of the sizes the archive
 * declares (a zip bomb lies about them). Throws ZipError when the archive exceeds the limits.
 */
export function checkZip(buffer: Buffer, limits: { maxUnzippedBytes: number; maxZipEntries: number }): ZipEntry[] {
  const entries = listZip(buffer);
  if (entries.length > limits.maxZipEntries)
    throw new ZipError(`The archive holds ${entries.length} entries, more than ${limits.maxZipEntries}`);
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    const room = limits.maxUnzippedBytes - total;
    if (entry.size > room) throw new ZipError("The archive inflates to more than the size limit");
    try {
      total += readZipEntry(buffer, entry, room).length;
    } catch (error) {
      if (error instanceof ZipError && error.message.endsWith("too large"))
        throw new ZipError("The archive inflates to more than the size limit");
      throw error;
    }
  }
  return entries;
}
