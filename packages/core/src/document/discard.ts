import { z } from "zod";
import { QuoteEntity } from "../quote/entity";
import { Storage } from "../storage/index";
import { DocumentEntity } from "./entity";
import { removeFiles } from "./files";
import { parseUploadKey } from "./keys";

/** A deleted (or never recorded) document's leftovers: the object and anything derived from it. */
export async function discardDocument(raw: unknown) {
  const { key } = z.object({ key: z.string() }).parse(raw);
  const ref = parseUploadKey(key);
  if (!ref) return { discarded: false };
  const item = (await DocumentEntity.get({ id: ref.documentId }).go({ consistent: true })).data;
  if (item && item.storageKey !== key) {
    // a stray object next to a live document: only the stray goes
    await Storage.remove([key]);
  } else if (!item || item.processingStatus === "deleting") {
    await QuoteEntity.delete({ documentId: ref.documentId }).go();
    await removeFiles(ref);
  }
  return { discarded: true };
}
