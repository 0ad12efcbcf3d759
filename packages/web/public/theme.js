/* global document, localStorage, location, navigator, PerformanceObserver */
// Saved theme, font size and language before the first paint; then the app's start
// (first-screen-plugin.ts says when). A file: the CSP allows no inline script. Served as written:
// every byte is on the first visit's path, so its reasons live in the plugin.
(() => {
  let firstScreen = false;
  try {
    const root = document.documentElement;
    const dark = localStorage.getItem("theme") === "dark";
    if (dark) root.classList.add("dark");
    const fontSize = localStorage.getItem("fontSize");
    if (fontSize === "small" || fontSize === "large") root.dataset.fontSize = fontSize;
    const language = localStorage.getItem("language");
    if (language) root.lang = language;
    const browserLanguage = (navigator.languages?.[0] ?? navigator.language ?? "").split("-")[0].toLowerCase();
    const kept = localStorage.getItem("session") === "1";
    const screen = location.pathname === "/" && !kept ? "landing" : location.pathname === "/chat" && !location.search && kept ? "chat" : "";
    if (screen && !dark && (language || browserLanguage) === "en") {
      root.dataset.firstScreen = screen;
      firstScreen = true;
    }
  } catch {
    // Storage blocked: the app applies them.
  }

  const appScripts = document.getElementById("app-scripts");
  if (!appScripts) return;
  const start = () => {
    for (const tag of appScripts.content.children) {
      const copy = document.createElement(tag.localName);
      for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
      document.head.append(copy);
    }
  };
  if (!firstScreen || document.hidden || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    painted.disconnect();
    start();
  });
  painted.observe({ type: "paint", buffered: true });
})();
