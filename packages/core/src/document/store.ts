import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { Storage } from "../storage/index";
import type { ChunkFile } from "./chunks";
import type { StoredText } from "./text";

/** Every key under a prefix (the document's own folders hold a handful of objects). */
export async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await Storage.s3().send(new ListObjectsV2Command({ Bucket: Storage.bucket(), Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function readJson<T>(key: string): Promise<T> {
  return JSON.parse((await Storage.getBuffer(key)).toString("utf8")) as T;
}

export const writeText = (key: string, text: StoredText) => Storage.put(key, JSON.stringify(text), "application/json");
export const writeChunks = (key: string, chunks: ChunkFile) => Storage.put(key, JSON.stringify(chunks), "application/json");

/** True for S3's "no such key" in any of the SDK's shapes. */
export function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
