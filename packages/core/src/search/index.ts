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
  rank(question: string, loaded: LoadedIndex, limit: number): Promise<string[]>;
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
   * are, so a project whose documents do not match contributes nothing.
   */
  export async function acrossProjects(projectIds: number[], question: string, limit = 8, semantic?: SemanticRanking): Promise<Retrieval> {
    const indexes = await mapLimit(projectIds, LOAD_CONCURRENCY, (id) => loadProjectIndex(id));
    const started = performance.now();
    const perProject = await Promise.all(indexes.map((loaded) => rankIn(loaded, question, limit, semantic)));
    const hits = perProject
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return { hits, indexes, searchMs: performance.now() - started };
  }
}

async function rankIn(loaded: LoadedIndex, question: string, limit: number, semantic?: SemanticRanking): Promise<Hit[]> {
  const lexical = searchIndex(loaded.index, question, semantic ? limit * CANDIDATES : limit);
  if (!semantic) return lexical;
  const ids = await semantic.rank(question, loaded, limit * CANDIDATES);
  const byId = new Map(lexical.map((h) => [h.id, h]));
  const semanticHits = ids.map((id) => byId.get(id) ?? storedHit(loaded, id)).filter((h): h is Hit => h !== undefined);
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
    fileName: stored.fileName as string,
    text: stored.text as string,
    score: 0,
    terms: [],
  };
}
