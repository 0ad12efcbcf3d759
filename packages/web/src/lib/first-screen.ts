/**
 * index.html may carry copies of two first screens, rendered at build time (first-screen-plugin.ts):
 * the landing page's and /chat's, so that the screen shows before any script has run. public/theme.js
 * marks <html> with the one this visit matches (the landing page without a kept session, or /chat
 * with one; the light theme, English); otherwise styles.css hides them. While one shows, the app
 * renders behind it, hidden, and replaces it in one frame once its own first screen is complete.
 */
export const FIRST_SCREEN_IDS = { landing: "first-screen", chat: "first-screen-chat" } as const;

/** Removes the prerendered copies; the app's own render, hidden behind them until now, shows in the same frame. */
export function dropFirstScreen() {
  for (const id of Object.values(FIRST_SCREEN_IDS)) document.getElementById(id)?.remove();
}

const shown = () => document.documentElement.dataset.firstScreen;

/**
 * At start, a copy this visit does not show goes at once: hidden, it would still hold the first
 * element of each SVG gradient id the logo refers to, and a hidden gradient paints nothing.
 */
export function dropUnshownFirstScreen() {
  for (const [screen, id] of Object.entries(FIRST_SCREEN_IDS)) if (shown() !== screen) document.getElementById(id)?.remove();
}
