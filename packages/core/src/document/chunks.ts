/**
 * Retrieval chunks: each page's text cut at line boundaries into pieces of about
 * CHUNK_CHARS, so a table row (one line, cells joined by " | ") is never split and
 * every chunk names the one page it came from. Consecutive chunks of a page share
 * their boundary lines (OVERLAP_CHARS) so a fact across the cut is in both.
 */
export const CHUNK_CHARS = 1200;
export const OVERLAP_CHARS = 200;

/** One chunk as stored in the document's chunks.json. */
export interface StoredChunk {
  /** Position in the document, from 0. */
  index: number;
  /** 1-based page (PDF page, spreadsheet sheet, ~3,000 character slice of text). */
  page: number;
  text: string;
}

/** derived/.../chunks.json */
export interface ChunkFile {
  version: 1;
  documentId: number;
  chunks: StoredChunk[];
}

/** A chunk as `Document.chunks(projectId)` hands it to retrieval, joined with its document. */
export interface Chunk extends StoredChunk {
  /** `<documentId>:<index>`, stable while the document exists. */
  id: string;
  documentId: number;
  projectId: number;
  fileName: string;
  documentCategory: string;
}

function splitLong(line: string, size: number): string[] {
  if (line.length <= size) return [line];
  const parts: string[] = [];
  let rest = line;
  while (rest.length > size) {
    // cut after a sentence or at a space, never inside a word when avoidable
    const window = rest.slice(0, size);
    const cut = Math.max(window.lastIndexOf(". ") + 1, window.lastIndexOf(" "));
    const at = cut > size / 2 ? cut : size;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function chunkPages(pages: { page: number; text: string }[], size = CHUNK_CHARS, overlap = OVERLAP_CHARS): StoredChunk[] {
  const chunks: StoredChunk[] = [];
  for (const { page, text } of pages) {
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "")
      .flatMap((l) => splitLong(l, size));
    let current: string[] = [];
    let length = 0;
    let fresh = 0;
    const flush = () => {
      if (fresh === 0) return;
      chunks.push({ index: chunks.length, page, text: current.join("\n") });
      // carry the last lines (up to `overlap` characters) into the next chunk
      const carried: string[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const l = current[i]!;
        if (carriedLength + l.length > overlap) break;
        carried.unshift(l);
        carriedLength += l.length + 1;
      }
      current = carried;
      length = carriedLength;
      fresh = 0;
    };
    for (const line of lines) {
      if (length + line.length + 1 > size && fresh > 0) flush();
      current.push(line);
      length += line.length + 1;
      fresh++;
    }
    flush();
  }
  return chunks;
}
