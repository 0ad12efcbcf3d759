import { i18next } from "@/i18n";

/** The logo checks: an image, under 5MB. Answers the toast to show, or null when fine. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export function logoProblem(file: Pick<File, "type" | "size">): { title: string; description: string } | null {
  const t = i18next.t;
  if (!file.type.startsWith("image/")) return { title: t("profile:invalidType"), description: t("profile:invalidTypeText") };
  if (file.size >= LOGO_MAX_BYTES)
    return { title: t("profile:tooLarge"), description: t("profile:tooLargeText", { size: LOGO_MAX_BYTES / 1024 / 1024 }) };
  return null;
}
