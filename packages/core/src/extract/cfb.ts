/**
 * The OLE2 "Compound File Binary" container of legacy Office files (.doc, .xls): a small FAT
 * file system inside one file. We read it to tell a Word file from an Excel one by its streams,
 * to pull the Workbook stream out of an .xls, and to validate the streams of a .doc before
 * word-extractor sees it (that library follows sector chains without a cycle guard, so a crafted
 * file would loop forever).
 */

export const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;

export class CfbError extends Error {}

export interface CompoundFile {
  /** Names of the streams directly under the root storage. */
  streams(): string[];
  /** A stream's bytes, or undefined when the root storage has no stream of that name. */
  read(name: string): Buffer | undefined;
}

interface DirectoryEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

export function isCompoundFile(buffer: Buffer) {
  return buffer.length >= 512 && buffer.subarray(0, 8).equals(CFB_SIGNATURE);
}

/** Parses the container (header, FAT, directory); a stream's chain is checked when it is read. Throws CfbError if damaged. */
export function readCompoundFile(buffer: Buffer): CompoundFile {
  if (!isCompoundFile(buffer)) throw new CfbError("Not an OLE2 compound file");
  const sectorShift = buffer.readUInt16LE(0x1e);
  const miniShift = buffer.readUInt16LE(0x20);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw new CfbError("Unsupported compound file sector size");
  const sectorSize = 1 << sectorShift;
  // the header fills sector "-1"; a truncated last sector is tolerated, as Office does
  const sectorCount = Math.max(0, Math.ceil((buffer.length - sectorSize) / sectorSize));
  const sector = (n: number) => {
    if (n >= sectorCount) throw new CfbError("A sector lies outside the file");
    const start = (n + 1) * sectorSize;
    return buffer.subarray(start, Math.min(start + sectorSize, buffer.length));
  };

  // A sector met twice in one chain is a loop. Chains may overlap (some writers share sectors by
  // mistake), but what is read from them never adds up to more sectors than the file holds, so
  // streams all pointing at one long chain cannot make a file read as many times its size.
  const visits = new Int32Array(sectorCount);
  let chains = 0;
  let unread = sectorCount;

  // 1. the FAT's own sectors: 109 in the header, the rest in a chain of DIFAT sectors
  const fatSectors: number[] = [];
  const fatCount = buffer.readUInt32LE(0x2c);
  if (fatCount > sectorCount) throw new CfbError("The header declares more FAT sectors than the file holds");
  // the FAT's own sectors are all different: one listed over and over would make a FAT of 512
  // bytes per entry out of a 4-byte entry, 128 times the file
  const FAT = ++chains;
  const DIFAT = ++chains;
  const addFatSector = (s: number) => {
    if (s >= sectorCount) throw new CfbError("A sector lies outside the file");
    if (visits[s] === FAT) throw new CfbError("The FAT lists a sector twice");
    visits[s] = FAT;
    fatSectors.push(s);
  };
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) addFatSector(buffer.readUInt32LE(0x4c + i * 4));
  let difat = buffer.readUInt32LE(0x44);
  while (fatSectors.length < fatCount && difat !== END_OF_CHAIN && difat !== FREE) {
    if (difat >= sectorCount) throw new CfbError("A sector lies outside the file");
    if (visits[difat] === DIFAT) throw new CfbError("The DIFAT chain loops");
    visits[difat] = DIFAT;
    const block = sector(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatCount; i++) addFatSector(block.readUInt32LE(i * 4));
    difat = block.readUInt32LE(perSector * 4);
  }
  if (fatSectors.length < fatCount) throw new CfbError("The FAT is incomplete");
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((s, i) => {
    const block = sector(s);
    for (let j = 0; j * 4 + 4 <= block.length; j++) fat[i * (sectorSize / 4) + j] = block.readUInt32LE(j * 4);
  });

  // 2. a chain is followed to its end, so a loop is an error, not a hang, and no chain is longer
  // than the file. Only the sectors a stream's size needs are read (word-extractor follows the
  // whole chain, so the rest is still checked).
  const chain = (start: number, table: Uint32Array, visited: Int32Array, length: number): number[] => {
    const id = ++chains;
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = table[s]!) {
      if (s === FREE || s === FAT_SECTOR || s >= table.length || s >= visited.length) throw new CfbError("A sector chain is damaged");
      if (visited[s] === id) throw new CfbError("A sector chain loops");
      visited[s] = id;
      if (out.length < length) out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size?: number) => {
    const sectors = chain(start, fat, visits, size === undefined ? sectorCount : Math.ceil(size / sectorSize));
    unread -= sectors.length;
    if (unread < 0) throw new CfbError("The streams add up to more than the file holds");
    const data = Buffer.concat(sectors.map(sector));
    return size === undefined ? data : data.subarray(0, size);
  };

  // 3. the directory: 128-byte entries
  const directoryData = readChain(buffer.readUInt32LE(0x30));
  const entries: DirectoryEntry[] = [];
  for (let at = 0; at + 128 <= directoryData.length; at += 128) {
    const nameBytes = Math.min(64, Math.max(0, directoryData.readUInt16LE(at + 0x40) - 2));
    entries.push({
      name: directoryData.toString("utf16le", at, at + nameBytes),
      type: directoryData[at + 0x42]!,
      left: directoryData.readUInt32LE(at + 0x44),
      right: directoryData.readUInt32LE(at + 0x48),
      child: directoryData.readUInt32LE(at + 0x4c),
      start: directoryData.readUInt32LE(at + 0x74),
      // version 3 files leave the high half undefined; nothing we read is 4 GB
      size: directoryData.readUInt32LE(at + 0x78),
    });
  }
  const root = entries[0];
  if (!root || root.type !== 5) throw new CfbError("The compound file has no root entry");

  // 4. small streams live in the mini stream (the root's data) in 64-byte mini sectors
  const cutoff = buffer.readUInt32LE(0x38);
  const miniFatStart = buffer.readUInt32LE(0x3c);
  const miniFatData = miniFatStart === END_OF_CHAIN || miniFatStart === FREE ? Buffer.alloc(0) : readChain(miniFatStart);
  const miniFat = new Uint32Array(miniFatData.length / 4);
  for (let i = 0; i < miniFat.length; i++) miniFat[i] = miniFatData.readUInt32LE(i * 4);
  // read only for a small stream: some writers leave the root's chain overlapping others when no stream needs it
  let miniStream: Buffer | undefined;
  const mini = () => (miniStream ??= root.start === END_OF_CHAIN || root.size === 0 ? Buffer.alloc(0) : readChain(root.start, root.size));
  const miniVisits = new Int32Array(miniFat.length);
  let miniUnread = miniFat.length;

  // 5. the root's children form a red-black tree of siblings
  const children = new Map<string, DirectoryEntry>();
  const visited = new Set<number>();
  const walk = (index: number) => {
    if (index === NO_STREAM || index >= entries.length) return;
    if (visited.has(index)) throw new CfbError("The directory tree loops");
    visited.add(index);
    const entry = entries[index]!;
    walk(entry.left);
    if (entry.type === 2) children.set(entry.name, entry);
    walk(entry.right);
  };
  walk(root.child);

  const read = (entry: DirectoryEntry): Buffer => {
    if (entry.size === 0) return Buffer.alloc(0);
    if (entry.size >= cutoff) return readChain(entry.start, entry.size);
    const sectors = chain(entry.start, miniFat, miniVisits, Math.ceil(entry.size / 64));
    miniUnread -= sectors.length;
    if (miniUnread < 0) throw new CfbError("The small streams add up to more than the mini stream holds");
    const stream = mini();
    const data = Buffer.concat(sectors.map((s) => stream.subarray(s * 64, s * 64 + 64)));
    return data.subarray(0, entry.size);
  };
  // a stream's chain is checked when the stream is first read, so a damaged stream nobody
  // reads (a truncated SummaryInformation) does not make the whole file unreadable
  const contents = new Map<string, Buffer>();
  return {
    streams: () => [...children.keys()],
    read: (name) => {
      const entry = children.get(name);
      if (!entry) return undefined;
      let data = contents.get(name);
      if (!data) {
        data = read(entry);
        if (data.length < entry.size) throw new CfbError(`The stream ${name} is truncated`);
        contents.set(name, data);
      }
      return data;
    },
  };
}
