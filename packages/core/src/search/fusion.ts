/**
 * Reciprocal rank fusion: merges ranked lists whose scores are not comparable
 * (BM25 scores of different indexes, BM25 and cosine similarity) by rank alone.
 * k = 60 is the value of the original paper (Cormack et al., 2009); it keeps one
 * list's first place from drowning out agreement between lists.
 */
export function fuseRanks<T>(lists: T[][], idOf: (item: T) => string, k = 60): { item: T; score: number }[] {
  const fused = new Map<string, { item: T; score: number }>();
  for (const list of lists) {
    list.forEach((item, rank) => {
      const id = idOf(item);
      const entry = fused.get(id) ?? { item, score: 0 };
      entry.score += 1 / (k + rank + 1);
      fused.set(id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
