import { listPage } from "../db/list-page";
import type { ListPageQuery } from "../list-page";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { z } from "zod";
import { transactions } from "../db/transaction";
import { Actor } from "../actor";
import { nextId } from "../db/counter";
import { isConditionFailure, optimistic, RETRY } from "../db/optimistic";
import { Conflict, Invalid, NotFound, TooLarge } from "../error";
import { fn } from "../fn";
import { recordId } from "../validation";
import { Project } from "../project/index";
import { DOCUMENT_UPLOADS, Quota } from "../quota/index";
import { StorageUse, storageCounter } from "../quota/storage";
import { Storage } from "../storage/index";
import type { Chunk, ChunkFile } from "./chunks";
import { DocumentEntity, type DocumentItem } from "./entity";
import { chunksKey, textKey, uploadKey } from "./keys";
import { removeFiles } from "./files";
import { isMissingObject, readJson } from "./store";
import {
  DocumentCategoryInput,
  DocumentUploadFields,
  DocumentUploadRequest,
  type DocumentRecord,
  type DocumentUploadTicket,
  type OcrPage,
  DocumentFindQuery,
  type DocumentMatches,
  MAX_FIND_MATCHES,
  MAX_PAGE_LINES,
  type PageText,
  UPLOAD_DEADLINE_MS,
  UPLOAD_EXPIRES_SECONDS,
} from "./schema";
import { fold } from "../search/terms";
import { pageLines, type StoredText } from "./text";
import {
  acceptedContentType,
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES,
  PROCESSING_STATUSES,
  safeFileName,
  tooLarge,
  tooSmall,
  TYPE_REJECTION,
  type DocumentCategory,
  type ProcessingStatus,
} from "./types";

export { DOCUMENT_ACCEPT, DOCUMENT_CATEGORIES, MAX_DOCUMENT_BYTES, PROCESSING_STATUSES, TYPE_REJECTION } from "./types";
export type { Chunk, ChunkFile, StoredChunk } from "./chunks";
export type { StoredText } from "./text";
export { describeOcr, LOW_OCR_CONFIDENCE, type OcrPage } from "./schema";

/** How long a view link works: long enough to open, short enough not to be shared around. */
export const VIEW_EXPIRES_SECONDS = 5 * 60;
/** The state machine's TimeoutSeconds (definition.asl.json) plus a margin. */
const PROCESSING_DEADLINE_MS = 65 * 60 * 1000;

export namespace Document {
  export const CATEGORIES = DOCUMENT_CATEGORIES;
  export const STATUSES = PROCESSING_STATUSES;

  /** A document as the API answers it. */
  export type Info = DocumentRecord;

  /**
   * The record as the API shows it. A document whose upload never arrived, or whose
   * processing outlived the state machine's timeout, reads as failed: nothing is
   * left showing "uploading" or "processing" forever.
   */
  export function present(item: DocumentItem, now = Date.now()): Info {
    let status = item.processingStatus as ProcessingStatus;
    let failureReason = item.failureReason ?? null;
    if (status === "uploading" && now - Date.parse(item.createdAt) > UPLOAD_DEADLINE_MS) {
      status = "failed";
      failureReason = "The upload did not complete. Please upload the file again.";
    } else if (status === "processing" && now - Date.parse(item.updatedAt) > PROCESSING_DEADLINE_MS) {
      status = "failed";
      failureReason = "Processing did not finish in time. Please upload the file again.";
    }
    return {
      id: item.id,
      projectId: item.projectId,
      fileName: item.fileName,
      fileType: item.fileType,
      documentCategory: item.documentCategory as DocumentCategory,
      processingStatus: status,
      extractedText: item.hasText ? (item.excerpt ?? "") || null : null,
      hasText: item.hasText,
      size: item.size ?? null,
      pageCount: item.pageCount ?? null,
      documentType: item.documentType ?? null,
      summary: item.summary ?? null,
      quoteId: item.quoteId ?? null,
      failureReason,
      ocrPages: (item.ocrPages as OcrPage[] | undefined) ?? [],
      warnings: item.warnings ?? [],
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      processedAt: item.processedAt ?? null,
    };
  }

  async function owned(id: number): Promise<DocumentItem> {
    const item = (await DocumentEntity.get({ id }).go()).data;
    if (!item || item.userId !== Actor.userId()) throw new NotFound("Document");
    return item;
  }

  /**
   * The upload checks of the spec, before anything is stored or counted: type by name or
   * declared type, 1 byte to 100MB, a project of the caller's (404 otherwise), room in the
   * plan's document storage (413 otherwise). What passes counts against the plan's document
   * uploads of the day (`Quota.metered`) and holds its bytes of the storage (`StorageUse.create`).
   */
  async function admit(
    projectId: number,
    fileName: string,
    contentType: string,
    size: number,
  ): Promise<{ fileType: string; room: StorageUse.Room }> {
    const type = acceptedContentType(fileName, contentType);
    if (!type) throw new Invalid(TYPE_REJECTION);
    if (size > MAX_DOCUMENT_BYTES) throw new TooLarge(tooLarge());
    if (size < 1) throw new Invalid(tooSmall());
    await Project.get(projectId);
    return { fileType: type, room: await StorageUse.assertRoom(size) };
  }

  async function createRecord(input: {
    projectId: number;
    documentCategory: DocumentCategory;
    fileName: string;
    fileType: string;
    size: number;
    room: StorageUse.Room;
  }) {
    const userId = Actor.userId();
    const id = await nextId("document");
    const storageKey = uploadKey({ userId, projectId: input.projectId, documentId: id }, safeFileName(input.fileName));
    return StorageUse.create(
      {
        id,
        userId,
        projectId: input.projectId,
        fileName: input.fileName,
        fileType: input.fileType,
        storageKey,
        documentCategory: input.documentCategory,
        processingStatus: "uploading",
        size: input.size,
        heldBytes: input.size,
      },
      input.room,
    );
  }

  export const UploadRequest = DocumentUploadRequest;
  export type UploadRequest = z.input<typeof UploadRequest>;

  export type UploadTicket = z.infer<typeof DocumentUploadTicket>;

  /**
   * A presigned S3 POST for one file: the browser uploads straight to S3 with progress.
   * The policy pins the key, the Content-Type and 1 byte..the declared size (what the
   * storage holds for it); the record starts as 'uploading' and the pipeline moves it on
   * when S3 reports the object.
   */
  export const requestUpload = fn(UploadRequest, async (input): Promise<UploadTicket> => {
    const { fileType, room } = await admit(input.projectId, input.fileName, input.contentType, input.size);
    return Quota.metered(DOCUMENT_UPLOADS, async () => {
      const item = await createRecord({ ...input, fileType, room });
      const upload = await Storage.presignedUpload({
        key: item.storageKey,
        contentType: fileType,
        maxBytes: input.size,
        expiresIn: UPLOAD_EXPIRES_SECONDS,
      });
      return { document: present(item), upload };
    });
  });

  export const UploadFields = DocumentUploadFields;

  /**
   * The spec's `POST /api/upload-document` (files within the gateway's limit): the
   * server stores the file itself; S3's notification starts the same pipeline.
   */
  export async function upload(input: {
    projectId: number;
    documentCategory: DocumentCategory;
    fileName: string;
    contentType: string;
    data: Buffer;
  }): Promise<Info> {
    const { fileType, room } = await admit(input.projectId, input.fileName, input.contentType, input.data.length);
    const item = await Quota.metered(DOCUMENT_UPLOADS, async () => {
      const created = await createRecord({ ...input, size: input.data.length, fileType, room });
      try {
        await Storage.s3().send(
          new PutObjectCommand({ Bucket: Storage.bucket(), Key: created.storageKey, Body: input.data, ContentType: fileType }),
        );
      } catch (error) {
        // Not stored (S3 down): the record and the bytes it holds go too, so no document waits for a file that never came.
        await removeRecords(created.id).catch(() => undefined);
        throw error;
      }
      return created;
    });
    // The file is stored: it is being processed from here on, whether or not the
    // pipeline has claimed it yet (its claim accepts either status).
    const moved = await DocumentEntity.patch({ id: item.id })
      .set({ processingStatus: "processing" })
      .where((a, o) => o.eq(a.processingStatus, "uploading"))
      .go({ response: "all_new" })
      .catch((error) => (isConditionFailure(error) ? undefined : Promise.reject(error)));
    return present((moved?.data as DocumentItem | undefined) ?? (await owned(item.id)));
  }

  /** The documents of one of the caller's projects, newest first: one Query on gsi1. */
  export const list = fn(recordId("Project ID"), async (projectId) => {
    await Project.get(projectId);
    const userId = Actor.userId();
    const items = (await DocumentEntity.query.byProject({ projectId }).go({ order: "desc", pages: "all" })).data;
    const now = Date.now();
    return items.filter((d) => d.userId === userId).map((d) => present(d, now));
  });

  /** One page of a project's documents, newest first (GET /api/projects/{id}/documents). */
  export async function page(projectId: number, query: ListPageQuery = {}) {
    await Project.get(projectId);
    const userId = Actor.userId();
    const { items, nextCursor } = await listPage((options) => DocumentEntity.query.byProject({ projectId }).go(options), query);
    const now = Date.now();
    return { items: items.filter((d) => d.userId === userId).map((d) => present(d, now)), nextCursor };
  }

  /**
   * The caller's completed documents in a project, only what a search index needs to know
   * whether it is current. Every project chat question asks this, so it is one Query of a
   * projection (no excerpts, summaries or OCR reports) and no ownership check of its own:
   * only the caller's documents match, so another user's project answers an empty list.
   */
  export const completedVersions = fn(recordId("Project ID"), async (projectId) => {
    const userId = Actor.userId();
    const result = await DocumentEntity.query
      .byProject({ projectId })
      .where((a, o) => `${o.eq(a.userId, userId)} AND ${o.eq(a.processingStatus, "completed")}`)
      .go({ pages: "all", attributes: ["id", "fileName", "documentCategory", "updatedAt"] });
    return result.data.map((d) => ({ id: d.id, fileName: d.fileName, documentCategory: d.documentCategory, version: d.updatedAt }));
  });

  export const get = fn(recordId("Document ID"), async (id) => present(await owned(id)));

  /**
   * A short-lived link to the file itself. The API is called with a bearer token, so a
   * new tab cannot call it directly: the page asks for the link, then opens it.
   */
  export const viewUrl = fn(recordId("Document ID"), async (id) => {
    const item = await owned(id);
    try {
      await Storage.head(item.storageKey);
    } catch (error) {
      if (isMissingObject(error)) throw new NotFound("Document file");
      throw error;
    }
    const url = await Storage.viewUrl(item.storageKey, { fileName: safeFileName(item.fileName), expiresIn: VIEW_EXPIRES_SECONDS });
    return { url, expiresAt: new Date(Date.now() + VIEW_EXPIRES_SECONDS * 1000).toISOString() };
  });

  export const MoveInput = z.object({ id: recordId("Document ID"), documentCategory: DocumentCategoryInput });
  export const move = fn(MoveInput, async ({ id, documentCategory }) => {
    await owned(id);
    const userId = Actor.userId();
    const result = await DocumentEntity.patch({ id })
      .set({ documentCategory })
      .where((a, o) => o.eq(a.userId, userId))
      .go({ response: "all_new" })
      .catch((error) => (isConditionFailure(error) ? Promise.reject(new NotFound("Document")) : Promise.reject(error)));
    return present(result.data as DocumentItem);
  });

  /**
   * Deletes the document, its quote, its file, its extracted text and its chunks, in an order a
   * crash at any point cannot turn into orphans: the record is marked 'deleting' first (the list
   * shows it so; search, chat and quotes leave it out; the pipeline stops and cleans up after
   * itself), then the files go (removing what is already gone is no error), and the records go
   * last, in one transaction. A delete that stopped half way is finished by the next one; after a
   * finished one the document is not found.
   */
  export const remove = fn(recordId("Document ID"), async (id) => {
    const item = await owned(id);
    if (item.processingStatus !== "deleting") await markDeleting(item);
    await removeFiles({ userId: item.userId, projectId: item.projectId, documentId: item.id });
    await removeRecords(id);
    return { id };
  });

  async function markDeleting(item: DocumentItem) {
    await DocumentEntity.patch({ id: item.id })
      .set({ processingStatus: "deleting" })
      .where((a, o) => o.eq(a.userId, item.userId))
      .go()
      .catch((error) => (isConditionFailure(error) ? Promise.reject(new NotFound("Document")) : Promise.reject(error)));
  }

  /**
   * The document, its quote, its correction and its pending-upload mark, in one transaction
   * that gives its owner back the bytes it held; run again when it loses a race (deletes are
   * idempotent, and the record is deleted only holding the bytes given back).
   */
  async function removeRecords(id: number) {
    await optimistic(
      async () => {
        const item = (await DocumentEntity.get({ id }).go({ consistent: true })).data;
        if (!item) return undefined;
        const held = item.heldBytes ?? 0;
        const result = await (
          await transactions()
        )
          .write(({ document, quote, correction, pendingUpload, usageCount }) => [
            document
              .delete({ id })
              .where((a, o) => (held ? o.eq(a.heldBytes, held) : o.notExists(a.heldBytes)))
              .commit(),
            quote.delete({ documentId: id }).commit(),
            correction.delete({ documentId: id }).commit(),
            pendingUpload.delete({ userId: item.userId, documentId: id }).commit(),
            ...(held ? [usageCount.update(storageCounter(item.userId)).subtract({ count: held }).commit()] : []),
          ])
          .go();
        return result.canceled ? RETRY : undefined;
      },
      () => new Conflict("The document was being changed by another request. Please delete it again."),
      5,
    );
  }

  /** The full extracted text of one of the caller's documents (pages and tables), or null before extraction. */
  export const text = fn(recordId("Document ID"), async (id): Promise<StoredText | null> => {
    const item = await owned(id);
    try {
      return await readJson<StoredText>(textKey({ userId: item.userId, projectId: item.projectId, documentId: item.id }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  });

  /** One page of one of the caller's documents as extracted, lines with their boxes (404 past the last page or before extraction). */
  export const pageText = fn(
    z.object({ id: recordId("Document ID"), page: z.number().int().min(1) }),
    async ({ id, page }): Promise<PageText> => {
      const stored = await text(id);
      const found = stored?.pages.find((p) => p.page === page);
      if (!stored || !found) throw new NotFound("Page");
      const lines = pageLines(found);
      return { page, pages: stored.pages.length, lines: lines.slice(0, MAX_PAGE_LINES), truncated: lines.length > MAX_PAGE_LINES };
    },
  );

  /** Where words are printed in one of the caller's documents, line by line (404 before extraction). */
  export const find = fn(DocumentFindQuery.extend({ id: recordId("Document ID") }), async ({ id, q }): Promise<DocumentMatches> => {
    const stored = await text(id);
    if (!stored) throw new NotFound("Document text");
    const wanted = fold(q);
    const matches: DocumentMatches["matches"] = [];
    for (const page of stored.pages)
      for (const [i, line] of pageLines(page).slice(0, MAX_PAGE_LINES).entries()) {
        if (!fold(line.text).includes(wanted)) continue;
        if (matches.length === MAX_FIND_MATCHES) return { matches, truncated: true };
        matches.push({ page: page.page, line: i + 1, ...(line.box ? { box: line.box } : {}) });
      }
    return { matches, truncated: false };
  });

  /**
   * Every retrieval chunk of a project's completed documents, with the page each
   * came from (format in chunks.ts). The project chat ranks these.
   */
  export const chunks = fn(recordId("Project ID"), async (projectId): Promise<Chunk[]> => {
    const documents = (await list(projectId)).filter((d) => d.processingStatus === "completed");
    const userId = Actor.userId();
    const files = await mapLimit(documents, 8, async (d) => {
      try {
        return { document: d, file: await readJson<ChunkFile>(chunksKey({ userId, projectId, documentId: d.id })) };
      } catch (error) {
        if (isMissingObject(error)) return { document: d, file: undefined };
        throw error;
      }
    });
    return files.flatMap(({ document, file }) =>
      (file?.chunks ?? []).map((c) => ({
        ...c,
        id: `${document.id}:${c.index}`,
        documentId: document.id,
        projectId,
        fileName: document.fileName,
        documentCategory: document.documentCategory,
      })),
    );
  });
}

/** `map` with at most `limit` calls in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await map(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
