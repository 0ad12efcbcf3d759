import { Invalid } from "@quorum/core/error";
import { uploadLogo } from "@quorum/core/user/logo";
import { LOGO_TOO_LARGE, LogoUploadFields, MAX_LOGO_BYTES } from "@quorum/core/user/schema";
import { parseMultipart } from "../http/multipart";
import { refuseOtherUser, route } from "../http/route";

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
