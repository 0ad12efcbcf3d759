import { gunzipSync, gzipSync } from "node:zlib";
import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import { queryTerms, searchTerms, TERM_WEIGHT, type QueryTerm } from "./terms";

/**
 * The lexical index of a set of document chunks: minisearch's BM25 (no embedding
 * model ships on npm, so words are what works offline). Terms come from
 * `searchTerms` (terms.ts): words as the rest of the AI code tokenizes them, plus
 * identifiers and amounts as printed and labels of other languages, so "invoice
 * INV/2024/07/0031" and "Factuur ... Totaal" meet.
 */

/** Bump when tokenizing or the stored fields change: every cached index is then rebuilt. */
export const INDEX_FORMAT = 2;

/** A chunk as the index holds it (text stored, so a hit needs no second read). */
export interface IndexedChunk {
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

export interface Hit extends IndexedChunk {
  score: number;
  /** The question's terms found in this chunk (as searchTerms writes them). */
  terms: string[];
}

const OPTIONS: Options<IndexedChunk> = {
  idField: "id",
  fields: ["text", "fileName"],
  storeFields: ["documentId", "projectId", "chunk", "page", "lineFrom", "lineTo", "fileName", "text"],
  tokenize: (text) => searchTerms(text),
  // searchTerms() already folds case and accents, drops stop words and stems.
  processTerm: (term) => term,
  searchOptions: {
    // A file's name says what it is ("acme-quote.pdf"), but the text is what answers.
    boost: { text: 1, fileName: 0.3 },
    combineWith: "OR",
    prefix: false,
  },
  autoVacuum: false,
};

export type ChunkIndex = MiniSearch<IndexedChunk>;

export function createIndex(chunks: IndexedChunk[] = []): ChunkIndex {
  const index = new MiniSearch<IndexedChunk>(OPTIONS);
  if (chunks.length) index.addAll(chunks);
  return index;
}

/** The question's terms as they are: searchTerms already made them. */
const AS_IS: SearchOptions = { tokenize: (term) => [term], processTerm: (term) => term };

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

/**
 * The best `limit` chunks for a question, best first; chunks that share no term
 * are not hits. minisearch's BM25 per term, weighed (identifiers and amounts count
 * more than words), summed over the terms a chunk holds and multiplied by how many
 * it holds; plus the terms its document holds elsewhere when they name that document.
 */
export function searchIndex(index: ChunkIndex, question: string, limit: number): Hit[] {
  const asked = queryTerms(question);
  if (asked.length === 0 || index.documentCount === 0) return [];
  // Where the number a question names is printed as a document's number, elsewhere it is likely a postcode or a phone number.
  const printedAsNumber = new Set(asked.filter((t) => t.term.startsWith("#") && index.search(t.term, AS_IS).length > 0).map((t) => t.term));
  const terms = asked.map((t) =>
    t.numbered && printedAsNumber.has(t.numbered) ? { ...t, weight: Math.min(t.weight, TERM_WEIGHT.word) } : t,
  );
  const results = index.search(
    { combineWith: "OR", queries: terms.map((t) => ({ ...AS_IS, queries: [t.term], fuzzy: fuzzyFor(t), boostTerm: () => t.weight })) },
    AS_IS,
  );

  // Which terms name a document: few chunks hold them. Their best score per document, looked up on their own.
  const holders = new Map<string, { chunks: number; documents: Set<number> }>();
  for (const r of results) {
    for (const term of r.queryTerms) {
      const h = holders.get(term) ?? { chunks: 0, documents: new Set<number>() };
      h.chunks++;
      h.documents.add(r.documentId as number);
      holders.set(term, h);
    }
  }
  const naming = new Map<number, Map<string, number>>();
  for (const t of terms) {
    const h = holders.get(t.term);
    if (!h || h.chunks > CONTEXT_CHUNKS || h.documents.size > CONTEXT_DOCUMENTS) continue;
    for (const r of index.search(t.term, { ...AS_IS, fuzzy: fuzzyFor(t) })) {
      const byTerm = naming.get(r.documentId as number) ?? new Map<string, number>();
      byTerm.set(t.term, Math.max(byTerm.get(t.term) ?? 0, t.weight * r.score));
      naming.set(r.documentId as number, byTerm);
    }
  }

  const scored = results.map((r) => {
    const own = new Set(r.queryTerms);
    // minisearch multiplies the sum by the number of terms matched; taken apart to add the document's.
    let sum = r.score / own.size;
    let count = own.size;
    for (const [term, score] of naming.get(r.documentId as number) ?? []) {
      if (own.has(term)) continue;
      sum += CONTEXT_SHARE * score;
      count += CONTEXT_SHARE;
    }
    return { r, score: sum * count };
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit).map(({ r, score }) => ({
    id: String(r.id),
    documentId: r.documentId as number,
    projectId: r.projectId as number,
    chunk: r.chunk as number,
    page: r.page as number,
    ...(typeof r.lineFrom === "number" ? { lineFrom: r.lineFrom, lineTo: r.lineTo as number } : {}),
    fileName: r.fileName as string,
    text: r.text as string,
    score,
    terms: terms.filter((t) => r.queryTerms.includes(t.term)).map((t) => t.term),
  }));
}

/** A typo in a long word still finds it; short words, numbers and identifiers must match exactly. */
function fuzzyFor(t: QueryTerm): number | false {
  return t.kind === "word" && t.term.length >= 7 && !/\d/.test(t.term) ? 0.15 : false;
}

/** Which version of each document an index holds: `documentId -> { version, chunks }`. */
export type Manifest = Record<string, { version: string; chunks: number }>;

interface SerializedIndex {
  format: number;
  manifest: Manifest;
  index: unknown;
}

/** Gzipped JSON: a 10,000-chunk index is a few MB, too big for DynamoDB, fine for S3. */
export function serialize(index: ChunkIndex, manifest: Manifest): Buffer {
  const body: SerializedIndex = { format: INDEX_FORMAT, manifest, index: index.toJSON() };
  return gzipSync(JSON.stringify(body), { level: 6 });
}

/** The stored index, or undefined when it was written in another format (then it is rebuilt). */
export function deserialize(data: Buffer): { index: ChunkIndex; manifest: Manifest } | undefined {
  const body = JSON.parse(gunzipSync(data).toString("utf8")) as SerializedIndex;
  if (body.format !== INDEX_FORMAT) return undefined;
  return { index: MiniSearch.loadJS(body.index as Parameters<typeof MiniSearch.loadJS>[0], OPTIONS), manifest: body.manifest };
}
