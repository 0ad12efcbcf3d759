import { z } from "zod";
import { config } from "../config";
import { getTextractResult } from "../extract/textract";
import { DocumentRejected } from "./errors";
import { saveText, type ExtractState } from "./saved-text";
import { DocumentInput, load } from "./step";

const PollInput = DocumentInput.extend({ jobId: z.string().min(1), pollCount: z.number().int().min(0) });

/**
 * 2b. One look at an asynchronous Textract job; the state machine waits between looks. Apart from
 * the extract step, whose readers (pdf.js, OCR) its Lambda does not load.
 */
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
