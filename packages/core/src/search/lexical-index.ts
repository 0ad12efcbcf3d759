import { gunzipSync, gzipSync } from "node:zlib";
import { searchTerms } from "./terms";

/**
 * An inverted index of document chunks in flat arrays, ranked by BM25+.
 *
 * Built for a project chat in a Lambda: a 10,000-chunk index loads from S3 as one
 * gzipped buffer (a JSON header with the texts and the vocabulary, then the postings
 * as varints decoded into one flat typed array per field, no per-term objects to
 * rebuild), holds every posting in a few megabytes, and scores a question with one
 * pass over the postings of its terms into a score array. A general-purpose search library keeps a tree of
 * maps per term and field and rebuilds it from JSON on load, which cost seconds and
 * gigabytes at this size.
 *
 * Two fields are indexed: a chunk's text and its file name (a file's name says what
 * it is, at a lower weight). Terms come from `searchTerms`, for chunks and questions alike.
 */

/** A chunk as the index stores it (text included, so a hit needs no second read). */
export interface StoredChunk {
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
  text: string;
}

const FIELDS = ["text", "fileName"] as const;
type Field = (typeof FIELDS)[number];
/** BM25+ with the usual constants: term-frequency saturation k, length normalisation b, floor d. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** A fuzzy match counts for this share of an exact one (less as the edit distance grows). */
const FUZZY_WEIGHT = 0.45;
/** Fuzzy expansions remembered per index: questions reuse words, and a scan of the vocabulary costs milliseconds. */
const FUZZY_CACHE = 2_000;

const MAGIC = "QLX2";

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
  private chunks: (StoredChunk | undefined)[] = [];
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
    return slot === undefined ? undefined : this.chunks[slot];
  }

  chunkAt(slot: number): StoredChunk {
    return this.chunks[slot]!;
  }

  addAll(chunks: StoredChunk[]) {
    for (const chunk of chunks) this.add(chunk);
    this.fuzzyCache.clear();
  }

  private add(chunk: StoredChunk) {
    if (this.slots.has(chunk.id)) throw new Error(`chunk ${chunk.id} is already indexed`);
    const slot = this.chunks.length;
    this.chunks.push(chunk);
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
    const chunks: StoredChunk[] = [];
    const lengths: number[][] = FIELDS.map(() => []);
    this.chunks.forEach((c, slot) => {
      if (!c) return;
      renumbered[slot] = chunks.push(c) - 1;
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
    this.slots = new Map(chunks.map((c, slot) => [c.id, slot]));
    this.terms = terms;
    this.vocabulary = new Map(terms.map((t, id) => [t, id]));
    this.postings = postings;
    this.dead = 0;
    this.fuzzyCache.clear();
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
   * One gzipped buffer: "QLX2", the JSON header's length, the header (the caller's
   * metadata, the vocabulary, the file names and the chunk texts), then the chunks'
   * numbers as 32-bit columns and each field's postings as varints (slot gaps and
   * term frequencies). Columns and varints keep the buffer small, and small is what
   * makes a cold load fast: inflating and parsing are the cost.
   */
  serialize(meta: unknown): Buffer {
    if (this.dead > 0) throw new Error("vacuum the index before serializing it");
    const chunks = this.chunks as StoredChunk[];
    const fileNames = [...new Set(chunks.map((c) => c.fileName))];
    const fileIds = new Map(fileNames.map((name, i) => [name, i]));
    const header = Buffer.from(JSON.stringify({ meta, terms: this.terms, fileNames, texts: chunks.map((c) => c.text) }), "utf8");
    const column = (value: (c: StoredChunk) => number) => Int32Array.from(chunks, value);
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
    const prefix = Buffer.alloc(8);
    prefix.write(MAGIC, 0, "latin1");
    prefix.writeUInt32LE(header.length, 4);
    const sizes = Buffer.alloc(4 * (1 + 2 * postings.length));
    sizes.writeUInt32LE(chunks.length, 0);
    postings.forEach((p, i) => {
      sizes.writeUInt32LE(p.length, 4 * (1 + 2 * i));
      sizes.writeUInt32LE(pairCounts[i]!, 4 * (2 + 2 * i));
    });
    const body = columns.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    return gzipSync(Buffer.concat([prefix, header, sizes, ...body, ...postings]), { level: 6 });
  }

  /** The index and metadata `serialize` wrote, or undefined for data in another format (then it is rebuilt). */
  static deserialize(data: Buffer): { index: LexicalIndex; meta: unknown } | undefined {
    const raw = gunzipSync(data);
    if (raw.length < 8 || raw.toString("latin1", 0, 4) !== MAGIC) return undefined;
    const headerLength = raw.readUInt32LE(4);
    const header = JSON.parse(raw.toString("utf8", 8, 8 + headerLength)) as {
      meta: unknown;
      terms: string[];
      fileNames: string[];
      texts: string[];
    };
    let at = 8 + headerLength;
    const count = raw.readUInt32LE(at);
    const postingBytes = FIELDS.map((_, f) => raw.readUInt32LE(at + 4 * (1 + 2 * f)));
    const pairCounts = FIELDS.map((_, f) => raw.readUInt32LE(at + 4 * (2 + 2 * f)));
    at += 4 * (1 + 2 * FIELDS.length);
    const column = () => {
      // A copy, aligned for Int32Array whatever the buffer's offset.
      const array = new Int32Array(count);
      Buffer.from(array.buffer).set(raw.subarray(at, at + count * 4));
      at += count * 4;
      return array;
    };
    const [documentIds, projectIds, chunkNumbers, pages, linesFrom, linesTo, files] = Array.from({ length: 7 }, column);
    const index = new LexicalIndex();
    index.chunks = header.texts.map((text, slot) => ({
      id: `${documentIds![slot]}:${chunkNumbers![slot]}`,
      documentId: documentIds![slot]!,
      projectId: projectIds![slot]!,
      chunk: chunkNumbers![slot]!,
      page: pages![slot]!,
      ...(linesFrom![slot]! >= 0 ? { lineFrom: linesFrom![slot]!, lineTo: linesTo![slot]! } : {}),
      fileName: header.fileNames[files![slot]!]!,
      text,
    }));
    index.chunks.forEach((c, slot) => index.slots.set(c!.id, slot));
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
