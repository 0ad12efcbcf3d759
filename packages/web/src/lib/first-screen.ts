/**
 * index.html may carry a copy of the landing page's first screen, rendered at build time
 * (first-screen-plugin.ts), so that a visitor sees it before any script has run. public/theme.js
 * marks <html> when this visit is one the copy matches (the landing page, no kept session, the
 * light theme, English); otherwise styles.css hides it. While it shows, the app renders behind it,
 * hidden, and replaces it in one frame once its own first screen is complete.
 */
export const FIRST_SCREEN_ID = "first-screen";

/** Removes the prerendered copy; the app's own render, hidden behind it until now, shows in the same frame. */
export function dropFirstScreen() {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

const shown = () => document.documentElement.dataset.firstScreen === "landing";

/**
 * At start, a copy this visit does not show goes at once: hidden, it would still hold the first
 * element of each SVG gradient id the logo refers to, and a hidden gradient paints nothing.
 */
export function dropUnshownFirstScreen() {
  if (!shown()) dropFirstScreen();
}
