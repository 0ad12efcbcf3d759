/**
 * The browser's half of a presigned S3 POST: a multipart form with the policy's fields
 * first and the file last (S3 ignores anything after the file), sent with XHR because
 * fetch cannot report upload progress. Files go straight to S3 since 100MB cannot pass
 * API Gateway. No Authorization header and no cookies: the signature is in the fields,
 * and S3's CORS answer must not have to allow credentials.
 */

export const NETWORK_ERROR = "Upload failed due to network error";
export const UPLOAD_FAILED = "Upload failed";

/** A refusal from S3 (or whatever answered at the upload URL), with its own words when it gave any. */
export class StorageUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "StorageUploadError";
  }
}

/** S3 answers errors as `<Error><Code>..</Code><Message>..</Message></Error>`; the message is the text to show. */
export function storageErrorMessage(body: string): string {
  const message = /<Message>([\s\S]*?)<\/Message>/i.exec(body)?.[1]?.trim();
  if (!message) return UPLOAD_FAILED;
  return message
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

export function presignedPost(
  target: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) return Promise.reject(new DOMException("Upload cancelled", "AbortError"));
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append("file", file, file.name);

  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new StorageUploadError(xhr.status, storageErrorMessage(xhr.responseText ?? "")));
      }
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    xhr.ontimeout = () => reject(new Error(NETWORK_ERROR));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
