/** The spec's logo checks: an image, under 5MB. Answers the toast to show, or null when fine. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export function logoProblem(file: Pick<File, "type" | "size">): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Invalid file type", description: "Please upload an image file" };
  if (file.size >= LOGO_MAX_BYTES) return { title: "File too large", description: "Logo file must be less than 5MB" };
  return null;
}
