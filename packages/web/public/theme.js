/* global document, localStorage, location, navigator */
// Apply the saved theme, font size and language before the first paint, so dark mode never
// flashes light and text never jumps size. A file, not an inline script: the
// Content-Security-Policy allows no inline script.
try {
  const root = document.documentElement;
  const dark = localStorage.getItem("theme") === "dark";
  if (dark) root.classList.add("dark");
  const fontSize = localStorage.getItem("fontSize");
  if (fontSize === "small" || fontSize === "large") root.dataset.fontSize = fontSize;
  const language = localStorage.getItem("language");
  if (language) root.lang = language;
  // The built index.html carries the landing page's first screen as a visitor without a kept
  // session reads it in English and the light theme (src/lib/first-screen.ts). It shows only
  // where the app is sure to render the same: otherwise the page would change under the reader.
  const browserLanguage = (navigator.languages?.[0] ?? navigator.language ?? "").toLowerCase().split("-")[0];
  const english = language ? language === "en" : browserLanguage === "en";
  if (location.pathname === "/" && !dark && english && localStorage.getItem("session") !== "1") root.dataset.firstScreen = "landing";
} catch {
  // Storage blocked (private mode): the app applies them once it starts.
}
