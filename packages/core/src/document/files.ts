import { RecordIndex } from "../conversation/record-index";
import { Storage } from "../storage/index";
import type { DocumentItem } from "./entity";
import { DocumentGone } from "./errors";
import { derivedPrefix, documentPrefix, type DocumentRef } from "./keys";
import { patch, refOf } from "./step";
import { listKeys } from "./store";

/**
 * What is derived from a document outside its records: its files, and its pages and quote in the
 * search box. A module of its own, apart from the Document module (projects, quotas, uploads) and
 * from step.ts, so that only the steps that write or remove files load the S3 client.
 */
export async function removeFiles(ref: DocumentRef) {
  const keys = (await Promise.all([listKeys(documentPrefix(ref)), listKeys(derivedPrefix(ref))])).flat();
  await Promise.all([Storage.remove(keys), RecordIndex.forget(ref.documentId)]);
}

/** After writing files for a document: if it was deleted meanwhile, its files go too. */
export async function stillThere(item: DocumentItem, values: Partial<DocumentItem>, remove: (keyof DocumentItem)[] = []) {
  try {
    await patch(item, values, remove);
  } catch (error) {
    if (error instanceof DocumentGone) await removeFiles(refOf(item));
    throw error;
  }
}
