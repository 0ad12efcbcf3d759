import { randomUUID } from "node:crypto";
import { Actor } from "../actor";
import { Invalid, TooLarge } from "../error";
import { Storage } from "../storage/index";
import { LOGO_TOO_LARGE, MAX_LOGO_BYTES, type UploadedLogo } from "./schema";

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) => b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a",
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/**
 * The company logo: an image by its content (not by what the browser claims;
 * SVG is refused because it can carry scripts), under 5 MB, stored under the
 * user's own prefix and answered as a short-lived URL.
 */
export async function uploadLogo(file: { data: Buffer }): Promise<UploadedLogo> {
  if (file.data.length >= MAX_LOGO_BYTES) throw new TooLarge(LOGO_TOO_LARGE);
  const kind = SIGNATURES.find((s) => s.test(file.data));
  if (!kind) throw new Invalid("Please upload an image file");
  const filePath = `users/${Actor.userId()}/logo/${randomUUID()}.${kind.ext}`;
  await Storage.put(filePath, file.data, kind.type);
  return { filePath, downloadUrl: await Storage.viewUrl(filePath) };
}
