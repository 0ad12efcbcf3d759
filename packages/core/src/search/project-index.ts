import { createHash } from "node:crypto";
import { Actor } from "../actor";
import type { ChunkFile } from "../document/chunks";
import { Document } from "../document/index";
import { chunksKey } from "../document/keys";
import { isMissingObject, readJson } from "../document/store";
import { Storage } from "../storage/index";
import { createIndex, deserialize, serialize, type ChunkIndex, type IndexedChunk, type Manifest } from "./engine";

/**
 * A project's search index, kept three ways so a question over 10,000 chunks
 * never waits for the whole index to be built:
 *
 * 1. in this process's memory (a warm Lambda answers the next question at once);
 * 2. in S3 as one buffer of gzipped parts (lexical-index.ts), next to the documents' derived files, with a
 *    manifest of the document versions it holds;
 * 3. rebuilt from the documents' chunk files (written by the pipeline's index step).
 *
 * The manifest makes updates incremental: when a document is added, changed or
 * deleted, only its chunks are read and added or discarded; everything else is
 * reused. Keys start with the owner's id and every document comes from
 * `Document.completedVersions`, which lists only the caller's documents: an index
 * can only ever hold its owner's documents. Callers check that the project is the
 * caller's first (the chats read its record), so a question never waits for a
 * second ownership check.
 */

/** A document as the index sees it: it is reindexed when `version` changes. */
export interface IndexedDocument {
  id: number;
  fileName: string;
  documentCategory: string;
  version: string;
}

export interface LoadedIndex {
  projectId: number;
  index: ChunkIndex;
  manifest: Manifest;
  /** The project's completed documents, as indexed. */
  documents: IndexedDocument[];
  chunkCount: number;
  /** Where it came from this time, for logs and the benchmark. */
  source: "memory" | "storage" | "built" | "updated";
  /** Documents (re)indexed and dropped by this load. */
  added: number;
  removed: number;
  loadMs: number;
  /** Resolves when a changed index is saved to S3 (await it before the request ends). */
  saved: Promise<void>;
}

interface Cached {
  signature: string;
  index: ChunkIndex;
  manifest: Manifest;
  chunkCount: number;
}

/** Indexes kept in memory: a few projects, bounded by their chunks (10,000 chunks is ~60 MB of heap). */
const MAX_CACHED_PROJECTS = 8;
const MAX_CACHED_CHUNKS = 40_000;
/** When more than this share of an index would be discarded, building it afresh is cheaper. */
const REBUILD_SHARE = 0.3;
const READ_CONCURRENCY = 8;

const memory = new Map<string, Cached>();
const inflight = new Map<string, Promise<LoadedIndex>>();

export const indexKey = (userId: string, projectId: number) => `derived/users/${userId}/projects/${projectId}/search/lexical.json.gz`;

/** The index of one of the caller's projects, current with its completed documents. */
export async function loadProjectIndex(projectId: number): Promise<LoadedIndex> {
  const userId = Actor.userId();
  const key = indexKey(userId, projectId);
  // A cold process fetches the stored index while the documents are checked. The key is under
  // the caller's own prefix, so nothing can be read that the ownership check would refuse.
  const stored = memory.has(key) ? undefined : fetchStored(key);
  const documents: IndexedDocument[] = (await Document.completedVersions(projectId)).sort((a, b) => a.id - b.id);
  const signature = signatureOf(documents);
  const flightKey = `${key}#${signature}`;
  let pending = inflight.get(flightKey);
  if (!pending) {
    pending = load(userId, projectId, key, documents, signature, stored).finally(() => inflight.delete(flightKey));
    inflight.set(flightKey, pending);
  }
  return pending;
}

/** Forgets the in-memory copies (tests and the benchmark measure the other paths with it). */
export function clearMemoryCache() {
  memory.clear();
}

function signatureOf(documents: IndexedDocument[]) {
  const hash = createHash("sha256");
  for (const d of documents) hash.update(`${d.id}@${d.version}\n`);
  return hash.digest("base64url");
}

async function load(
  userId: string,
  projectId: number,
  key: string,
  documents: IndexedDocument[],
  signature: string,
  stored: Promise<Buffer | undefined> | undefined,
): Promise<LoadedIndex> {
  const started = Date.now();
  const result = (c: Cached, source: LoadedIndex["source"], added: number, removed: number, saved: Promise<void>): LoadedIndex => ({
    projectId,
    index: c.index,
    manifest: c.manifest,
    documents,
    chunkCount: c.chunkCount,
    source,
    added,
    removed,
    loadMs: Date.now() - started,
    saved,
  });

  const remembered = memory.get(key);
  if (remembered?.signature === signature) {
    touch(key, remembered);
    return result(remembered, "memory", 0, 0, Promise.resolve());
  }

  let base: { index: ChunkIndex; manifest: Manifest } | undefined = remembered;
  let source: LoadedIndex["source"] = "updated";
  if (!base) {
    base = parseStored(key, await (stored ?? fetchStored(key)));
    source = base ? "storage" : "built";
  }
  if (!base) base = { index: createIndex(), manifest: {} };

  const wanted = new Map(documents.map((d) => [String(d.id), d]));
  const stale = Object.entries(base.manifest).filter(([id, entry]) => wanted.get(id)?.version !== entry.version);
  const fresh = documents.filter((d) => base.manifest[String(d.id)]?.version !== d.version);

  if (stale.length === 0 && fresh.length === 0) {
    const cached = { signature, index: base.index, manifest: base.manifest, chunkCount: base.index.documentCount };
    touch(key, cached);
    return result(cached, source, 0, 0, Promise.resolve());
  }

  let index = base.index;
  let manifest: Manifest = { ...base.manifest };
  let toAdd = fresh;
  const staleChunks = stale.reduce((sum, [, entry]) => sum + entry.chunks, 0);
  if (staleChunks > 0 && staleChunks > index.documentCount * REBUILD_SHARE) {
    index = createIndex();
    manifest = {};
    toAdd = documents;
    source = "built";
  } else {
    for (const [id, entry] of stale) {
      const ids = Array.from({ length: entry.chunks }, (_, i) => `${id}:${i}`).filter((chunkId) => index.has(chunkId));
      if (ids.length) index.discardAll(ids);
      delete manifest[id];
    }
    // Discarded chunks leave their terms behind until a vacuum; clean up before saving.
    if (index.dirtCount > 0) await index.vacuum();
  }

  // Read a few documents' chunk files at a time and index them in order: a project of
  // 100,000 chunks never holds all its chunk files in memory at once.
  for (let from = 0; from < toAdd.length; from += READ_CONCURRENCY) {
    const batch = toAdd.slice(from, from + READ_CONCURRENCY);
    const files = await Promise.all(batch.map(async (d) => ({ document: d, chunks: await readChunks(userId, projectId, d.id) })));
    for (const { document, chunks } of files) {
      const rows: IndexedChunk[] = chunks.map((c) => ({
        id: `${document.id}:${c.index}`,
        documentId: document.id,
        projectId,
        chunk: c.index,
        page: c.page,
        ...(c.lineFrom !== undefined && c.lineTo !== undefined ? { lineFrom: c.lineFrom, lineTo: c.lineTo } : {}),
        fileName: document.fileName,
        text: c.text,
      }));
      if (rows.length) index.addAll(rows);
      manifest[String(document.id)] = { version: document.version, chunks: rows.length };
    }
  }

  const cached: Cached = { signature, index, manifest, chunkCount: index.documentCount };
  touch(key, cached);
  // Serializing 10,000 chunks takes a while: it runs after this load returns, beside the model call.
  const saved = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => Storage.put(key, serialize(index, manifest), "application/octet-stream"))
    .catch((error: unknown) => {
      // The answer does not depend on the saved copy; the next cold start rebuilds what is missing.
      console.error(`[search] saving the index of project ${projectId} failed`, error);
    });
  return result(cached, source, toAdd.length, stale.length, saved);
}

/** The stored index's bytes, or undefined when there are none (never rejects: a failed read means rebuilding). */
async function fetchStored(key: string): Promise<Buffer | undefined> {
  try {
    return await Storage.getBuffer(key);
  } catch (error) {
    if (!isMissingObject(error)) console.warn(`[search] could not read the stored index ${key}`, error);
    return undefined;
  }
}

function parseStored(key: string, data: Buffer | undefined) {
  if (!data) return undefined;
  try {
    return deserialize(data);
  } catch (error) {
    // A damaged copy is rebuilt, never trusted.
    console.warn(`[search] ignoring the stored index ${key}`, error);
    return undefined;
  }
}

async function readChunks(userId: string, projectId: number, documentId: number) {
  try {
    return (await readJson<ChunkFile>(chunksKey({ userId, projectId, documentId }))).chunks;
  } catch (error) {
    // Completed without chunks: a document with no text (a photo OCR found nothing in).
    if (isMissingObject(error)) return [];
    throw error;
  }
}

/** Most recently used last; the oldest go first when the cache is over its bounds. */
function touch(key: string, cached: Cached) {
  memory.delete(key);
  memory.set(key, cached);
  let chunks = [...memory.values()].reduce((sum, c) => sum + c.chunkCount, 0);
  for (const [oldKey, old] of memory) {
    if (memory.size <= 1 || (memory.size <= MAX_CACHED_PROJECTS && chunks <= MAX_CACHED_CHUNKS)) break;
    memory.delete(oldKey);
    chunks -= old.chunkCount;
  }
}
