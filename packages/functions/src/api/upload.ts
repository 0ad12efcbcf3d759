import { z } from "zod";
import { Invalid } from "@quorum/core/error";
import { MAX_LOGO_BYTES, uploadLogo } from "@quorum/core/user/logo";
import { parseMultipart } from "../http/multipart";
import { refuseOtherUser, route } from "../http/route";

const Fields = z.object({
  category: z.literal("company-logo", { message: "category must be company-logo" }),
  userId: z.string().max(128).optional(),
});

/** POST /api/upload (multipart: file, category 'company-logo', userId) -> { downloadUrl, filePath } */
export const upload = route({}, async ({ event, user }) => {
  const { fields, files } = await parseMultipart(event, {
    maxFileBytes: MAX_LOGO_BYTES,
    tooLargeMessage: "Logo file must be less than 5MB",
  });
  refuseOtherUser(user, fields);
  const parsed = Fields.safeParse(fields);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]!.message);
  const file = files.find((f) => f.fieldName === "file");
  if (!file) throw new Invalid("No file was uploaded");
  return uploadLogo(file);
});
