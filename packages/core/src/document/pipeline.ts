import { z } from "zod";
import { Domain } from "../db/service";
import { config } from "../config";
import { isConditionFailure } from "../db/optimistic";
import { nextId } from "../db/counter";
import { Extract } from "../extract/index";
import type { DocumentKind } from "../extract/types";
import { analyzeDocument } from "../quote/analyze";
import { QuoteEntity } from "../quote/entity";
import { Quote } from "../quote/index";
import { Quota } from "../quota/index";
import { Storage } from "../storage/index";
import { Notify } from "../notify/index";
import { chunkPages, type ChunkFile } from "./chunks";
import { DocumentEntity, type DocumentItem } from "./entity";
import { OcrBudget } from "./ocr-budget";
import { AlreadyClaimed, DocumentGone, DocumentRejected, PERMANENT_ERRORS } from "./errors";
import { Document } from "./index";
import { chunksKey, parseUploadKey, textKey, type DocumentRef } from "./keys";
import { isMissingObject, readJson, writeChunks, writeText } from "./store";
import { MAX_LISTED_OCR_PAGES, type OcrPage } from "./schema";
import { excerptOf, type StoredText } from "./text";
import { analyzeWithTextract, getTextractResult, startTextract } from "../extract/textract";
import { claimedKind, MAX_DOCUMENT_BYTES, tooLarge, tooSmall } from "./types";

/**
 * The document pipeline's steps, one per Task state of definition.asl.json. Each
 * takes and returns small JSON (the state machine's payload stays far below its
 * 256 KB limit: text and chunks go to S3). Every step is safe to run again (Retry):
 * it overwrites what it wrote. A step that finds its document deleted removes what
 * it wrote and throws DocumentGone, so a delete during processing leaves nothing behind.
 */

const STAGE_LABELS: Record<string, string> = {
  validate: "checking the file",
  extract: "reading its text",
  analyze: "analysing it",
  index: "indexing it for search",
  complete: "finishing",
};

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
/** What Amazon Textract reads (AnalyzeDocument: JPEG, PNG, TIFF, PDF). */
const TEXTRACT_KINDS = new Set(["pdf", "png", "jpeg", "tiff"]);

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

/** A document being deleted is as good as gone: its delete removes whatever a step writes. */
async function load(documentId: number): Promise<DocumentItem> {
  const item = (await DocumentEntity.get({ id: documentId }).go({ consistent: true })).data;
  if (!item || item.processingStatus === "deleting") throw new DocumentGone(documentId);
  return item;
}

const refOf = (item: Pick<DocumentItem, "id" | "userId" | "projectId">): DocumentRef => ({
  userId: item.userId,
  projectId: item.projectId,
  documentId: item.id,
});

/**
 * Updates the record only while it exists (ElectroDB's patch) and is not being deleted; either
 * way the document becomes DocumentGone. A delete marks the record before it removes the files,
 * so a step whose write lands after that mark removes what it wrote itself (`stillThere`).
 */
async function patch(item: DocumentItem, values: Partial<DocumentItem>, remove: (keyof DocumentItem)[] = []) {
  let op = DocumentEntity.patch({ id: item.id }).set(values as never);
  if (remove.length) op = op.remove(remove as never);
  try {
    await op.where((a, o) => o.ne(a.processingStatus, "deleting")).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new DocumentGone(item.id);
    throw error;
  }
}

/** After writing files for a document: if it was deleted meanwhile, its files go too. */
async function stillThere(item: DocumentItem, values: Partial<DocumentItem>, remove: (keyof DocumentItem)[] = []) {
  try {
    await patch(item, values, remove);
  } catch (error) {
    if (error instanceof DocumentGone) await Document.removeFiles(refOf(item));
    throw error;
  }
}

export const StartInput = z.object({
  key: z.string().min(1),
  bucket: z.string().optional(),
  /** `$$.Execution.Id`: the run that claims the document. */
  executionId: z.string().min(1),
});
const DocumentInput = z.object({ documentId: z.number().int().positive() });
const PollInput = DocumentInput.extend({ jobId: z.string().min(1), pollCount: z.number().int().min(0) });
const FailureInput = z.object({
  key: z.string(),
  executionId: z.string().optional(),
  /** The step that failed (a Pass state of the definition sets it on the way to RecordFailure). */
  step: z.string().optional(),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

export type ExtractState = { status: "done"; pages: number } | { status: "started"; jobId: string; pollCount: number };

export namespace DocumentPipeline {
  /**
   * 1. validate: the object belongs to a live document; claim it for this execution;
   * check its real size (HeadObject) and its type by content (magic bytes), since
   * neither the browser nor a presigned POST in s3rver can be trusted.
   */
  export async function validate(raw: unknown) {
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

    const buffer = await Storage.getBuffer(item.storageKey);
    let kind: DocumentKind | "image" = Extract.detectType(buffer, item.fileName);
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

  async function saveText(item: DocumentItem, text: Omit<StoredText, "version" | "documentId">) {
    const stored: StoredText = { version: 1, documentId: item.id, ...text };
    await writeText(textKey(refOf(item)), stored);
    const excerpt = excerptOf(stored.pages);
    await stillThere(
      item,
      {
        hasText: excerpt !== "",
        pageCount: stored.pages.length,
        textSource: stored.source,
        ocrPages: ocrPagesOf(stored),
        warnings: [...new Set(stored.warnings)].slice(0, 20),
        ...(excerpt ? { excerpt } : {}),
      },
      excerpt ? [] : ["excerpt"],
    );
    return { status: "done" as const, pages: stored.pages.length };
  }

  /**
   * 2. extract: the text per page or sheet, into S3. With Textract on (the cloud),
   * images and PDFs without a text layer go to Textract: one page synchronously,
   * several pages as an asynchronous job that the state machine polls (Wait +
   * Choice), so no Lambda sleeps. A PDF with a text layer is read from that layer:
   * exact text at no cost. Otherwise the local parsers and OCR read everything.
   */
  export async function extract(raw: unknown): Promise<ExtractState> {
    const { documentId } = DocumentInput.parse(raw);
    const item = await load(documentId);
    await patch(item, { stage: "extract" });
    const kind = item.detectedType ?? "unknown";
    if (kind === "image") {
      return saveText(item, {
        kind,
        source: "parser",
        pages: [],
        tables: [],
        warnings: ["Text is read from PNG, JPEG and TIFF images only; this image is stored as it is."],
      });
    }
    const buffer = await Storage.getBuffer(item.storageKey);
    const useTextract = config().TEXTRACT_ENABLED && TEXTRACT_KINDS.has(kind);
    // in a child process with a heap cap and a deadline: no file can stall or kill this one, and a
    // file that needs too much ends as a clear failure of this document alone
    const readLocally = (ocr: { maxOcrPages: number; ocrCapReason?: string }) =>
      Extract.isolated(buffer, {
        fileName: item.fileName,
        contentType: item.fileType,
        ocr: !useTextract,
        limits: { ...ocr, maxOcrSeconds: config().OCR_MAX_SECONDS },
      });
    // Local OCR spends the owner's monthly OCR pages as it reads (kinds that never need OCR reserve none).
    const local = useTextract
      ? await readLocally({ maxOcrPages: 0 })
      : TEXTRACT_KINDS.has(kind)
        ? await OcrBudget.readLocally(item.userId, config().OCR_MAX_PAGES, readLocally)
        : await readLocally({ maxOcrPages: config().OCR_MAX_PAGES });

    if (useTextract && (kind !== "pdf" || (local.scannedPages?.length ?? 0) > 0)) {
      const sync = kind !== "pdf" || local.pages.length <= 1;
      // Textract bills every page of the document it reads: all of them must fit the month's OCR pages
      const budget = await OcrBudget.reserveAll(item.userId, sync ? 1 : local.pages.length);
      if ("refusal" in budget) {
        return saveText(item, {
          kind,
          source: "parser",
          pages: local.pages,
          tables: local.tables ?? [],
          warnings: [...local.warnings, budget.refusal],
        });
      }
      // the local warnings would say the scans went unread: Textract reads them now
      try {
        if (sync) {
          // a PDF page's own size keeps Textract's page-relative boxes in proportion (images have none)
          const first = local.pages[0];
          const size = first?.width && first.height ? { width: first.width, height: first.height } : undefined;
          const read = await analyzeWithTextract(buffer, "tables", size);
          return saveText(item, { kind, source: "textract", pages: read.pages, tables: read.tables, warnings: [] });
        }
        // the token makes a retried Extract get the same job back instead of a second one
        const jobId = await startTextract(Storage.bucket(), item.storageKey, { mode: "tables", requestToken: `document-${item.id}` });
        return { status: "started", jobId, pollCount: 0 };
      } catch (error) {
        await Quota.giveBack(budget.reservation);
        throw error;
      }
    }
    return saveText(item, {
      kind,
      source: (local.ocrPages?.length ?? 0) > 0 ? "ocr" : "parser",
      pages: local.pages,
      tables: local.tables ?? [],
      warnings: local.warnings,
    });
  }

  /** 2b. One look at an asynchronous Textract job; the state machine waits between looks. */
  export async function pollTextract(raw: unknown): Promise<ExtractState> {
    const { documentId, jobId, pollCount } = PollInput.parse(raw);
    const item = await load(documentId);
    const result = await getTextractResult(jobId, undefined, { mode: "tables" });
    if (result.status === "IN_PROGRESS") {
      if (pollCount + 1 >= config().TEXTRACT_MAX_POLLS)
        throw new DocumentRejected("Reading the scanned pages took too long and was stopped.");
      return { status: "started", jobId, pollCount: pollCount + 1 };
    }
    if (result.status === "FAILED")
      throw new DocumentRejected(`The scanned pages could not be read${result.message ? `: ${result.message.replace(/\.$/, "")}` : ""}.`);
    return saveText(item, {
      kind: item.detectedType ?? "pdf",
      source: "textract",
      pages: result.pages ?? [],
      tables: result.tables ?? [],
      warnings: result.warnings ?? [],
    });
  }

  async function readText(item: DocumentItem): Promise<StoredText> {
    try {
      return await readJson<StoredText>(textKey(refOf(item)));
    } catch (error) {
      if (isMissingObject(error))
        return {
          version: 1,
          documentId: item.id,
          kind: item.detectedType ?? "unknown",
          source: "parser",
          pages: [],
          tables: [],
          warnings: [],
        };
      throw error;
    }
  }

  /**
   * 3. analyze: what the document is, a short summary, and for a quote the quote
   * data (schema in core/quote) with cross-check flags, stored as the document's
   * Quote record in the same transaction that checks the document still exists.
   */
  export async function analyze(raw: unknown) {
    const { documentId } = DocumentInput.parse(raw);
    const item = await load(documentId);
    await patch(item, { stage: "analyze" });
    const text = await readText(item);
    const { analysis, extractedBy, notes, disagreements } = await analyzeDocument({
      pages: text.pages,
      fileName: item.fileName,
      category: item.documentCategory,
    });
    const warnings = [...new Set([...(item.warnings ?? []), ...notes])].slice(0, 20);
    const existing = (await QuoteEntity.get({ documentId }).go({ consistent: true })).data;
    try {
      if (analysis.quote) {
        const id = existing?.id ?? (await nextId("quote"));
        const quote = Quote.toItem(analysis.quote, {
          id,
          documentId,
          projectId: item.projectId,
          userId: item.userId,
          extractedBy,
          documentType: analysis.documentType,
          disagreements,
        });
        await Domain.transaction
          .write(({ document, quote: quotes }) => [
            document
              .patch({ id: documentId })
              .set({ documentType: analysis.documentType, summary: analysis.summary, quoteId: id, warnings })
              .where((a, o) => o.ne(a.processingStatus, "deleting"))
              .commit(),
            quotes.put(quote as never).commit(),
          ])
          .go();
        return { documentType: analysis.documentType, quoteId: id, flags: quote.flags.length };
      }
      await Domain.transaction
        .write(({ document, quote: quotes }) => [
          document
            .patch({ id: documentId })
            .set({ documentType: analysis.documentType, summary: analysis.summary, warnings })
            .remove(["quoteId"])
            .where((a, o) => o.ne(a.processingStatus, "deleting"))
            .commit(),
          ...(existing ? [quotes.delete({ documentId }).commit()] : []),
        ])
        .go();
      return { documentType: analysis.documentType, quoteId: null, flags: 0 };
    } catch (error) {
      if (isTransactionCancelled(error)) {
        await load(documentId);
      }
      throw error;
    }
  }

  /** 4. index: retrieval chunks with page references, one JSON file per document (format in chunks.ts). */
  export async function index(raw: unknown) {
    const { documentId } = DocumentInput.parse(raw);
    const item = await load(documentId);
    await patch(item, { stage: "index" });
    const text = await readText(item);
    const file: ChunkFile = { version: 1, documentId, chunks: chunkPages(text.pages) };
    await writeChunks(chunksKey(refOf(item)), file);
    await stillThere(item, { chunkCount: file.chunks.length });
    return { chunks: file.chunks.length };
  }

  /** 5. complete: the document is ready (only the execution that claimed it may say so). */
  export async function complete(raw: unknown) {
    const { documentId, executionId } = DocumentInput.extend({ executionId: z.string() }).parse(raw);
    try {
      await DocumentEntity.patch({ id: documentId })
        .set({ processingStatus: "completed", processedAt: new Date().toISOString() })
        .remove(["stage", "failureReason"])
        .where((a, o) => `${o.eq(a.executionId, executionId)} AND ${o.ne(a.processingStatus, "deleting")}`)
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await load(documentId);
      throw new AlreadyClaimed(documentId);
    }
    await Notify.documentProcessed(documentId);
    return { status: "completed" as const };
  }

  /**
   * The Catch of every step: the document becomes 'failed' with a reason a person
   * can act on. Problems with the file itself say what is wrong; anything else says
   * at which step it stopped (the cause goes to the log, not to the user).
   */
  export async function recordFailure(raw: unknown) {
    const input = FailureInput.parse(raw);
    const ref = parseUploadKey(input.key);
    const name = input.error?.Error ?? "Error";
    const cause = causeMessage(input.error?.Cause);
    console.error(`[pipeline] ${input.key} failed: ${name}: ${cause}`);
    if (!ref) return { status: "failed" as const, reason: cause };
    const item = (await DocumentEntity.get({ id: ref.documentId }).go({ consistent: true })).data;
    if (!item || item.storageKey !== input.key) return { status: "failed" as const, reason: cause };
    const stage = STAGE_LABELS[input.step ?? item.stage ?? ""] ?? "processing it";
    let reason: string;
    if ((PERMANENT_ERRORS as readonly string[]).includes(name)) reason = cause;
    else if (name === "States.Timeout") reason = `Processing took too long while ${stage} and was stopped. Please upload the file again.`;
    else reason = `Processing stopped while ${stage} because of an internal error. Please upload the file again.`;
    try {
      await DocumentEntity.patch({ id: item.id })
        .set({ processingStatus: "failed", failureReason: reason.slice(0, 500), processedAt: new Date().toISOString() })
        // a failure of an execution that never owned the document changes nothing, nor one of a
        // document being deleted
        .where((a, o) => {
          const owner = input.executionId ? `${o.notExists(a.executionId)} OR ${o.eq(a.executionId, input.executionId)}` : o.exists(a.id);
          return `(${owner}) AND ${o.ne(a.processingStatus, "deleting")}`;
        })
        .go();
      await Notify.documentProcessed(item.id);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return { status: "failed" as const, reason };
  }

  /** A deleted (or never recorded) document's leftovers: the object and anything derived from it. */
  export async function discard(raw: unknown) {
    const { key } = z.object({ key: z.string() }).parse(raw);
    const ref = parseUploadKey(key);
    if (!ref) return { discarded: false };
    const item = (await DocumentEntity.get({ id: ref.documentId }).go({ consistent: true })).data;
    if (item && item.storageKey !== key) {
      // a stray object next to a live document: only the stray goes
      await Storage.remove([key]);
    } else if (!item || item.processingStatus === "deleting") {
      await QuoteEntity.delete({ documentId: ref.documentId }).go();
      await Document.removeFiles(ref);
    }
    return { discarded: true };
  }
}

/** The pages read from pixels (local OCR, or every page Textract read), for the document record. */
function ocrPagesOf(text: Pick<StoredText, "pages" | "source">): OcrPage[] {
  return text.pages
    .filter((p) => p.source === "ocr" || p.source === "textract" || (p.source === undefined && text.source === "textract"))
    .slice(0, MAX_LISTED_OCR_PAGES)
    .map((p) => ({ page: p.page, confidence: p.confidence ?? null }));
}

/** "Transaction ... cancel..." in one message, read with indexOf: the regex /transaction.*cancel/ was quadratic. */
function cancelledTransaction(message: string) {
  const lower = message.toLowerCase();
  const at = lower.indexOf("transaction");
  return at >= 0 && lower.indexOf("cancel", at) > at;
}

function isTransactionCancelled(error: unknown) {
  return (
    isConditionFailure(error) ||
    (error as { name?: string })?.name === "TransactionCanceledException" ||
    cancelledTransaction((error as Error)?.message ?? "")
  );
}

/** Lambda reports `{"errorMessage": ...}` as the Cause; the local runner the message itself. */
export function causeMessage(cause: string | undefined): string {
  if (!cause) return "Unknown error";
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === "string") return parsed.errorMessage;
  } catch {
    // not JSON: the message itself
  }
  return cause;
}
