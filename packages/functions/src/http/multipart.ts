import type { APIGatewayProxyEventV2 } from "aws-lambda";
import busboy from "busboy";
import { Invalid, TooLarge } from "@quorum/core/error";
import { rawBody } from "./route";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  /** What the browser claimed; the server checks the content itself. */
  contentType: string;
  data: Buffer;
}

/** Parses a multipart/form-data body (the spec's upload calls) from an API Gateway event. */
export function parseMultipart(
  event: APIGatewayProxyEventV2,
  limits: { maxFileBytes: number; tooLargeMessage: string },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const contentType = event.headers?.["content-type"] ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return Promise.reject(new Invalid("Expected a multipart/form-data upload"));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let failure: Error | undefined;
    const parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
    });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => (failure = new TooLarge(limits.tooLargeMessage)));
      stream.on("close", () => {
        files.push({ fieldName, fileName: info.filename ?? "file", contentType: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    parser.on("filesLimit", () => (failure = new Invalid("Too many files")));
    parser.on("error", () => reject(new Invalid("The upload could not be read")));
    parser.on("close", () => (failure ? reject(failure) : resolve({ fields, files })));
    parser.end(rawBody(event));
  });
}
