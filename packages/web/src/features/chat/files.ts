import { MESSAGES } from "./model";

/**
 * The chat's attachments (spec doc 1 §5): which files each button accepts, and
 * reading them into the payload POST /api/chat takes.
 */

export type AttachmentKind = "document" | "image";

const DOCUMENT_TYPES: Record<string, string[]> = {
  pdf: ["application/pdf"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  xls: ["application/vnd.ms-excel"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  csv: ["text/csv", "application/csv"],
  txt: ["text/plain"],
};

const IMAGE_TYPES: Record<string, string[]> = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
};

const table = (kind: AttachmentKind) => (kind === "document" ? DOCUMENT_TYPES : IMAGE_TYPES);

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

export function rejectionMessage(kind: AttachmentKind): string {
  return kind === "document" ? MESSAGES.unsupportedDocument : MESSAGES.unsupportedImage;
}

/** Splits a picked set into the files to keep and, when any were refused, the spec's message. */
export function screenFiles<F extends { name: string; type: string }>(
  kind: AttachmentKind,
  files: F[],
): { accepted: F[]; error: string | null } {
  const accepted = files.filter((f) => isAccepted(kind, f));
  return { accepted, error: accepted.length === files.length ? null : rejectionMessage(kind) };
}

export function isImage(file: { name?: string; filename?: string; type?: string }): boolean {
  if (file.type?.toLowerCase().startsWith("image/")) return true;
  return extensionOf(file.name ?? file.filename ?? "") in IMAGE_TYPES;
}

/** The spec's file payload, or the error marker for a file the browser could not read. */
export type FilePayload = { name: string; type: string; data: string } | { name: string; type: string; error: string };

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

export function readFiles(files: File[]): Promise<FilePayload[]> {
  return Promise.all(files.map(readFile));
}

/** A short, readable size: "820 KB", "3.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
