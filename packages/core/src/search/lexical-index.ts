import { gunzipSync, gzipSync } from "node:zlib";
import { searchTerms } from "./terms";

/**
 * An inverted index of document chunks in flat arrays, ranked by BM25+.
 *
 * Built for a project chat in a Lambda: a 10,000-chunk index loads from S3 as one
 * buffer (a gzipped core of the vocabulary and the postings as varints, decoded into one
 * flat typed array per field, no per-term objects to rebuild; the chunk texts in gzipped
 * blocks that stay compressed until a hit needs them), holds every posting in a few
 * megabytes, and scores a question with one pass over the postings of its terms into a
 * score array. A general-purpose search library keeps a tree of
 * maps per term and field and rebuilds it from JSON on load, which cost seconds and
 * gigabytes at this size.
 *
 * Two fields are indexed: a chunk's text and its file name (a file's name says what
 * it is, at a lower weight). Terms come from `searchTerms`, for chunks and questions alike.
 */

/** A chunk as the index stores it (text included, so a hit needs no second read). */
export interface StoredChunk extends ChunkNumbers {
  text: string;
}

/** What the index keeps of a chunk besides its text. */
interface ChunkNumbers {
  /** `<documentId>:<chunk index>`. */
  id: string;
  documentId: number;
  projectId: number;
  chunk: number;
  page: number;
  /** The chunk's first and last line of its page's text (1-based), when the chunk file has them. */
  lineFrom?: number;
  lineTo?: number;
  fileName: string;
}

const FIELDS = ["text", "fileName"] as const;
type Field = (typeof FIELDS)[number];
/** BM25+ with the usual constants: term-frequency saturation k, length normalisation b, floor d. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** A fuzzy match counts for this share of an exact one (less as the edit distance grows). */
const FUZZY_WEIGHT = 0.45;
/** Fuzzy expansions remembered per index: questions reuse words, and a scan of the vocabulary costs milliseconds. */
const FUZZY_CACHE = 2_000;

const MAGIC = "QLX3";
/**
 * Chunk texts are stored and kept in memory gzipped in blocks of this many chunks: a cold load
 * inflates only the postings, and a question inflates just the blocks of its hits.
 */
const TEXT_BLOCK = 128;
/** Postings added since the last compaction, as a share of the flat ones, before they are made flat again. */
const COMPACT_SHARE = 0.25;

/** Texts of TEXT_BLOCK chunks: compressed as stored, inflated on first use. */
interface TextBlock {
  data?: Buffer;
  texts?: string[];
}

/**
 * Postings of one field: interleaved [chunk slot, term frequency] pairs, slots ascending.
 * What was loaded sits in one flat array (term t's pairs between offsets[t] and
 * offsets[t + 1]: no object per term to allocate on a cold load); what was added
 * since goes to per-term lists after them.
 */
interface FieldPostings {
  offsets: Int32Array;
  data: Int32Array;
  added: Map<number, number[]>;
}

const emptyPostings = (): FieldPostings => ({ offsets: new Int32Array(1), data: new Int32Array(0), added: new Map() });

/** One question term's score in every chunk that holds it: parallel arrays, one entry per chunk slot. */
export interface TermScores {
  slots: Int32Array;
  scores: Float64Array;
}

export class LexicalIndex {
  private chunks: (ChunkNumbers | undefined)[] = [];
  /** Per slot: the text, or where it is in `textBlocks` (its slot when it was stored). */
  private texts: (string | number)[] = [];
  private textBlocks: TextBlock[] = [];
  /** Pairs in the per-term `added` lists, over both fields. */
  private addedPairs = 0;
  private slots = new Map<string, number>();
  /** Distinct terms per field of each slot (BM25's field length). */
  private lengths: number[][] = [[], []];
  private lengthSums = [0, 0];
  private vocabulary = new Map<string, number>();
  private terms: string[] = [];
  private postings: FieldPostings[] = [emptyPostings(), emptyPostings()];
  private live = 0;
  private dead = 0;
  private fuzzyCache = new Map<string, [string, number][]>();
  /** Scratch space for scoring one term: a score per slot, zero between calls. */
  private scratch = new Float64Array(0);

  /** Slots in use, discarded ones included (chunk slots run from 0 to this). */
  get slotCount() {
    return this.chunks.length;
  }

  /** Chunks held (discarded ones excluded). */
  get documentCount() {
    return this.live;
  }

  /** Discarded chunks whose postings are still in the arrays, until `vacuum`. */
  get dirtCount() {
    return this.dead;
  }

  has(id: string) {
    return this.slots.has(id);
  }

  getStoredFields(id: string): StoredChunk | undefined {
    const slot = this.slots.get(id);
    return slot === undefined ? undefined : this.chunkAt(slot);
  }

  /** A live chunk with its text (inflating its text block on first use). */
  chunkAt(slot: number): StoredChunk {
    return { ...this.chunks[slot]!, text: this.textAt(slot) };
  }

  /** The document of a live chunk, without reading its text. */
  documentIdAt(slot: number): number {
    return this.chunks[slot]!.documentId;
  }

  addAll(chunks: StoredChunk[]) {
    for (const chunk of chunks) this.add(chunk);
    this.fuzzyCache.clear();
    const flat = this.postings.reduce((sum, p) => sum + p.data.length / 2, 0);
    if (this.addedPairs > flat * COMPACT_SHARE) this.compact();
  }

  private add(chunk: StoredChunk) {
    if (this.slots.has(chunk.id)) throw new Error(`chunk ${chunk.id} is already indexed`);
    const slot = this.chunks.length;
    const { text, ...numbers } = chunk;
    this.chunks.push(numbers);
    this.texts.push(text);
    this.slots.set(chunk.id, slot);
    this.live++;
    FIELDS.forEach((field, f) => {
      const counts = new Map<string, number>();
      for (const term of searchTerms(chunk[field])) counts.set(term, (counts.get(term) ?? 0) + 1);
      this.lengths[f]![slot] = counts.size;
      this.lengthSums[f]! += counts.size;
      for (const [term, tf] of counts) {
        const id = this.termId(term);
        const added = this.postings[f]!.added;
        const list = added.get(id);
        if (list) list.push(slot, tf);
        else added.set(id, [slot, tf]);
        this.addedPairs++;
      }
    });
  }

  private termId(term: string) {
    let id = this.vocabulary.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.vocabulary.set(term, id);
    }
    return id;
  }

  /** Drops chunks from ranking at once; their postings go at the next `vacuum`. */
  discardAll(ids: string[]) {
    for (const id of ids) {
      const slot = this.slots.get(id);
      if (slot === undefined) continue;
      this.slots.delete(id);
      this.chunks[slot] = undefined;
      this.texts[slot] = "";
      FIELDS.forEach((_, f) => (this.lengthSums[f]! -= this.lengths[f]![slot]!));
      this.live--;
      this.dead++;
    }
  }

  /**
   * Rebuilds the arrays without discarded chunks: slots are renumbered and terms no
   * live chunk holds are dropped, from the postings alone (nothing is tokenized again).
   */
  async vacuum() {
    if (this.dead === 0) return;
    const renumbered = new Int32Array(this.chunks.length).fill(-1);
    const chunks: ChunkNumbers[] = [];
    const texts: (string | number)[] = [];
    const lengths: number[][] = FIELDS.map(() => []);
    this.chunks.forEach((c, slot) => {
      if (!c) return;
      renumbered[slot] = chunks.push(c) - 1;
      texts.push(this.texts[slot]!);
      FIELDS.forEach((_, f) => lengths[f]!.push(this.lengths[f]![slot]!));
    });
    const terms: string[] = [];
    const postings = FIELDS.map(emptyPostings);
    this.terms.forEach((term, termId) => {
      const kept = FIELDS.map((_, f) => {
        const list: number[] = [];
        for (const [pairs, from, to] of this.pairs(f, termId)) {
          for (let i = from; i < to; i += 2) if (renumbered[pairs[i]!]! >= 0) list.push(renumbered[pairs[i]!]!, pairs[i + 1]!);
        }
        return list;
      });
      if (kept.every((list) => list.length === 0)) return;
      kept.forEach((list, f) => list.length && postings[f]!.added.set(terms.length, list));
      terms.push(term);
    });
    this.lengths = lengths;
    this.chunks = chunks;
    this.texts = texts;
    this.slots = new Map(chunks.map((c, slot) => [c.id, slot]));
    this.terms = terms;
    this.vocabulary = new Map(terms.map((t, id) => [t, id]));
    this.postings = postings;
    this.dead = 0;
    this.fuzzyCache.clear();
    this.compact();
  }

  /**
   * Moves the per-term lists of added postings into the flat arrays: a JavaScript array holds
   * a number in 8 bytes and grows by half again, a flat Int32Array in 4. Added slots are
   * always higher than flat ones, so each term's pairs stay in slot order.
   */
  private compact() {
    this.postings = this.postings.map(({ offsets, data, added }) => {
      const pairs = data.length / 2 + [...added.values()].reduce((sum, list) => sum + list.length / 2, 0);
      const flat = { offsets: new Int32Array(this.terms.length + 1), data: new Int32Array(pairs * 2), added: new Map<number, number[]>() };
      let o = 0;
      for (let id = 0; id < this.terms.length; id++) {
        flat.offsets[id] = o;
        if (id + 1 < offsets.length) {
          flat.data.set(data.subarray(offsets[id]!, offsets[id + 1]!), o);
          o += offsets[id + 1]! - offsets[id]!;
        }
        const list = added.get(id);
        if (list) {
          flat.data.set(list, o);
          o += list.length;
        }
      }
      flat.offsets[this.terms.length] = o;
      return flat;
    });
    this.addedPairs = 0;
  }

  /** A live chunk's text: kept as a string once read, its block inflated once for all its chunks. */
  private textAt(slot: number): string {
    const text = this.texts[slot]!;
    if (typeof text === "string") return text;
    const block = this.textBlocks[Math.floor(text / TEXT_BLOCK)]!;
    if (!block.texts) {
      block.texts = JSON.parse(gunzipSync(block.data!).toString("utf8")) as string[];
      block.data = undefined;
    }
    const value = block.texts[text % TEXT_BLOCK] ?? "";
    this.texts[slot] = value;
    return value;
  }

  /** Whether a term is printed in any live chunk. */
  holds(term: string) {
    const id = this.vocabulary.get(term);
    if (id === undefined) return false;
    return FIELDS.some((_, f) => this.livePairs(this.pairs(f, id)) > 0);
  }

  /**
   * BM25+ scores of one question term for every chunk that holds it: the exact term,
   * plus, with `fuzzy` (a share of the term's length), vocabulary terms within that
   * many edits, each counting less the further it is.
   */
  scoreTerm(term: string, weight: number, fuzzy: number | false, boosts: Record<Field, number>): TermScores {
    if (this.scratch.length < this.chunks.length) this.scratch = new Float64Array(this.chunks.length);
    const touched: number[] = [];
    const exact = this.vocabulary.get(term);
    if (exact !== undefined) this.accumulate(exact, weight, boosts, touched);
    if (fuzzy) {
      for (const [near, distance] of this.nearTerms(term, Math.round(term.length * fuzzy))) {
        const share = (FUZZY_WEIGHT * near.length) / (near.length + distance);
        this.accumulate(this.vocabulary.get(near)!, weight * share, boosts, touched);
      }
    }
    const slots = Int32Array.from(touched);
    const scores = new Float64Array(slots.length);
    slots.forEach((slot, i) => {
      scores[i] = this.scratch[slot]!;
      this.scratch[slot] = 0;
    });
    return { slots, scores };
  }

  private accumulate(termId: number, weight: number, boosts: Record<Field, number>, touched: number[]) {
    const total = this.live;
    const scratch = this.scratch;
    FIELDS.forEach((field, f) => {
      if (!boosts[field]) return;
      const ranges = this.pairs(f, termId);
      const matching = this.dead === 0 ? pairCount(ranges) : this.livePairs(ranges);
      if (matching === 0) return;
      const idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
      const average = this.lengthSums[f]! / total;
      const lengths = this.lengths[f]!;
      const factor = weight * boosts[field] * idf;
      for (const [list, from, to] of ranges) {
        for (let i = from; i < to; i += 2) {
          const slot = list[i]!;
          if (!this.chunks[slot]) continue;
          const tf = list[i + 1]!;
          const norm = tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[slot]!) / average);
          if (scratch[slot] === 0) touched.push(slot);
          scratch[slot]! += factor * (BM25.d + (tf * (BM25.k + 1)) / norm);
        }
      }
    });
  }

  /** Postings of live chunks only: discarded ones stay in the arrays until `vacuum`. */
  private livePairs(ranges: [ArrayLike<number>, number, number][]) {
    let count = 0;
    for (const [list, from, to] of ranges) for (let i = from; i < to; i += 2) if (this.chunks[list[i]!]) count++;
    return count;
  }

  /** Where a term's postings in a field are: the loaded range and the list added since, as [array, from, to]. */
  private pairs(f: number, termId: number): [ArrayLike<number>, number, number][] {
    const { offsets, data, added } = this.postings[f]!;
    const ranges: [ArrayLike<number>, number, number][] = [];
    if (termId + 1 < offsets.length && offsets[termId]! < offsets[termId + 1]!) ranges.push([data, offsets[termId]!, offsets[termId + 1]!]);
    const list = added.get(termId);
    if (list) ranges.push([list, 0, list.length]);
    return ranges;
  }

  /** Vocabulary terms within `maxDistance` edits of `term` (not the term itself), with their distance. */
  private nearTerms(term: string, maxDistance: number): [string, number][] {
    if (maxDistance <= 0) return [];
    const key = `${maxDistance}:${term}`;
    const cached = this.fuzzyCache.get(key);
    if (cached) return cached;
    const near: [string, number][] = [];
    for (const candidate of this.terms) {
      if (candidate === term || Math.abs(candidate.length - term.length) > maxDistance) continue;
      const distance = boundedEditDistance(term, candidate, maxDistance);
      if (distance <= maxDistance) near.push([candidate, distance]);
    }
    if (this.fuzzyCache.size >= FUZZY_CACHE) this.fuzzyCache.delete(this.fuzzyCache.keys().next().value!);
    this.fuzzyCache.set(key, near);
    return near;
  }

  /**
   * "QLX3", the sizes of what follows, then:
   * - the core, gzipped: a JSON header (the caller's metadata, the vocabulary, the file names),
   *   the chunks' numbers as 32-bit columns and each field's postings as varints (slot gaps and
   *   term frequencies);
   * - the chunk texts, gzipped in blocks of TEXT_BLOCK.
   * Small is what makes a cold load fast (inflating and parsing are the cost), and a load
   * inflates only the core. The index then keeps its texts in these blocks too.
   */
  serialize(meta: unknown): Buffer {
    if (this.dead > 0) throw new Error("vacuum the index before serializing it");
    const chunks = this.chunks as ChunkNumbers[];
    const fileNames = [...new Set(chunks.map((c) => c.fileName))];
    const fileIds = new Map(fileNames.map((name, i) => [name, i]));
    const header = Buffer.from(JSON.stringify({ meta, terms: this.terms, fileNames }), "utf8");
    const column = (value: (c: ChunkNumbers) => number) => Int32Array.from(chunks, value);
    const columns = [
      column((c) => c.documentId),
      column((c) => c.projectId),
      column((c) => c.chunk),
      column((c) => c.page),
      column((c) => c.lineFrom ?? -1),
      column((c) => c.lineTo ?? -1),
      column((c) => fileIds.get(c.fileName)!),
      ...this.lengths.map((l) => Int32Array.from(l)),
    ];
    const pairCounts: number[] = [];
    const postings = FIELDS.map((_, f) => {
      const out = new Varints();
      let pairs = 0;
      this.terms.forEach((_, id) => {
        const ranges = this.pairs(f, id);
        const count = pairCount(ranges);
        out.push(count);
        pairs += count;
        let previous = 0;
        for (const [list, from, to] of ranges) {
          for (let i = from; i < to; i += 2) {
            out.push(list[i]! - previous);
            out.push(list[i + 1]!);
            previous = list[i]!;
          }
        }
      });
      pairCounts.push(pairs);
      return out.bytes();
    });
    const sizes = Buffer.alloc(4 * (2 + 2 * postings.length));
    sizes.writeUInt32LE(header.length, 0);
    sizes.writeUInt32LE(chunks.length, 4);
    postings.forEach((p, i) => {
      sizes.writeUInt32LE(p.length, 4 * (2 + 2 * i));
      sizes.writeUInt32LE(pairCounts[i]!, 4 * (3 + 2 * i));
    });
    const body = columns.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    const core = gzipSync(Buffer.concat([sizes, header, ...body, ...postings]), { level: 6 });

    const texts = chunks.map((_, slot) => this.textAt(slot));
    const blocks: Buffer[] = [];
    for (let from = 0; from < texts.length; from += TEXT_BLOCK) {
      blocks.push(gzipSync(JSON.stringify(texts.slice(from, from + TEXT_BLOCK)), { level: 6 }));
    }
    // From now on the texts live compressed, as they do after a load.
    this.texts = texts.map((_, slot) => slot);
    this.textBlocks = blocks.map((data) => ({ data }));

    const prefix = Buffer.alloc(12 + 4 * blocks.length);
    prefix.write(MAGIC, 0, "latin1");
    prefix.writeUInt32LE(core.length, 4);
    prefix.writeUInt32LE(blocks.length, 8);
    blocks.forEach((b, i) => prefix.writeUInt32LE(b.length, 12 + 4 * i));
    return Buffer.concat([prefix, core, ...blocks]);
  }

  /** The index and metadata `serialize` wrote, or undefined for data in another format (then it is rebuilt). */
  static deserialize(data: Buffer): { index: LexicalIndex; meta: unknown } | undefined {
    if (data.length < 12 || data.toString("latin1", 0, 4) !== MAGIC) return undefined;
    const coreLength = data.readUInt32LE(4);
    const blockCount = data.readUInt32LE(8);
    let blockAt = 12 + 4 * blockCount + coreLength;
    if (blockAt > data.length) throw new Error("the stored index is truncated");
    const textBlocks: TextBlock[] = Array.from({ length: blockCount }, (_, i) => {
      const length = data.readUInt32LE(12 + 4 * i);
      const block = { data: data.subarray(blockAt, blockAt + length) };
      blockAt += length;
      return block;
    });
    if (blockAt > data.length) throw new Error("the stored index is truncated");

    const raw = gunzipSync(data.subarray(12 + 4 * blockCount, 12 + 4 * blockCount + coreLength));
    const headerLength = raw.readUInt32LE(0);
    const count = raw.readUInt32LE(4);
    const postingBytes = FIELDS.map((_, f) => raw.readUInt32LE(4 * (2 + 2 * f)));
    const pairCounts = FIELDS.map((_, f) => raw.readUInt32LE(4 * (3 + 2 * f)));
    let at = 4 * (2 + 2 * FIELDS.length);
    const header = JSON.parse(raw.toString("utf8", at, at + headerLength)) as { meta: unknown; terms: string[]; fileNames: string[] };
    at += headerLength;
    if (blockCount * TEXT_BLOCK < count) throw new Error("the stored index is inconsistent");
    const column = () => {
      // A copy, aligned for Int32Array whatever the buffer's offset.
      const array = new Int32Array(count);
      Buffer.from(array.buffer).set(raw.subarray(at, at + count * 4));
      at += count * 4;
      return array;
    };
    const [documentIds, projectIds, chunkNumbers, pages, linesFrom, linesTo, files] = Array.from({ length: 7 }, column);
    const index = new LexicalIndex();
    index.chunks = Array.from({ length: count }, (_, slot) => ({
      id: `${documentIds![slot]}:${chunkNumbers![slot]}`,
      documentId: documentIds![slot]!,
      projectId: projectIds![slot]!,
      chunk: chunkNumbers![slot]!,
      page: pages![slot]!,
      ...(linesFrom![slot]! >= 0 ? { lineFrom: linesFrom![slot]!, lineTo: linesTo![slot]! } : {}),
      fileName: header.fileNames[files![slot]!]!,
    }));
    index.chunks.forEach((c, slot) => index.slots.set(c!.id, slot));
    index.texts = Array.from({ length: count }, (_, slot) => slot);
    index.textBlocks = textBlocks;
    index.terms = header.terms;
    header.terms.forEach((t, id) => index.vocabulary.set(t, id));
    index.live = count;
    FIELDS.forEach((_, f) => {
      index.lengths[f] = Array.from(column());
      index.lengthSums[f] = index.lengths[f]!.reduce((sum, n) => sum + n, 0);
    });
    FIELDS.forEach((_, f) => {
      const reader = new VarintReader(raw, at, at + postingBytes[f]!);
      at += postingBytes[f]!;
      const offsets = new Int32Array(header.terms.length + 1);
      const data = new Int32Array(pairCounts[f]! * 2);
      let o = 0;
      for (let id = 0; id < header.terms.length; id++) {
        offsets[id] = o;
        const end = o + reader.next() * 2;
        if (end > data.length) throw new Error("the stored index is inconsistent");
        let slot = 0;
        for (; o < end; o += 2) {
          slot += reader.next();
          data[o] = slot;
          data[o + 1] = reader.next();
        }
      }
      offsets[header.terms.length] = o;
      index.postings[f] = { offsets, data, added: new Map() };
    });
    return { index, meta: header.meta };
  }
}

const pairCount = (ranges: [ArrayLike<number>, number, number][]) => ranges.reduce((sum, [, from, to]) => sum + (to - from) / 2, 0);

/** Unsigned LEB128: small numbers (slot gaps, term counts) take one byte. */
class Varints {
  private buffer = Buffer.alloc(1 << 16);
  private length = 0;

  push(value: number) {
    if (this.length + 5 > this.buffer.length) {
      const grown = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    let v = value >>> 0;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buffer[this.length++] = v;
  }

  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

class VarintReader {
  constructor(
    private readonly data: Buffer,
    private at: number,
    private readonly end: number,
  ) {}

  next(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.end) throw new Error("the stored index is truncated");
      const byte = this.data[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
}

/** Levenshtein distance of a and b, or maxDistance + 1 as soon as it must exceed it. */
export function boundedEditDistance(a: string, b: string, maxDistance: number): number {
  const n = b.length;
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (current[j]! < best) best = current[j]!;
    }
    if (best > maxDistance) return maxDistance + 1;
    [previous, current] = [current, previous];
  }
  return previous[n]!;
}
