/* global document, localStorage, location, navigator, PerformanceObserver */
// Applies the saved theme, font size and language before the first paint (no flash of light, no
// jump in size), then starts the app. A file: the CSP allows no inline script. Served as written.
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
    // The prerendered landing screen shows only where the app renders the same (src/lib/first-screen.ts).
    const browserLanguage = (navigator.languages?.[0] ?? navigator.language ?? "").split("-")[0].toLowerCase();
    if (location.pathname === "/" && !dark && (language || browserLanguage) === "en" && localStorage.getItem("session") !== "1") {
      root.dataset.firstScreen = "landing";
      firstScreen = true;
    }
  } catch {
    // Storage blocked (private mode): the app applies them once it starts.
  }

  // The app's tags wait in a template (first-screen-plugin.ts; none on the dev server).
  const appScripts = document.getElementById("app-scripts");
  if (!appScripts) return;
  const start = () => {
    for (const tag of appScripts.content.children) {
      const copy = document.createElement(tag.localName);
      for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
      document.head.append(copy);
    }
  };
  // Fetched once the prerendered screen is painted, or at once (a hidden tab paints nothing).
  if (!firstScreen || document.hidden || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    painted.disconnect();
    start();
  });
  painted.observe({ type: "paint", buffered: true });
})();
