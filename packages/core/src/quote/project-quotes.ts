import { RecordIndex } from "../conversation/record-index";
import { Document } from "../document/index";
import { fn } from "../fn";
import { recordId } from "../validation";
import { z } from "zod";
import { Actor } from "../actor";
import { applyCorrection, QuoteCorrectionEntity, QuoteCorrections, type QuoteCorrectionItem } from "./corrections";
import { QuoteMemory } from "./memory";
import {
  changedFields,
  CorrectionInput,
  Learned,
  type CorrectedQuote,
  type ExtractionStatus,
  type ProjectQuote,
  type QuoteList,
} from "./schema";
import { isQuoteType, Quote } from "./index";

/** Below this the extraction was mostly guessing (the offline rules rate what they read). */
export const LOW_CONFIDENCE = 0.5;

export function extractionStatus(quote: CorrectedQuote): ExtractionStatus {
  // a field read with little confidence that nobody corrected needs a look as much as a sum that fails
  if (quote.flags.length > 0 || quote.check.length > 0 || (!quote.edited && quote.confidence < LOW_CONFIDENCE)) return "needs_review";
  // values a person only confirmed leave the quote as it was read: checked
  return changedFields(quote).length > 0 ? "edited" : "checked";
}

const QUOTE_CATEGORIES = new Set(["vendor-quotes", "customer-quotes"]);

/** The lessons that read a quote and those its correction taught, one per field and role. */
function lessonsOf(quote: Pick<CorrectedQuote, "learned">, correction: Pick<QuoteCorrectionItem, "taught"> | undefined): Learned[] {
  const taught = z
    .array(Learned)
    .catch([])
    .parse(correction?.taught ?? []);
  return [...quote.learned, ...taught];
}

/** Which lessons the caller has not forgotten: one batch read for a whole list. */
async function stillRemembered(lessons: Learned[]): Promise<(lesson: Learned) => boolean> {
  const kept = new Set((await QuoteMemory.remembered(Actor.userId(), lessons)).map((l) => `${l.key}|${l.field}`));
  return (lesson) => kept.has(`${lesson.key}|${lesson.field}`);
}

export namespace ProjectQuotes {
  /**
   * Every commercial record extracted from one of the caller's projects, corrections
   * applied, with its document's name: the quotes (the Quotes table), the records of the
   * other commercial documents (invoices, credit notes, orders, statements), and the
   * quote-category documents that hold no quote (yet). Three
   * Queries in parallel, whatever the number of records.
   */
  export const list = fn(recordId("Project ID"), async (projectId): Promise<QuoteList> => {
    // Document.list checks the project is the caller's before anything else is read; a
    // document being deleted has no quote to show any more.
    const documents = (await Document.list(projectId)).filter((d) => d.processingStatus !== "deleting");
    const [records, corrections] = await Promise.all([Quote.listByProject(projectId), QuoteCorrections.forProject(projectId)]);
    const byId = new Map(documents.map((d) => [d.id, d]));
    // newest upload first, as the documents list: a document read again keeps its place
    const kept = records.filter((q) => byId.has(q.documentId)).sort((a, b) => b.documentId - a.documentId);
    const remembered = await stillRemembered(kept.flatMap((q) => lessonsOf(q, corrections.get(q.documentId))));
    const listed = kept.map((q): ProjectQuote => {
      const corrected = applyCorrection(q, corrections.get(q.documentId));
      const document = byId.get(q.documentId)!;
      return {
        ...corrected,
        learned: lessonsOf(q, corrections.get(q.documentId)).filter(remembered),
        status: extractionStatus(corrected),
        documentName: document.fileName,
        documentCategory: document.documentCategory,
      };
    });
    const quotes = listed.filter((q) => isQuoteType(q.documentType));
    const quoted = new Set(quotes.map((q) => q.documentId));
    // A correction outlives nothing: its document (and quote) were deleted.
    const orphans = [...corrections.keys()].filter((documentId) => !byId.has(documentId));
    if (orphans.length) await QuoteCorrectionEntity.delete(orphans.map((documentId) => ({ documentId }))).go();
    const quoteless = documents
      .filter((d) => !quoted.has(d.id) && QUOTE_CATEGORIES.has(d.documentCategory))
      .map((d) => ({
        documentId: d.id,
        fileName: d.fileName,
        documentCategory: d.documentCategory,
        processingStatus: d.processingStatus,
        failureReason: d.failureReason,
        documentType: d.documentType,
      }));
    return { quotes, records: listed.filter((q) => !isQuoteType(q.documentType)), documents: quoteless };
  });

  /** Saves a correction (see QuoteCorrections.correct) and answers the quote as the list shows it. */
  export const correct = fn(z.object({ id: recordId("Quote ID"), changes: CorrectionInput }), async (input): Promise<ProjectQuote> => {
    const corrected = await QuoteCorrections.correct(input);
    await RecordIndex.quote(corrected);
    const [document, correction] = await Promise.all([
      Document.get(corrected.documentId),
      QuoteCorrectionEntity.get({ documentId: corrected.documentId }).go({ consistent: true }),
    ]);
    const lessons = lessonsOf(corrected, correction.data ?? undefined);
    return {
      ...corrected,
      learned: lessons.filter(await stillRemembered(lessons)),
      status: extractionStatus(corrected),
      documentName: document.fileName,
      documentCategory: document.documentCategory,
    };
  });
}
