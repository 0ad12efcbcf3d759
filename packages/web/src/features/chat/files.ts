import { formatBytes, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_INLINE_ATTACHMENT_BYTES } from "@quorum/core/chat/limits";
import { ATTACHMENT_TYPES, type AttachmentKind, type FilePayload } from "@quorum/core/chat/schema";

/**
 * The chat's attachments: which files each button accepts, and
 * reading them into the payload POST /api/chat takes.
 */

const table = (kind: AttachmentKind): Record<string, readonly string[]> => ATTACHMENT_TYPES[kind];

/** The file inputs' `accept`: extensions and MIME types, so pickers on every OS filter alike. */
export function acceptFor(kind: AttachmentKind): string {
  const types = table(kind);
  const mimes = [...new Set(Object.values(types).flat())];
  return [...Object.keys(types).map((e) => `.${e}`), ...mimes].join(",");
}

function extensionOf(name: string): string {
  return name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
}

/**
 * A file is accepted by its type or, because browsers often leave the type empty
 * or vague (a CSV may come as Excel's MIME type), by its name's extension.
 */
export function isAccepted(kind: AttachmentKind, file: { name: string; type: string }): boolean {
  const types = table(kind);
  const mimes = new Set(Object.values(types).flat());
  if (file.type && mimes.has(file.type.toLowerCase())) return true;
  return extensionOf(file.name) in types;
}

/** Why picked files were refused; the screen words it in the reader's language. */
export type Refusal = { reason: "type"; kind: AttachmentKind } | { reason: "size"; name: string; size: number } | { reason: "count" };

/**
 * Splits a picked set into the files to keep and, when any were refused, why: the
 * type first, then the size limit, then the count (with those already pending).
 */
export function screenFiles<F extends { name: string; type: string; size: number }>(
  kind: AttachmentKind,
  files: F[],
  pending = 0,
): { accepted: F[]; refusal: Refusal | null } {
  const typed = files.filter((f) => isAccepted(kind, f));
  const sized = typed.filter((f) => f.size <= MAX_ATTACHMENT_BYTES);
  const accepted = sized.slice(0, Math.max(0, MAX_ATTACHMENTS - pending));
  const oversized = typed.find((f) => f.size > MAX_ATTACHMENT_BYTES);
  const refusal: Refusal | null =
    typed.length < files.length
      ? { reason: "type", kind }
      : oversized
        ? { reason: "size", name: oversized.name, size: oversized.size }
        : accepted.length < sized.length
          ? { reason: "count" }
          : null;
  return { accepted, refusal };
}

export function isImage(file: { name?: string; filename?: string; type?: string }): boolean {
  if (file.type?.toLowerCase().startsWith("image/")) return true;
  return extensionOf(file.name ?? file.filename ?? "") in ATTACHMENT_TYPES.image;
}

/** Reads one file as a data URL; never rejects: an unreadable file becomes an error marker. */
export function readFile(file: File): Promise<FilePayload> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    const fail = () => resolve({ name: file.name, type: file.type, error: reader.error?.message || "The browser could not read the file" });
    reader.onload = () => {
      if (typeof reader.result === "string") resolve({ name: file.name, type: file.type, data: reader.result });
      else fail();
    };
    reader.onerror = fail;
    reader.onabort = fail;
    try {
      reader.readAsDataURL(file);
    } catch {
      fail();
    }
  });
}

/** A file too large to ride inside the chat request, uploaded to S3 first: its key goes instead of its data. */
export type Uploader = (file: File) => Promise<string>;

/**
 * The files' payloads for POST /api/chat: inline data URLs while they fit the request
 * (MAX_INLINE_ATTACHMENT_BYTES in all), S3 keys for the rest. A failed upload becomes
 * an error marker, like an unreadable file.
 */
export async function prepareFiles(files: File[], upload: Uploader): Promise<FilePayload[]> {
  let inline = 0;
  return Promise.all(
    files.map((file) => {
      if (inline + file.size <= MAX_INLINE_ATTACHMENT_BYTES) {
        inline += file.size;
        return readFile(file);
      }
      return upload(file).then(
        (key): FilePayload => ({ name: file.name, type: file.type, key }),
        (cause: unknown): FilePayload => ({
          name: file.name,
          type: file.type,
          error: cause instanceof Error ? cause.message : "Upload failed",
        }),
      );
    }),
  );
}

/** A short, readable size: "820 KB", "3.4 MB". */
export const formatSize = formatBytes;
