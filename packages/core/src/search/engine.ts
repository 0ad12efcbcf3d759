import { LexicalIndex, type StoredChunk } from "./lexical-index";
import { queryTerms, TERM_WEIGHT, type QueryTerm } from "./terms";

/**
 * The lexical index of a set of document chunks: BM25 over `searchTerms`
 * (terms.ts): words as the rest of the AI code tokenizes them, plus identifiers
 * and amounts as printed and labels of other languages, so "invoice
 * INV/2024/07/0031" and "Factuur ... Totaal" meet. No embedding model ships on
 * npm, so words are what works offline.
 */

/** Bump when tokenizing or the stored fields change: every cached index is then rebuilt. */
export const INDEX_FORMAT = 4;

/** A chunk as the index holds it (text stored, so a hit needs no second read). */
export type IndexedChunk = StoredChunk;

export interface Hit extends IndexedChunk {
  score: number;
  /** The question's terms found in this chunk (as searchTerms writes them). */
  terms: string[];
}

export type ChunkIndex = LexicalIndex;

/** A file's name says what it is ("acme-quote.pdf"), but the text is what answers. */
const BOOSTS = { text: 1, fileName: 0.3 };

export function createIndex(chunks: IndexedChunk[] = []): ChunkIndex {
  const index = new LexicalIndex();
  if (chunks.length) index.addAll(chunks);
  return index;
}

/**
 * A term that matches only this many chunks, of at most CONTEXT_DOCUMENTS
 * documents, names something specific (an invoice number, a vendor's name): it
 * then counts, at CONTEXT_SHARE of its weight, for every chunk of those documents,
 * so "the total of invoice X" finds the chunk with the total even when X is
 * printed in another chunk of the same invoice.
 */
const CONTEXT_CHUNKS = 12;
const CONTEXT_DOCUMENTS = 3;
export const CONTEXT_SHARE = 0.75;

/** Terms of a question that count (one bit each); a longer question keeps its most telling terms. */
const MAX_QUESTION_TERMS = 32;

/**
 * The best `limit` chunks for a question, best first; chunks that share no term
 * are not hits. BM25 per term, weighed (identifiers and amounts count more than
 * words), summed over the terms a chunk holds and multiplied by how many it holds;
 * plus the terms its document holds elsewhere when they name that document.
 */
export function searchIndex(index: ChunkIndex, question: string, limit: number): Hit[] {
  const asked = queryTerms(question);
  if (asked.length === 0 || index.documentCount === 0) return [];
  // Where the number a question names is printed as a document's number, elsewhere it is likely a postcode or a phone number.
  const printedAsNumber = new Set(asked.filter((t) => t.term.startsWith("#") && index.holds(t.term)).map((t) => t.term));
  let terms = asked.map((t) =>
    t.numbered && printedAsNumber.has(t.numbered) ? { ...t, weight: Math.min(t.weight, TERM_WEIGHT.word) } : t,
  );
  if (terms.length > MAX_QUESTION_TERMS) terms = [...terms].sort((a, b) => b.weight - a.weight).slice(0, MAX_QUESTION_TERMS);
  const perTerm = terms.map((t) => index.scoreTerm(t.term, t.weight, fuzzyFor(t), BOOSTS));

  // Each chunk's summed score, and which terms it holds as bits.
  const sums = new Float64Array(index.slotCount);
  const held = new Uint32Array(index.slotCount);
  const touched: number[] = [];
  perTerm.forEach(({ slots, scores }, i) => {
    for (let j = 0; j < slots.length; j++) {
      const slot = slots[j]!;
      if (held[slot] === 0) touched.push(slot);
      sums[slot]! += scores[j]!;
      held[slot]! |= 1 << i;
    }
  });

  // Terms that name a document (few chunks hold them): their best score per document.
  const naming = new Map<number, Map<number, number>>();
  perTerm.forEach(({ slots, scores }, i) => {
    if (slots.length > CONTEXT_CHUNKS) return;
    const documents = new Set(Array.from(slots, (slot) => index.documentIdAt(slot)));
    if (documents.size > CONTEXT_DOCUMENTS) return;
    slots.forEach((slot, j) => {
      const documentId = index.documentIdAt(slot);
      const byTerm = naming.get(documentId) ?? new Map<number, number>();
      byTerm.set(i, Math.max(byTerm.get(i) ?? 0, scores[j]!));
      naming.set(documentId, byTerm);
    });
  });

  // The best `limit`, kept in order while scanning (a full sort of 10,000 candidates is the slow part).
  const best: { slot: number; score: number }[] = [];
  for (const slot of touched) {
    let sum = sums[slot]!;
    let count = bitCount(held[slot]!);
    for (const [i, score] of naming.get(index.documentIdAt(slot)) ?? []) {
      if (held[slot]! & (1 << i)) continue;
      sum += CONTEXT_SHARE * score;
      count += CONTEXT_SHARE;
    }
    const score = sum * count;
    if (best.length === limit && score <= best[limit - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { slot, score });
    if (best.length > limit) best.pop();
  }
  return best.map(({ slot, score }) => ({
    ...index.chunkAt(slot),
    score,
    terms: terms.filter((_, i) => held[slot]! & (1 << i)).map((t) => t.term),
  }));
}

function bitCount(bits: number) {
  let count = 0;
  for (let b = bits; b; b &= b - 1) count++;
  return count;
}

/** A typo in a long word still finds it; short words, numbers and identifiers must match exactly. */
function fuzzyFor(t: QueryTerm): number | false {
  return t.kind === "word" && t.term.length >= 7 && !/\d/.test(t.term) ? 0.15 : false;
}

/** Which version of each document an index holds: `documentId -> { version, chunks }`. */
export type Manifest = Record<string, { version: string; chunks: number }>;

/** One buffer of gzipped parts (a 10,000-chunk index is a few MB: too big for DynamoDB, fine for S3). */
export function serialize(index: ChunkIndex, manifest: Manifest): Buffer {
  return index.serialize({ format: INDEX_FORMAT, manifest });
}

/** The stored index, or undefined when it was written in another format (then it is rebuilt). */
export function deserialize(data: Buffer): { index: ChunkIndex; manifest: Manifest } | undefined {
  const read = LexicalIndex.deserialize(data);
  const meta = read?.meta as { format?: number; manifest?: Manifest } | undefined;
  if (!read || meta?.format !== INDEX_FORMAT || !meta.manifest) return undefined;
  return { index: read.index, manifest: meta.manifest };
}
