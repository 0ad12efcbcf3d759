import { Actor } from "../actor";
import { transactions } from "../db/transaction";
import { optimistic, RETRY } from "../db/optimistic";
import { DocumentEntity, type DocumentItem } from "../document/entity";
import { UPLOAD_DEADLINE_MS } from "../document/schema";
import { Conflict, StorageFull } from "../error";
import { User } from "../user/index";
import { PendingUploadEntity, UsageCountEntity } from "./entity";
import { Quota } from "./index";
import { DOCUMENT_STORAGE, storageFullMessage, storageLimitOf } from "./limits";

/** The one counter of a user's stored document bytes: a usage count with no period, never reset. */
export const storageCounter = (userId: string) => ({ userId, meter: DOCUMENT_STORAGE.name, period: "all" });

/** Whether a cancelled transaction's item at `index` failed its condition (not a TransactionConflict, which is retried). */
const refusedAt = (result: { data: { code?: string }[] }, index: number) => result.data[index]?.code === "ConditionalCheckFailed";

/** The outcome of settling a document's bytes to what was stored. */
type Settled = { status: "held" } | { status: "full"; message: string } | { status: "gone" };

/**
 * Document storage per plan (limits.ts DOCUMENT_STORAGE): one counter per user holds the sum of
 * the `heldBytes` of their documents. Every change to a document's `heldBytes` is one transaction
 * with the counter, and raising the counter is conditioned on the cap, so two uploads racing
 * cannot both pass it and no crash leaves the two apart.
 */
export namespace StorageUse {
  async function limitFor(userId: string) {
    const plan = Quota.planOf(await User.find(userId));
    return { plan, limit: storageLimitOf(plan) };
  }

  /** The user's uploads whose file has not arrived yet. */
  const pendingOf = async (userId: string) => (await PendingUploadEntity.query.primary({ userId }).go({ pages: "all" })).data;

  const stored = async (userId: string) => (await UsageCountEntity.get(storageCounter(userId)).go({ consistent: true })).data?.count ?? 0;

  /** The counter raised by `by` (lowered when negative), within `limit` when it grows: any chain with ElectroDB's add, subtract and where. */
  function change<C extends { where(condition: (attributes: any, op: any) => string): C }>(
    update: { add(values: { count: number }): C; subtract(values: { count: number }): C },
    by: number,
    limit: number | null,
  ): C {
    if (by < 0) return update.subtract({ count: -by });
    const raised = update.add({ count: by });
    return limit === null ? raised : raised.where((a, op) => `${op.notExists(a.count)} OR ${op.lte(a.count, limit - by)}`);
  }

  /**
   * Gives back the bytes of the user's uploads whose file never arrived by the upload's deadline
   * (the presigned POST expired). Only while the document still waits: a file that arrived, or a
   * document being deleted, settles its bytes itself. Cheap: one Query of the user's open uploads.
   */
  async function releaseAbandoned(userId: string, now = Date.now()) {
    for (const mark of (await pendingOf(userId)).filter((p) => abandoned(p, now))) {
      const key = { userId, documentId: mark.documentId };
      const result = await (
        await transactions()
      )
        .write(({ pendingUpload, document, usageCount }) => [
          pendingUpload.delete(key).commit(),
          document
            .patch({ id: mark.documentId })
            .remove(["heldBytes"])
            .where((a, o) => `${o.eq(a.processingStatus, "uploading")} AND ${o.eq(a.heldBytes, mark.bytes)}`)
            .commit(),
          usageCount.update(storageCounter(userId)).subtract({ count: mark.bytes }).commit(),
        ])
        .go();
      // The document moved on (its file arrived, or it is gone): the mark alone was stale.
      if (result.canceled && refusedAt(result, 1)) await PendingUploadEntity.delete(key).go();
    }
  }

  const abandoned = (mark: { requestedAt: string }, now: number) => now - Date.parse(mark.requestedAt) > UPLOAD_DEADLINE_MS;

  /**
   * The caller's stored document bytes and the plan's cap (null: unlimited), as the usage panel
   * shows them: read only, so abandoned uploads are left out rather than given back here.
   */
  export async function summary(userId = Actor.userId(), now = Date.now()) {
    const [{ plan, limit }, used, pending] = await Promise.all([limitFor(userId), stored(userId), pendingOf(userId)]);
    const given = pending.filter((m) => abandoned(m, now)).reduce((sum, m) => sum + m.bytes, 0);
    return { plan, used: Math.max(0, used - given), limit };
  }

  /** The caller's plan and its storage cap (null: unlimited), as the upload that checked for room read them. */
  export type Room = Awaited<ReturnType<typeof limitFor>>;

  /** Refuses (413, nothing written) a file of `size` bytes that would take the caller past the plan's cap; else the cap it checked against. */
  export async function assertRoom(size: number): Promise<Room> {
    const userId = Actor.userId();
    await releaseAbandoned(userId);
    const [room, used] = await Promise.all([limitFor(userId), stored(userId)]);
    if (room.limit !== null && used + size > room.limit) throw new StorageFull(storageFullMessage(room.plan, room.limit, used));
    return room;
  }

  /**
   * Writes a new document record holding `item.heldBytes`, with its pending-upload mark, in one
   * transaction with the conditional raise of the owner's counter (within the cap `assertRoom` read):
   * past the cap nothing is written and the answer is a 413 that names the limit.
   */
  export async function create(
    item: Parameters<typeof DocumentEntity.create>[0] & { heldBytes: number },
    { plan, limit }: Room,
  ): Promise<DocumentItem> {
    const { userId, id: documentId, heldBytes } = item;
    const requestedAt = new Date().toISOString();
    const refuse = async () => new StorageFull(storageFullMessage(plan, limit!, await stored(userId)));
    if (limit !== null && heldBytes > limit) throw await refuse();
    const full = await optimistic(
      async () => {
        const result = await (
          await transactions()
        )
          .write(({ usageCount, document, pendingUpload }) => [
            change(usageCount.update(storageCounter(userId)), heldBytes, limit).commit(),
            document.create({ ...item, createdAt: requestedAt }).commit(),
            pendingUpload.create({ userId, documentId, bytes: heldBytes, requestedAt }).commit(),
          ])
          .go();
        if (!result.canceled) return false;
        return refusedAt(result, 0) ? true : RETRY;
      },
      () => new Conflict("Other uploads were being counted at the same time. Please try again."),
      10,
    );
    if (full) throw await refuse();
    return (await DocumentEntity.get({ id: documentId }).go({ consistent: true })).data!;
  }

  /**
   * When a document's file arrives: its held bytes become the stored size (S3 pins the size in
   * the cloud; s3rver does not, and an upload given up as abandoned arrives holding none). A file
   * that no longer fits the cap is refused. The pending mark goes either way.
   */
  export async function settle(document: { id: number; userId: string }, size: number): Promise<Settled> {
    const documentId = document.id;
    const outcome = await optimistic<Settled>(
      async () => {
        const item = (await DocumentEntity.get({ id: documentId }).go({ consistent: true })).data;
        if (!item || item.processingStatus !== "processing") return { status: "gone" };
        const held = item.heldBytes ?? 0;
        if (held === size) return { status: "held" };
        const { plan, limit } = await limitFor(item.userId);
        const result = await (
          await transactions()
        )
          .write(({ usageCount, document }) => [
            change(usageCount.update(storageCounter(item.userId)), size - held, limit).commit(),
            document
              .patch({ id: documentId })
              .set({ heldBytes: size })
              .where((a, o) => `${o.eq(a.processingStatus, "processing")} AND ${held ? o.eq(a.heldBytes, held) : o.notExists(a.heldBytes)}`)
              .commit(),
          ])
          .go();
        if (!result.canceled) return { status: "held" };
        if (refusedAt(result, 0)) return { status: "full", message: storageFullMessage(plan, limit!, await stored(item.userId)) };
        return RETRY;
      },
      () => new Conflict("The document was being changed by another request."),
      10,
    );
    await PendingUploadEntity.delete({ userId: document.userId, documentId }).go();
    return outcome;
  }
}
