import { mapLimit } from "../document/index";
import { searchIndex, type Hit } from "./engine";
import { fuseRanks } from "./fusion";
import { loadProjectIndex, type LoadedIndex } from "./project-index";

export { clearMemoryCache, indexKey } from "./project-index";
export type { Hit } from "./engine";
export type { LoadedIndex } from "./project-index";

/**
 * A second, meaning-based ranking of a project's chunks (embeddings), for a
 * provider that offers them. Retrieval always ranks by words (BM25); when a
 * semantic ranking is given too, the two lists are merged by reciprocal rank
 * fusion, so a chunk both agree on comes first and either can contribute hits the
 * other missed. `rank` answers chunk ids, best first, from the chunks it was
 * given (the lexical candidates plus whatever it finds itself).
 */
export interface SemanticRanking {
  rank(question: string, loaded: LoadedIndex, limit: number): Promise<{ id: string; score: number }[]>;
}

export interface Retrieval {
  hits: Hit[];
  /** The indexes searched (one per project). */
  indexes: LoadedIndex[];
  /** Time spent ranking, without loading. */
  searchMs: number;
}

/** Candidates ranked before cutting to `limit`, so fusion has something to reorder. */
const CANDIDATES = 3;
const LOAD_CONCURRENCY = 4;

export namespace Search {
  /** The chunks of one of the caller's projects that best answer a question, best first. */
  export async function inProject(projectId: number, question: string, limit = 8, semantic?: SemanticRanking): Promise<Retrieval> {
    const loaded = await loadProjectIndex(projectId);
    const started = performance.now();
    const hits = await rankIn(loaded, question, limit, semantic);
    return { hits, indexes: [loaded], searchMs: performance.now() - started };
  }

  /**
   * The best chunks across several of the caller's projects. Each project keeps
   * its own index (the one its chat uses); their BM25 scores are merged as they
   * are, so a project whose documents do not match contributes nothing; with
   * embeddings, one fusion runs over all projects' candidates.
   */
  export async function acrossProjects(projectIds: number[], question: string, limit = 8, semantic?: SemanticRanking): Promise<Retrieval> {
    const indexes = await mapLimit(projectIds, LOAD_CONCURRENCY, (id) => loadProjectIndex(id));
    const started = performance.now();
    const candidates = semantic ? limit * CANDIDATES : limit;
    const lexical = indexes
      .flatMap((loaded) => searchIndex(loaded.index, question, candidates))
      .sort((a, b) => b.score - a.score)
      .slice(0, candidates);
    if (!semantic) return { hits: lexical.slice(0, limit), indexes, searchMs: performance.now() - started };
    // Cosine similarities are comparable across projects (same model): one fusion over all of them.
    const ranked = await Promise.all(
      indexes.map(async (loaded) => (await semantic.rank(question, loaded, candidates)).map((r) => ({ ...r, loaded }))),
    );
    const semanticHits = ranked
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, candidates)
      .map((r) => lexical.find((h) => h.id === r.id && h.projectId === r.loaded.projectId) ?? storedHit(r.loaded, r.id))
      .filter((h): h is Hit => h !== undefined);
    const hits = fuseRanks([lexical, semanticHits], (h) => `${h.projectId}/${h.id}`)
      .slice(0, limit)
      .map(({ item, score }) => ({ ...item, score }));
    return { hits, indexes, searchMs: performance.now() - started };
  }
}

async function rankIn(loaded: LoadedIndex, question: string, limit: number, semantic?: SemanticRanking): Promise<Hit[]> {
  const lexical = searchIndex(loaded.index, question, semantic ? limit * CANDIDATES : limit);
  if (!semantic) return lexical;
  const ranked = await semantic.rank(question, loaded, limit * CANDIDATES);
  const byId = new Map(lexical.map((h) => [h.id, h]));
  const semanticHits = ranked.map((r) => byId.get(r.id) ?? storedHit(loaded, r.id)).filter((h): h is Hit => h !== undefined);
  return fuseRanks([lexical, semanticHits], (h) => h.id)
    .slice(0, limit)
    .map(({ item, score }) => ({ ...item, score }));
}

/** A chunk the semantic ranking found that shares no word with the question. */
function storedHit(loaded: LoadedIndex, id: string): Hit | undefined {
  const stored = loaded.index.getStoredFields(id);
  if (!stored) return undefined;
  return {
    id,
    documentId: stored.documentId as number,
    projectId: stored.projectId as number,
    chunk: stored.chunk as number,
    page: stored.page as number,
    ...(typeof stored.lineFrom === "number" ? { lineFrom: stored.lineFrom, lineTo: stored.lineTo as number } : {}),
    fileName: stored.fileName as string,
    text: stored.text as string,
    score: 0,
    terms: [],
  };
}
