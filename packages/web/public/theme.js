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
  // The landing screen prerendered into index.html shows only where the app renders the same
  // (src/lib/first-screen.ts): "/", no kept session, light theme, English.
  const browserLanguage = (navigator.languages?.[0] ?? navigator.language ?? "").split("-")[0].toLowerCase();
  if (location.pathname === "/" && !dark && (language || browserLanguage) === "en" && localStorage.getItem("session") !== "1") {
    root.dataset.firstScreen = "landing";
  }
} catch {
  // Storage blocked (private mode): the app applies them once it starts.
}
