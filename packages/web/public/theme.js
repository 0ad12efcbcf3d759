/* global document, localStorage */
// Apply the saved theme before the first paint so dark mode never flashes light.
// A file, not an inline script: the Content-Security-Policy allows no inline script.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch {
  // Storage blocked (private mode): the app applies the theme once it starts.
}
