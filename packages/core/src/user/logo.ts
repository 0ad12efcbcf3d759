import { randomUUID } from "node:crypto";
import { Actor } from "../actor";
import { Invalid, NotFound, TooLarge } from "../error";
import { Storage } from "../storage/index";
import { LOGO_NOT_AN_IMAGE, LOGO_TOO_LARGE, MAX_LOGO_BYTES, type LogoUploadRequest, type UploadedLogo } from "./schema";

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
  const kind = imageKind(file.data);
  const filePath = newLogoPath(kind.ext);
  await Storage.put(filePath, file.data, kind.type);
  return { filePath, downloadUrl: await Storage.viewUrl(filePath) };
}

/** How long a logo's upload ticket may be used. */
const LOGO_TICKET_SECONDS = 300;

const logoPrefix = () => `users/${Actor.userId()}/logo/`;
const newLogoPath = (ext: string) => `${logoPrefix()}${randomUUID()}.${ext}`;

function imageKind(data: Buffer) {
  if (data.length >= MAX_LOGO_BYTES) throw new TooLarge(LOGO_TOO_LARGE);
  const kind = SIGNATURES.find((s) => s.test(data));
  if (!kind) throw new Invalid(LOGO_NOT_AN_IMAGE);
  return kind;
}

/**
 * Where the browser sends a logo too large for one API request (base64 makes a 4.5 MB file more
 * than a Lambda request holds): a presigned POST pinned to the declared image type and the limit.
 */
export async function logoUploadTicket(input: LogoUploadRequest) {
  if (input.size >= MAX_LOGO_BYTES) throw new TooLarge(LOGO_TOO_LARGE);
  const kind = SIGNATURES.find((s) => s.type === input.contentType)!;
  const filePath = newLogoPath(kind.ext);
  const upload = await Storage.presignedUpload({
    key: filePath,
    contentType: kind.type,
    maxBytes: MAX_LOGO_BYTES - 1,
    expiresIn: LOGO_TICKET_SECONDS,
  });
  return { filePath, upload };
}

/** The uploaded logo checked as POST /api/upload checks it (its bytes, its size); a refused one is deleted. */
export async function confirmLogo(filePath: string): Promise<UploadedLogo> {
  if (!filePath.startsWith(logoPrefix()) || filePath.includes("..")) throw new NotFound("Logo");
  const missing = (error: { name?: string }) => {
    throw error.name === "NoSuchKey" || error.name === "NotFound" ? new NotFound("Logo") : error;
  };
  try {
    // the size first: local storage does not hold the upload to its policy, so never read more than a logo
    if ((await Storage.head(filePath).catch(missing)).ContentLength! >= MAX_LOGO_BYTES) throw new TooLarge(LOGO_TOO_LARGE);
    imageKind(await Storage.getBuffer(filePath).catch(missing));
  } catch (refusal) {
    if (refusal instanceof Invalid || refusal instanceof TooLarge) await Storage.remove([filePath]);
    throw refusal;
  }
  return { filePath, downloadUrl: await Storage.viewUrl(filePath) };
}
