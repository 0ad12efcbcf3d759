import { Invalid } from "@quorum/core/error";
import { confirmLogo, logoUploadTicket, uploadLogo } from "@quorum/core/user/logo";
import { LOGO_TOO_LARGE, LogoConfirmInput, LogoUploadFields, LogoUploadRequest, MAX_LOGO_BYTES } from "@quorum/core/user/schema";
import { parseMultipart } from "../http/multipart";
import { reply, refuseOtherUser, route } from "../http/route";

/** POST /api/upload (multipart: file, category 'company-logo', userId) -> { downloadUrl, filePath } */
export const upload = route({}, async ({ event, user }) => {
  const { fields, files } = await parseMultipart(event, { maxFileBytes: MAX_LOGO_BYTES, tooLargeMessage: LOGO_TOO_LARGE });
  refuseOtherUser(user, fields);
  const parsed = LogoUploadFields.safeParse(fields);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]!.message);
  const file = files.find((f) => f.fieldName === "file");
  if (!file) throw new Invalid("No file was uploaded");
  return uploadLogo(file);
});

/** POST /api/upload/logo-url { contentType, size } -> 201 { filePath, upload }: where to send a logo too large for one request. */
export const logoUploadUrl = route({ body: LogoUploadRequest }, async ({ body }) => reply(201, await logoUploadTicket(body)));

/** POST /api/upload/logo-confirm { filePath } -> { downloadUrl, filePath }, once the upload has landed and is an image. */
export const logoConfirm = route({ body: LogoConfirmInput }, async ({ body }) => confirmLogo(body.filePath));
