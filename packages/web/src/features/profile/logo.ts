import { MAX_LOGO_BYTES } from "@quorum/core/user/schema";
import { i18next } from "@/i18n";

/** The logo checks the server makes too: an image, under its size limit. Answers the toast to show, or null when fine. */
export function logoProblem(file: Pick<File, "type" | "size">): { title: string; description: string } | null {
  const t = i18next.t;
  if (!file.type.startsWith("image/")) return { title: t("profile:invalidType"), description: t("profile:invalidTypeText") };
  if (file.size >= MAX_LOGO_BYTES)
    return { title: t("profile:tooLarge"), description: t("profile:tooLargeText", { size: MAX_LOGO_BYTES / 1024 / 1024 }) };
  return null;
}
