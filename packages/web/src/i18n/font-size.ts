export const FONT_SIZES = ["small", "medium", "large"] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Scales the whole UI (the root font size) at once and remembers it for the next first paint (public/theme.js). */
export function applyFontSize(size: FontSize) {
  const root = document.documentElement;
  if (size === "medium") delete root.dataset.fontSize;
  else root.dataset.fontSize = size;
  try {
    localStorage.setItem("fontSize", size);
  } catch {
    // Storage blocked: the account's setting still applies after sign-in.
  }
}
