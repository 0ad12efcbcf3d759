import type { Hit } from "../search/engine";

/**
 * A source of an answer: one passage of a document, numbered as the answer cites
 * it ("[2]"). The UI links it to the document view (`GET /api/documents/{id}/view`)
 * at its page.
 */
export interface Citation {
  /** The number the answer uses: "[1]". */
  index: number;
  documentId: number;
  projectId: number;
  /** Set in the all-projects chat, where sources come from several projects. */
  projectName?: string;
  fileName: string;
  page: number;
  /** The passage's first and last line on its page (1-based, the page's line geometry + 1), when known. */
  lineFrom?: number;
  lineTo?: number;
  /** The passage itself, shortened, for a tooltip. */
  snippet: string;
}

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
