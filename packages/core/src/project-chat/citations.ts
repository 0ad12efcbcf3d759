import type { Hit } from "../search/engine";
import type { Citation } from "./schema";

const SNIPPET_CHARS = 280;

export function toCitation(hit: Hit, index: number, snippet: string, projectName?: string): Citation {
  return {
    index,
    documentId: hit.documentId,
    projectId: hit.projectId,
    ...(projectName ? { projectName } : {}),
    fileName: hit.fileName,
    page: hit.page,
    ...(hit.lineFrom !== undefined && hit.lineTo !== undefined ? { lineFrom: hit.lineFrom, lineTo: hit.lineTo } : {}),
    snippet: snippet.length > SNIPPET_CHARS ? `${snippet.slice(0, SNIPPET_CHARS - 1).trimEnd()}…` : snippet,
  };
}

/** The source numbers an answer cites, in order of first use: "[1]", "[2, 3]", "[1][4]". */
export function citedNumbers(text: string, available: number): number[] {
  const seen = new Set<number>();
  for (const group of text.matchAll(/\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g)) {
    for (const part of group[1]!.split(/[,;]/)) {
      const n = Number(part.trim());
      if (n >= 1 && n <= available) seen.add(n);
    }
  }
  return [...seen];
}
