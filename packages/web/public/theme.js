/* global document, localStorage */
// Apply the saved theme, font size and language before the first paint, so dark mode never
// flashes light and text never jumps size. A file, not an inline script: the
// Content-Security-Policy allows no inline script.
try {
  const root = document.documentElement;
  if (localStorage.getItem("theme") === "dark") root.classList.add("dark");
  const fontSize = localStorage.getItem("fontSize");
  if (fontSize === "small" || fontSize === "large") root.dataset.fontSize = fontSize;
  const language = localStorage.getItem("language");
  if (language) root.lang = language;
} catch {
  // Storage blocked (private mode): the app applies them once it starts.
}
