import { z } from "zod";
import { isConditionFailure } from "../db/optimistic";
import { Notify } from "../notify/index";
import { DocumentEntity } from "./entity";
import { AlreadyClaimed, PERMANENT_ERRORS } from "./errors";
import { parseUploadKey } from "./keys";
import { DocumentInput, load } from "./step";

/**
 * How a pipeline run ends for its document: completed, or failed with a reason, and its owner told.
 * A deleted document's run ends in discard.ts, whose Lambda does not load the notifications.
 */

const STAGE_LABELS: Record<string, string> = {
  validate: "checking the file",
  extract: "reading its text",
  analyze: "analysing it",
  complete: "finishing",
};

const FailureInput = z.object({
  key: z.string(),
  executionId: z.string().optional(),
  /** The step that failed (a Pass state of the definition sets it on the way to RecordFailure). */
  step: z.string().optional(),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/** 5. complete: the document is ready (only the execution that claimed it may say so). */
export async function completeDocument(raw: unknown) {
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

/** What the owner reads when the pipeline never started for an upload. */
export const NOT_STARTED_REASON = "Processing could not start for this upload. Please upload the file again.";

/**
 * An upload whose pipeline never started (the S3 notification's function failed on every retry):
 * the document becomes failed, with a reason, instead of staying "uploading". Only while it is
 * still waiting: a run that did start owns the outcome.
 */
export async function failUnstarted(key: string) {
  const ref = parseUploadKey(key);
  if (!ref) return { failed: false };
  try {
    await DocumentEntity.patch({ id: ref.documentId })
      .set({ processingStatus: "failed", failureReason: NOT_STARTED_REASON, processedAt: new Date().toISOString() })
      .where((a, o) => `${o.eq(a.processingStatus, "uploading")} AND ${o.eq(a.storageKey, key)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return { failed: false };
    throw error;
  }
  await Notify.documentProcessed(ref.documentId);
  return { failed: true };
}
