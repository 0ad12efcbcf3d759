import { MAX_LISTED_OCR_PAGES, type OcrPage } from "./schema";
import type { DocumentItem } from "./entity";
import { textKey } from "./keys";
import { stillThere } from "./files";
import { refOf } from "./step";
import { writeText } from "./store";
import { excerptOf, type StoredText } from "./text";

/** Where the extract step leaves a document: its text saved, or a Textract job to look at again. */
export type ExtractState = { status: "done"; pages: number } | { status: "started"; jobId: string; pollCount: number };

/**
 * A document's text, however it was read, into S3, and what the document record shows of it.
 * Its own module: the Textract poll saves text too and must not load the readers.
 */
export async function saveText(item: DocumentItem, text: Omit<StoredText, "version" | "documentId">): Promise<ExtractState> {
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
  return { status: "done", pages: stored.pages.length };
}

/** The pages read from pixels (local OCR, or every page Textract read), for the document record. */
function ocrPagesOf(text: Pick<StoredText, "pages" | "source">): OcrPage[] {
  return text.pages
    .filter((p) => p.source === "ocr" || p.source === "textract" || (p.source === undefined && text.source === "textract"))
    .slice(0, MAX_LISTED_OCR_PAGES)
    .map((p) => ({ page: p.page, confidence: p.confidence ?? null }));
}
