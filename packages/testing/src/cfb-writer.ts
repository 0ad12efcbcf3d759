import { CFB_SIGNATURE } from "@quorum/core/extract/cfb";

/** Sector markers of the compound file format. */
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;

/**
 * Writes a version-3 compound file holding the given streams at the root. Streams shorter than
 * the 4,096-byte mini-stream cutoff are zero-padded up to it, which keeps the writer free of
 * the mini FAT; Word and Excel data carry their own lengths, so the padding is never read.
 */
export function writeCompoundFile(streams: Record<string, Buffer>): Buffer {
  const SECTOR = 512;
  const names = Object.keys(streams).sort((a, b) => a.length - b.length || (a.toUpperCase() < b.toUpperCase() ? -1 : 1));
  const bodies = names.map((n) => {
    const data = streams[n]!;
    const size = Math.max(4096, Math.ceil(data.length / SECTOR) * SECTOR);
    const padded = Buffer.alloc(size);
    data.copy(padded);
    return padded;
  });
  const dirSectors = Math.ceil((names.length + 1) / 4);
  const dataSectors = bodies.reduce((n, b) => n + b.length / SECTOR, 0);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < fatSectors + dirSectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error("writeCompoundFile is meant for small fixtures");
  const total = fatSectors + dirSectors + dataSectors;

  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(FAT_SECTOR, i * 4);
  const link = (first: number, count: number) => {
    for (let i = 0; i < count; i++) fat.writeUInt32LE(i === count - 1 ? END_OF_CHAIN : first + i + 1, (first + i) * 4);
  };
  link(fatSectors, dirSectors);
  const starts: number[] = [];
  let next = fatSectors + dirSectors;
  for (const body of bodies) {
    starts.push(next);
    link(next, body.length / SECTOR);
    next += body.length / SECTOR;
  }

  const directory = Buffer.alloc(dirSectors * SECTOR);
  const entry = (index: number, name: string, type: number, child: number, right: number, start: number, size: number) => {
    const at = index * 128;
    directory.write(name, at, "utf16le");
    directory.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1; // black
    directory.writeUInt32LE(NO_STREAM, at + 0x44);
    directory.writeUInt32LE(right, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, "Root Entry", 5, names.length ? 1 : NO_STREAM, NO_STREAM, END_OF_CHAIN, 0);
  // siblings sorted as the format orders them, each the right child of the previous one
  names.forEach((name, i) => entry(i + 1, name, 2, NO_STREAM, i + 1 < names.length ? i + 2 : NO_STREAM, starts[i]!, bodies[i]!.length));
  for (let i = names.length + 1; i < dirSectors * 4; i++) {
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x44);
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x48);
    directory.writeUInt32LE(NO_STREAM, i * 128 + 0x4c);
  }

  const header = Buffer.alloc(SECTOR);
  CFB_SIGNATURE.copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18); // minor version
  header.writeUInt16LE(3, 0x1a); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 0x1c); // little-endian
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(fatSectors, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? i : FREE, 0x4c + i * 4);
  if (total !== fatSectors + dirSectors + dataSectors) throw new Error("sector accounting");
  return Buffer.concat([header, fat, directory, ...bodies]);
}
