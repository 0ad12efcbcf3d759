import { z } from "zod";
import { isConditionFailure } from "../db/optimistic";
import { DocumentEntity, type DocumentItem } from "./entity";
import { DocumentGone } from "./errors";
import type { DocumentRef } from "./keys";

/**
 * What every step of the document pipeline shares: loading the document it works on and writing
 * to it only while it is not being deleted. The steps live in modules of their own so that each
 * Lambda of the pipeline bundles only its own step (pipeline.ts holds the reading ones, which load
 * the extraction code; outcome.ts and validate.ts do not).
 */

/** A document being deleted is as good as gone: its delete removes whatever a step writes. */
export async function load(documentId: number): Promise<DocumentItem> {
  const item = (await DocumentEntity.get({ id: documentId }).go({ consistent: true })).data;
  if (!item || item.processingStatus === "deleting") throw new DocumentGone(documentId);
  return item;
}

export const refOf = (item: Pick<DocumentItem, "id" | "userId" | "projectId">): DocumentRef => ({
  userId: item.userId,
  projectId: item.projectId,
  documentId: item.id,
});

/**
 * Updates the record only while it exists (ElectroDB's patch) and is not being deleted; either
 * way the document becomes DocumentGone. A delete marks the record before it removes the files,
 * so a step whose write lands after that mark removes what it wrote itself (`stillThere`, in files.ts).
 */
export async function patch(item: DocumentItem, values: Partial<DocumentItem>, remove: (keyof DocumentItem)[] = []) {
  let op = DocumentEntity.patch({ id: item.id }).set(values as never);
  if (remove.length) op = op.remove(remove as never);
  try {
    await op.where((a, o) => o.ne(a.processingStatus, "deleting")).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new DocumentGone(item.id);
    throw error;
  }
}

/** The input of a step that works on a claimed document. */
export const DocumentInput = z.object({ documentId: z.number().int().positive() });
