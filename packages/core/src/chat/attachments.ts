import { Actor } from "../actor";
import { extractIsolated } from "../extract/isolate";
import { ATTACHMENT_ANALYSES, Quota } from "../quota/index";
import { VisibleError } from "../error";
import type { DocumentText, ImageInput } from "../ai/types";
import { ATTACHMENT_OCR_SECONDS, ATTACHMENT_READ_HEAP_MB, ATTACHMENT_READ_TIMEOUT_MS } from "./limits";
import { ATTACHMENT_TYPES, type AttachmentReport, type FileInput } from "./schema";
import { ChatUpload } from "./uploads";

/** The spec's messages for attachments of other types. */
const DOCUMENT_EXTENSIONS: readonly string[] = Object.keys(ATTACHMENT_TYPES.document);
const IMAGE_EXTENSIONS: readonly string[] = Object.keys(ATTACHMENT_TYPES.image);
export const UNSUPPORTED_DOCUMENT = "Supported file types: PDFs, Word documents, Excel files, CSV, and text files";
export const UNSUPPORTED_IMAGE = "Supported image types: JPG, PNG";

export interface Attachments {
  documents: DocumentText[];
  images: ImageInput[];
  unreadable: { name: string; reason: string }[];
  reports: AttachmentReport[];
}

/**
 * Reads the chat's attachments: documents become text on the server, images
 * stay bytes for the models that see them. An unreadable file is reported, never fatal.
 */
export async function readAttachments(files: FileInput[]): Promise<Attachments> {
  const uploaded = files.flatMap((f) => (f.key && !f.data ? [f.key] : []));
  const read = async () => {
    await countAnalyses(files);
    return Promise.all(files.map(readOne));
  };
  const results = await read().finally(() => (uploaded.length ? ChatUpload.discard(uploaded) : undefined));
  const out: Attachments = { documents: [], images: [], unreadable: [], reports: [] };
  for (const r of results) {
    out.reports.push(r.report);
    if (r.document) out.documents.push(r.document);
    if (r.image) out.images.push(r.image);
    if (r.report.status === "unreadable") out.unreadable.push({ name: r.report.name, reason: r.report.error ?? "it could not be read" });
  }
  return out;
}

/**
 * Every file the server will read counts against the asker's attachment analyses
 * of the day, all of them before any is read: past the limit the question is
 * refused (429) and its uploads are still deleted. A file the browser could not
 * read costs nothing and is not counted; a call with no signed-in caller reads
 * for no one's plan.
 */
async function countAnalyses(files: FileInput[]) {
  const caller = Actor.maybe();
  const analysed = files.filter((f) => !f.error && (f.data || f.key)).length;
  if (caller && analysed > 0) await Quota.consume(ATTACHMENT_ANALYSES, { amount: analysed, userId: caller.userId });
}

type ReadResult = { report: AttachmentReport; document?: DocumentText; image?: ImageInput };

async function readOne(file: FileInput): Promise<ReadResult> {
  const base = { name: file.name, type: file.type };
  const fail = (kind: AttachmentReport["kind"], error: string): ReadResult => ({ report: { ...base, kind, status: "unreadable", error } });
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const declaredImage = file.type.startsWith("image/") || IMAGE_EXTENSIONS.includes(extension);

  if (file.error) return fail(declaredImage ? "image" : "document", file.error);
  let decoded = file.data ? decodeDataUrl(file.data) : undefined;
  if (!decoded && file.key) {
    const got = await ChatUpload.read(file.key, file.name);
    if ("error" in got) return fail(declaredImage ? "image" : "document", got.error);
    decoded = { mediaType: file.type, bytes: got.bytes };
  }
  if (!decoded) return fail(declaredImage ? "image" : "document", "the file's content did not arrive");

  if (declaredImage) {
    const mediaType = imageType(decoded.bytes);
    if (!mediaType) return fail("image", UNSUPPORTED_IMAGE);
    return {
      report: { ...base, kind: "image", status: "read" },
      image: { name: file.name, mediaType, data: decoded.bytes },
    };
  }
  if (!DOCUMENT_EXTENSIONS.includes(extension) && !isDocumentType(file.type || decoded.mediaType)) {
    return fail("unknown", UNSUPPORTED_DOCUMENT);
  }
  try {
    const { pages, warnings } = await extractText(decoded.bytes, file.name, file.type || decoded.mediaType);
    const characters = pages.reduce((sum, p) => sum + p.text.length, 0);
    return {
      report: { ...base, kind: "document", status: "read", pages: pages.length, characters, ...(warnings.length ? { warnings } : {}) },
      document: { name: file.name, pages },
    };
  } catch (error) {
    if (!(error instanceof VisibleError)) console.error(`[chat] reading ${file.name} failed`, error);
    return fail("document", error instanceof VisibleError ? error.message.replace(/\.$/, "") : "it could not be read");
  }
}

/**
 * The one place that knows the extraction module. Chat has ~28 s in all, so at
 * most one scanned page is read with OCR here (the document pipeline reads the rest),
 * in a child process with a heap cap and a deadline, so a hostile file costs the
 * request its attachment, never the process.
 */
async function extractText(bytes: Buffer, fileName: string, contentType: string) {
  const result = await extractIsolated(
    bytes,
    { fileName, contentType: contentType || undefined, limits: { maxOcrPages: 1, maxOcrSeconds: ATTACHMENT_OCR_SECONDS } },
    { timeoutMs: ATTACHMENT_READ_TIMEOUT_MS, heapMb: ATTACHMENT_READ_HEAP_MB },
  );
  return { pages: result.pages.map((p) => ({ page: p.page, text: p.text })), warnings: result.warnings };
}

function decodeDataUrl(dataUrl: string): { mediaType: string; bytes: Buffer } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),/.exec(dataUrl);
  if (!match) return undefined;
  const body = dataUrl.slice(match[0].length);
  const bytes = match[2]?.includes(";base64") ? Buffer.from(body, "base64") : Buffer.from(decodeURIComponent(body), "utf8");
  return bytes.length ? { mediaType: match[1] ?? "", bytes } : undefined;
}

/** Judged by the bytes, not the name: a renamed GIF is not a PNG. */
function imageType(bytes: Buffer): ImageInput["mediaType"] | undefined {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

function isDocumentType(mediaType: string) {
  return /^(application\/pdf|application\/msword|application\/vnd\.openxmlformats-officedocument\.(wordprocessingml|spreadsheetml)|application\/vnd\.ms-excel|text\/csv|text\/plain)/.test(
    mediaType,
  );
}
