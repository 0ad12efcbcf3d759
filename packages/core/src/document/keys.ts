/**
 * Where a document's files live in the bucket.
 *
 * - The upload: `users/<uid>/projects/<projectId>/documents/<id>/<safe name>`:
 *   the user's prefix, so a presigned POST can only ever write there.
 * - What the pipeline derives (full text, chunks): under `derived/` with the same
 *   path. Outside `users/`, so the bucket notification (prefix `users/`) never
 *   starts the pipeline on the pipeline's own output.
 */
export interface DocumentRef {
  userId: string;
  projectId: number;
  documentId: number;
}

const UPLOAD = /^users\/([^/]+)\/projects\/(\d+)\/documents\/(\d+)\/([^/]+)$/;

export const documentPrefix = (ref: DocumentRef) => `users/${ref.userId}/projects/${ref.projectId}/documents/${ref.documentId}/`;
export const uploadKey = (ref: DocumentRef, safeName: string) => `${documentPrefix(ref)}${safeName}`;
export const derivedPrefix = (ref: DocumentRef) => `derived/${documentPrefix(ref)}`;
export const textKey = (ref: DocumentRef) => `${derivedPrefix(ref)}text.json`;
export const chunksKey = (ref: DocumentRef) => `${derivedPrefix(ref)}chunks.json`;

/** The document an uploaded object belongs to, or undefined for any other key (logos, derived files). */
export function parseUploadKey(key: string): DocumentRef | undefined {
  const m = UPLOAD.exec(key);
  if (!m) return undefined;
  return { userId: m[1]!, projectId: Number(m[2]), documentId: Number(m[3]) };
}

/** S3 event records carry keys URL-encoded, with spaces as "+". */
export function decodeEventKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}
