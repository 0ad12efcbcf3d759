import { RecordIndex } from "../conversation/record-index";
import { transactions } from "../db/transaction";
import { config } from "../config";
import { nextId } from "../db/counter";
import { isConditionFailure } from "../db/optimistic";
import { Extract } from "../extract/index";
import { analyzeDocument } from "../quote/analyze";
import { QuoteMemory } from "../quote/memory";
import { QuoteEntity } from "../quote/entity";
import { Quote } from "../quote/index";
import { Quota } from "../quota/index";
import { Storage } from "../storage/index";
import { chunkPages, type ChunkFile } from "./chunks";
import { type DocumentItem } from "./entity";
import { OcrBudget } from "./ocr-budget";
import { chunksKey, textKey } from "./keys";
import { stillThere } from "./files";
import { DocumentInput, load, patch, refOf } from "./step";
import { isMissingObject, readJson, writeChunks } from "./store";
import type { StoredText } from "./text";
import { analyzeWithTextract, startTextract } from "../extract/textract";
import { saveText, type ExtractState } from "./saved-text";

/**
 * The document pipeline's steps, one per Task state of definition.asl.json. Each
 * takes and returns small JSON (the state machine's payload stays far below its
 * 256 KB limit: text and chunks go to S3). Every step is safe to run again (Retry):
 * it overwrites what it wrote. A step that finds its document deleted removes what
 * it wrote and throws DocumentGone, so a delete during processing leaves nothing behind.
 */

/** What Amazon Textract reads (AnalyzeDocument: JPEG, PNG, TIFF, PDF). */
const TEXTRACT_KINDS = new Set(["pdf", "png", "jpeg", "tiff"]);

/**
 * The steps that read the document (extract, analyze, index). The others live in validate.ts,
 * textract-poll.ts, discard.ts and outcome.ts, so that their Lambdas do not load the extraction
 * code this module does.
 */
export namespace DocumentPipeline {
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
      // Textract's synchronous call reads one page: a PDF or a TIFF of several goes to an asynchronous job
      const pageCount = kind === "pdf" ? local.pages.length : (local.scannedPages?.length ?? 1);
      const sync = pageCount <= 1;
      // Textract bills every page of the document it reads: all of them must fit the month's OCR pages
      const budget = await OcrBudget.reserveAll(item.userId, sync ? 1 : pageCount);
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
    // what the owner's corrections taught about this issuer reads the quote first
    const recalled = analysis.quote ? await QuoteMemory.recall(item.userId, text.pages, analysis.quote) : null;
    try {
      if (recalled) {
        const id = existing?.id ?? (await nextId("quote"));
        const quote = Quote.toItem(recalled.quote, {
          id,
          documentId,
          projectId: item.projectId,
          userId: item.userId,
          extractedBy,
          documentType: analysis.documentType,
          disagreements,
          learned: recalled.learned,
        });
        await (
          await transactions()
        )
          .write(({ document, quote: quotes }) => [
            document
              .patch({ id: documentId })
              .set({ documentType: analysis.documentType, summary: analysis.summary, quoteId: id, warnings })
              .where((a, o) => o.ne(a.processingStatus, "deleting"))
              .commit(),
            quotes.put(quote as never).commit(),
          ])
          .go();
        await RecordIndex.quote(quote);
        return { documentType: analysis.documentType, quoteId: id, flags: quote.flags.length };
      }
      await (
        await transactions()
      )
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
      if (existing) await RecordIndex.forgetQuote(documentId);
      return { documentType: analysis.documentType, quoteId: null, flags: 0 };
    } catch (error) {
      if (isTransactionCancelled(error)) {
        await load(documentId);
      }
      throw error;
    }
  }

  /**
   * 4. index: retrieval chunks with page references, one JSON file per document (format in
   * chunks.ts), and its pages in the owner's search box. It runs beside analyze (the state
   * machine's Parallel state), so it leaves the stage analyze set: either failing reads "analysing".
   */
  export async function index(raw: unknown) {
    const { documentId } = DocumentInput.parse(raw);
    const item = await load(documentId);
    const text = await readText(item);
    const file: ChunkFile = { version: 1, documentId, chunks: chunkPages(text.pages) };
    await Promise.all([writeChunks(chunksKey(refOf(item)), file), RecordIndex.document(item, text.pages)]);
    await stillThere(item, { chunkCount: file.chunks.length });
    return { chunks: file.chunks.length };
  }
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
