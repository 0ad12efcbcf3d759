import { gunzipSync, gzipSync } from "node:zlib";
import MiniSearch, { type Options, type SearchResult } from "minisearch";
import { tokenize } from "../ai/lexical";

/**
 * The lexical index of a set of document chunks: minisearch's BM25 (FACTS.md "AI
 * offline": no embedding model ships on npm, so words are what works offline).
 * Terms go through the same tokenizer as the rest of the AI code (lower case, stop
 * words dropped, light plural stem), so "quotes" finds "quote" here as in the
 * offline model.
 */

/** Bump when tokenizing or the stored fields change: every cached index is then rebuilt. */
export const INDEX_FORMAT = 1;

/** A chunk as the index holds it (text stored, so a hit needs no second read). */
export interface IndexedChunk {
  /** `<documentId>:<chunk index>`. */
  id: string;
  documentId: number;
  projectId: number;
  chunk: number;
  page: number;
  fileName: string;
  text: string;
}

export interface Hit extends IndexedChunk {
  score: number;
  /** The query's terms found in this chunk (already tokenized). */
  terms: string[];
}

const OPTIONS: Options<IndexedChunk> = {
  idField: "id",
  fields: ["text", "fileName"],
  storeFields: ["documentId", "projectId", "chunk", "page", "fileName", "text"],
  tokenize: (text) => tokenize(text),
  // tokenize() already lower-cases, drops stop words and stems.
  processTerm: (term) => term,
  searchOptions: {
    // A file's name says what it is ("acme-quote.pdf"), but the text is what answers.
    boost: { text: 1, fileName: 0.3 },
    combineWith: "OR",
    prefix: false,
    // A typo in a long word still finds it; short words and numbers must match exactly.
    fuzzy: (term) => (term.length >= 7 && !/\d/.test(term) ? 0.15 : false),
  },
  autoVacuum: false,
};

export type ChunkIndex = MiniSearch<IndexedChunk>;

export function createIndex(chunks: IndexedChunk[] = []): ChunkIndex {
  const index = new MiniSearch<IndexedChunk>(OPTIONS);
  if (chunks.length) index.addAll(chunks);
  return index;
}

/** The best `limit` chunks for a question, best first; chunks that share no term are not hits. */
export function searchIndex(index: ChunkIndex, question: string, limit: number): Hit[] {
  if (tokenize(question).length === 0 || index.documentCount === 0) return [];
  return index
    .search(question)
    .slice(0, limit)
    .map((r: SearchResult) => ({
      id: String(r.id),
      documentId: r.documentId as number,
      projectId: r.projectId as number,
      chunk: r.chunk as number,
      page: r.page as number,
      fileName: r.fileName as string,
      text: r.text as string,
      score: r.score,
      terms: r.terms,
    }));
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
