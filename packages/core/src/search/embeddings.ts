import type OpenAI from "openai";
import type { Config } from "../config";
import { derivedPrefix } from "../document/keys";
import { isMissingObject } from "../document/store";
import { Actor } from "../actor";
import { Storage } from "../storage/index";
import type { SemanticRanking } from "./index";
import type { LoadedIndex } from "./project-index";

/**
 * Meaning-based ranking of a project's chunks with embeddings, for when a
 * configured provider offers them: OpenAI (its own API) or Gemini (through its
 * OpenAI-compatible endpoint). Without one (the local default: no embedding model
 * ships on npm), retrieval is lexical only.
 *
 * A document's chunk vectors are computed once per document version, on the first
 * question that needs them, within a time budget (what does not fit is done by the
 * next questions; lexical ranking covers those chunks meanwhile). They are stored
 * next to the document's chunks in S3 (deleted with the document) and kept in
 * memory while warm.
 */

export interface Embedder {
  /** Provider and model, e.g. "openai:text-embedding-3-small": vectors of different models never mix. */
  id: string;
  embed(texts: string[], timeoutMs: number): Promise<Float32Array[]>;
}

/** The embedder of the first configured provider that offers one, or undefined. */
export function configuredEmbedder(c: Config): Embedder | undefined {
  if (c.EMBEDDINGS === "off") return undefined;
  // A local OpenAI-compatible server (OPENAI_BASE_URL) may have no embedding model: only OpenAI's own API counts.
  if (c.OPENAI_API_KEY && !c.OPENAI_BASE_URL) return openAiEmbedder("openai", c.OPENAI_EMBEDDING_MODEL, c.OPENAI_API_KEY);
  if (c.GEMINI_API_KEY) return openAiEmbedder("gemini", c.GEMINI_EMBEDDING_MODEL, c.GEMINI_API_KEY, c.GEMINI_BASE_URL);
  return undefined;
}

/** Texts per request: providers cap a batch (Gemini at 100). */
const BATCH = 64;

export function openAiEmbedder(provider: string, model: string, apiKey: string, baseURL?: string): Embedder {
  // the SDK loads with the first texts to embed, not with every function that can rank a project
  let client: Promise<OpenAI> | undefined;
  return {
    id: `${provider}:${model}`,
    async embed(texts, timeoutMs) {
      client ??= import("openai").then(({ default: Client }) => new Client({ apiKey, baseURL, maxRetries: 0 }));
      const api = await client;
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const batch = texts.slice(i, i + BATCH);
        // "float": every compatible server speaks it (base64 is OpenAI's own optimisation).
        const result = await api.embeddings.create({ model, input: batch, encoding_format: "float" }, { timeout: timeoutMs });
        const ordered = [...result.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length) throw new Error(`${provider} returned ${ordered.length} embeddings for ${batch.length} texts`);
        for (const item of ordered) out.push(normalized(Float32Array.from(item.embedding as number[])));
      }
      return out;
    },
  };
}

function normalized(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

export interface SemanticOptions {
  /** Time the first questions may spend embedding documents that have no vectors yet. */
  backfillMs?: number;
  /** One provider call. */
  requestTimeoutMs?: number;
}

interface Vectors {
  version: string;
  dims: number;
  /** count x dims, each row normalized. */
  data: Float32Array;
}

/** Vectors kept in memory, bounded by their floats (20M floats = 80 MB). */
const MAX_CACHED_FLOATS = 20_000_000;
const memory = new Map<string, Vectors>();

export const vectorsKey = (ref: { userId: string; projectId: number; documentId: number }, embedderId: string) =>
  `${derivedPrefix(ref)}vectors-${embedderId.replace(/[^A-Za-z0-9._-]+/g, "_")}.bin`;

/** [uint32 header length][header JSON][float32 little-endian rows]. */
function encode(vectors: Vectors): Buffer {
  const header = Buffer.from(JSON.stringify({ version: vectors.version, dims: vectors.dims, count: vectors.data.length / vectors.dims }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([length, header, Buffer.from(vectors.data.buffer, vectors.data.byteOffset, vectors.data.byteLength)]);
}

function decode(buffer: Buffer): Vectors {
  const headerLength = buffer.readUInt32LE(0);
  const header = JSON.parse(buffer.subarray(4, 4 + headerLength).toString("utf8")) as { version: string; dims: number; count: number };
  const body = buffer.subarray(4 + headerLength);
  // Copy into an aligned buffer: a Float32Array view needs a 4-byte-aligned offset.
  const data = new Float32Array(new Uint8Array(body).buffer, 0, header.count * header.dims);
  return { version: header.version, dims: header.dims, data };
}

function remember(key: string, vectors: Vectors) {
  memory.delete(key);
  memory.set(key, vectors);
  let floats = [...memory.values()].reduce((sum, v) => sum + v.data.length, 0);
  for (const [oldKey, old] of memory) {
    if (floats <= MAX_CACHED_FLOATS || memory.size <= 1) break;
    memory.delete(oldKey);
    floats -= old.data.length;
  }
}

/** Forgets the in-memory vectors (tests measure the S3 path with it). */
export function clearVectorCache() {
  memory.clear();
}

/**
 * The semantic ranking Search fuses with BM25: cosine similarity between the
 * question's embedding and every chunk's, over the documents whose vectors are
 * ready. Any provider failure leaves the lexical ranking alone (an empty list).
 */
export function semanticRanking(embedder: Embedder, options: SemanticOptions = {}): SemanticRanking {
  const backfillMs = options.backfillMs ?? 6000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 5000;
  return {
    async rank(question: string, loaded: LoadedIndex, limit: number): Promise<{ id: string; score: number }[]> {
      const started = Date.now();
      try {
        const [query] = await embedder.embed([question], requestTimeoutMs);
        const userId = Actor.userId();
        const scored: { id: string; score: number }[] = [];
        for (const document of loaded.documents) {
          const entry = loaded.manifest[String(document.id)];
          if (!entry || entry.chunks === 0) continue;
          const ref = { userId, projectId: loaded.projectId, documentId: document.id };
          const vectors = await vectorsFor(
            ref,
            entry.version,
            entry.chunks,
            loaded,
            embedder,
            () => Date.now() - started < backfillMs,
            requestTimeoutMs,
          );
          if (!vectors || vectors.dims !== query!.length) continue;
          for (let row = 0; row < entry.chunks; row++) {
            let dot = 0;
            const offset = row * vectors.dims;
            for (let i = 0; i < vectors.dims; i++) dot += query![i]! * vectors.data[offset + i]!;
            scored.push({ id: `${document.id}:${row}`, score: dot });
          }
        }
        return scored.sort((a, b) => b.score - a.score).slice(0, limit);
      } catch (error) {
        console.warn(`[search] ${embedder.id} embeddings failed; ranking by words only`, error);
        return [];
      }
    },
  };
}

async function vectorsFor(
  ref: { userId: string; projectId: number; documentId: number },
  version: string,
  chunks: number,
  loaded: LoadedIndex,
  embedder: Embedder,
  mayCompute: () => boolean,
  requestTimeoutMs: number,
): Promise<Vectors | undefined> {
  const key = vectorsKey(ref, embedder.id);
  const remembered = memory.get(key);
  if (remembered?.version === version) return remembered;
  try {
    const stored = decode(await Storage.getBuffer(key));
    if (stored.version === version && stored.data.length === chunks * stored.dims) {
      remember(key, stored);
      return stored;
    }
  } catch (error) {
    if (!isMissingObject(error)) console.warn(`[search] ignoring the stored vectors ${key}`, error);
  }
  if (!mayCompute()) return undefined;
  const texts = Array.from({ length: chunks }, (_, i) => String(loaded.index.getStoredFields(`${ref.documentId}:${i}`)?.text ?? ""));
  const rows = await embedder.embed(texts, requestTimeoutMs);
  const dims = rows[0]?.length ?? 0;
  const data = new Float32Array(rows.length * dims);
  rows.forEach((row, i) => data.set(row, i * dims));
  const vectors = { version, dims, data };
  remember(key, vectors);
  await Storage.put(key, encode(vectors), "application/octet-stream");
  return vectors;
}
