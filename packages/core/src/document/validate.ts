import { z } from "zod";
import { isConditionFailure } from "../db/optimistic";
import { detectType } from "../extract/detect";
import type { DocumentKind } from "../extract/types";
import { StorageUse } from "../quota/storage";
import { Storage } from "../storage/index";
import { DocumentEntity } from "./entity";
import { AlreadyClaimed, DocumentGone, DocumentRejected } from "./errors";
import { parseUploadKey } from "./keys";
import { load, patch } from "./step";
import { isMissingObject } from "./store";
import { claimedKind, MAX_DOCUMENT_BYTES, tooLarge, tooSmall } from "./types";

const KIND_LABELS: Record<string, string> = {
  pdf: "PDF",
  docx: "Word (.docx)",
  doc: "Word (.doc)",
  xlsx: "Excel (.xlsx)",
  xls: "Excel (.xls)",
  csv: "CSV",
  txt: "text",
  png: "a PNG image",
  jpeg: "a JPEG image",
  tiff: "a TIFF image",
  image: "an image",
  unknown: "not a supported type",
};

const IMAGE_KINDS = new Set(["png", "jpeg", "tiff", "image"]);

/** Images the product stores but does not read text from ("any image type" is accepted). */
function otherImage(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 16).toString("latin1");
  return (
    head.startsWith("GIF87a") ||
    head.startsWith("GIF89a") ||
    (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") ||
    head.startsWith("BM") ||
    /^....ftyp(heic|heix|hevc|mif1|avif)/.test(head)
  );
}

export const StartInput = z.object({
  key: z.string().min(1),
  bucket: z.string().optional(),
  /** `$$.Execution.Id`: the run that claims the document. */
  executionId: z.string().min(1),
});
/**
 * 1. validate: the object belongs to a live document; claim it for this execution;
 * check its real size (HeadObject) and its type by content (magic bytes), since
 * neither the browser nor a presigned POST in s3rver can be trusted.
 */
export async function validateUpload(raw: unknown) {
  const input = StartInput.parse(raw);
  const ref = parseUploadKey(input.key);
  if (!ref) throw new DocumentGone(input.key);
  const item = (await DocumentEntity.get({ id: ref.documentId }).go({ consistent: true })).data;
  if (!item || item.userId !== ref.userId || item.projectId !== ref.projectId || item.storageKey !== input.key)
    throw new DocumentGone(input.key);

  try {
    await DocumentEntity.patch({ id: item.id })
      .set({ processingStatus: "processing", executionId: input.executionId, stage: "validate" })
      .where(
        (a, o) =>
          `(${o.eq(a.processingStatus, "uploading")} OR ${o.eq(a.processingStatus, "processing")}) AND (${o.notExists(a.executionId)} OR ${o.eq(a.executionId, input.executionId)})`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await load(item.id);
    throw new AlreadyClaimed(item.id);
  }

  let size: number;
  try {
    size = (await Storage.head(item.storageKey)).ContentLength ?? 0;
  } catch (error) {
    if (isMissingObject(error)) throw new DocumentRejected("The uploaded file could not be found in storage. Please upload it again.");
    throw error;
  }
  if (size > MAX_DOCUMENT_BYTES) {
    // S3 enforces the POST policy in the cloud; s3rver does not. Do not keep what was refused.
    await Storage.remove([item.storageKey]);
    throw new DocumentRejected(tooLarge());
  }
  if (size < 1) throw new DocumentRejected(tooSmall());
  const settled = await StorageUse.settle(item, size);
  if (settled.status === "gone") throw new DocumentGone(item.id);
  if (settled.status === "full") {
    await Storage.remove([item.storageKey]);
    throw new DocumentRejected(settled.message);
  }

  const buffer = await Storage.getBuffer(item.storageKey);
  let kind: DocumentKind | "image" = detectType(buffer, item.fileName);
  if (kind === "unknown" && otherImage(buffer)) kind = "image";
  if (kind === "unknown") {
    throw new DocumentRejected("The file's content is not a PDF, Word, Excel, CSV, text or image file, whatever its name says.");
  }
  const claimed = claimedKind(item.fileName, item.fileType);
  const imageRename = IMAGE_KINDS.has(claimed) && IMAGE_KINDS.has(kind) && claimed !== "unknown";
  if (claimed !== "unknown" && claimed !== kind && !imageRename) {
    throw new DocumentRejected(`The file is named as ${KIND_LABELS[claimed]} but its content is ${KIND_LABELS[kind]}.`);
  }
  await patch(item, { size, detectedType: kind });
  return { documentId: item.id, kind, size };
}
