import { randomUUID } from "node:crypto";
import { Actor } from "../actor";
import { isMissingObject } from "../document/store";
import { safeFileName } from "../document/types";
import { Invalid, TooLarge } from "../error";
import { fn } from "../fn";
import { Quota } from "../quota/index";
import { ATTACHMENT_UPLOADS } from "../quota/limits";
import { Storage } from "../storage/index";
import { AttachmentUploadRequest } from "./schema";
import { ATTACHMENT_UPLOAD_EXPIRES_SECONDS, attachmentTooLarge, CHAT_ATTACHMENT_PREFIX, MAX_ATTACHMENT_BYTES } from "./limits";

/**
 * Chat attachments too large for the chat request itself: the browser uploads each
 * one to S3 by presigned POST (the documents' mechanism) under the caller's prefix,
 * then sends its key with the question; the chat reads it from there and deletes it.
 */

const prefixOf = (userId: string) => `${CHAT_ATTACHMENT_PREFIX}${userId}/`;

export namespace ChatUpload {
  /** `{ key, upload }`: where the file goes and the presigned POST that puts it there. */
  export const request = fn(AttachmentUploadRequest, async ({ fileName, contentType, size }) => {
    if (size > MAX_ATTACHMENT_BYTES) throw new TooLarge(attachmentTooLarge(fileName, size));
    if (size < 1) throw new Invalid("The file is empty");
    const key = `${prefixOf(Actor.userId())}${randomUUID()}/${safeFileName(fileName)}`;
    return Quota.metered(ATTACHMENT_UPLOADS, async () => {
      const upload = await Storage.presignedUpload({
        key,
        contentType: contentType || "application/octet-stream",
        maxBytes: MAX_ATTACHMENT_BYTES,
        expiresIn: ATTACHMENT_UPLOAD_EXPIRES_SECONDS,
      });
      return { key, upload };
    });
  });

  /**
   * The bytes of an uploaded attachment, or why they cannot be had. Only the caller's
   * own keys are read, and the size is checked again: local S3 ignores the POST policy.
   */
  export async function read(key: string, name: string): Promise<{ bytes: Buffer } | { error: string }> {
    if (!key.startsWith(prefixOf(Actor.userId())) || key.includes("..")) return { error: "the upload was not found" };
    try {
      const head = await Storage.head(key);
      if ((head.ContentLength ?? 0) > MAX_ATTACHMENT_BYTES)
        return { error: attachmentTooLarge(name, head.ContentLength!).replace(/\.$/, "") };
      return { bytes: await Storage.getBuffer(key) };
    } catch (error) {
      // This route may not list the bucket, and without ListBucket S3 answers a missing key with 403, not 404.
      const forbidden = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 403;
      if (isMissingObject(error) || forbidden) return { error: "the upload was not found (it may have expired)" };
      throw error;
    }
  }

  /** Read once, then gone: the chat keeps names, never files. */
  export async function discard(keys: string[]) {
    const mine = keys.filter((k) => k.startsWith(prefixOf(Actor.userId())));
    await Storage.remove(mine).catch((error) => console.error("[chat] removing uploaded attachments failed", error));
  }
}
