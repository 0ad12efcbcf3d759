import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config } from "../config";

const clients = new Map<string, S3Client>();

/** s3rver wants its own credentials, path-style URLs and no streaming checksums. */
function client(endpoint: string | undefined): S3Client {
  const key = endpoint ?? "aws";
  let c = clients.get(key);
  if (!c) {
    c = new S3Client({
      region: config().AWS_REGION,
      endpoint,
      forcePathStyle: !!endpoint,
      credentials: endpoint ? { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(key, c);
  }
  return c;
}

export namespace Storage {
  export const bucket = () => config().BUCKET_NAME;
  /** For calls the server makes itself. */
  export const s3 = () => client(config().S3_ENDPOINT);
  /** For URLs the browser follows: signed for the host the browser sees. */
  export const publicS3 = () => client(config().S3_PUBLIC_ENDPOINT ?? config().S3_ENDPOINT);

  export async function put(key: string, body: Buffer | string, contentType: string) {
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
  }

  export async function getBuffer(key: string): Promise<Buffer> {
    const result = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Buffer.from(await result.Body!.transformToByteArray());
  }

  export async function head(key: string) {
    return s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
  }

  export async function remove(keys: string[]) {
    if (keys.length === 0) return;
    for (let i = 0; i < keys.length; i += 1000) {
      await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }));
    }
  }

  /** What the browser needs to upload one file straight to S3. */
  export interface PresignedUpload {
    /** POST multipart/form-data to `url`: every entry of `fields` first, then the file as `file`. */
    method: "POST";
    url: string;
    fields: Record<string, string>;
    expiresAt: string;
    maxBytes: number;
  }

  /**
   * A presigned POST for one key: the policy pins the key, the Content-Type and
   * 1 byte..maxBytes. (Local S3 does not enforce policies: readers re-check size and type.)
   */
  export async function presignedUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresIn: number;
  }): Promise<PresignedUpload> {
    // loaded here, not with every function that touches storage (about 75 KB of a cold start)
    const { createPresignedPost } = await import("@aws-sdk/s3-presigned-post");
    const post = await createPresignedPost(publicS3(), {
      Bucket: bucket(),
      Key: input.key,
      Conditions: [
        ["content-length-range", 1, input.maxBytes],
        ["eq", "$Content-Type", input.contentType],
      ],
      Fields: { "Content-Type": input.contentType },
      Expires: input.expiresIn,
    });
    return {
      method: "POST",
      url: post.url,
      fields: post.fields,
      expiresAt: new Date(Date.now() + input.expiresIn * 1000).toISOString(),
      maxBytes: input.maxBytes,
    };
  }

  /** A short-lived link the browser can open (logos, document views). */
  export async function viewUrl(key: string, options: { fileName?: string; expiresIn?: number } = {}) {
    const disposition = options.fileName ? `inline; filename="${options.fileName.replace(/["\\\r\n]/g, "_")}"` : undefined;
    return getSignedUrl(publicS3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: disposition }), {
      expiresIn: options.expiresIn ?? 900,
    });
  }
}
