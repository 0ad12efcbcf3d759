import { fileURLToPath } from "node:url";
import { runnerImport, type Plugin } from "vite";
import { FIRST_SCREEN_ID } from "./src/lib/first-screen.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const src = fileURLToPath(new URL("./src", import.meta.url));

/** The tags Vite writes for the app's code: the entry script and the chunks it preloads. */
const APP_SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?=\s)/g;

/**
 * Puts the landing page's first screen into the built index.html, before the app's root: the
 * largest thing on it is then painted as soon as the HTML and the CSS are in, not after the
 * scripts, the router and the texts. Inert and hidden from assistive technology, since nothing in
 * it works yet; the app replaces it (src/lib/first-screen.ts). No script is added: the CSP stays
 * strict. The app's code no longer paints that screen, so it is fetched at low priority, after
 * what does (the HTML, the stylesheet, the pre-paint script).
 */
export function prerenderFirstScreen(): Plugin {
  return {
    name: "quorum:prerender-first-screen",
    apply: "build",
    transformIndexHtml: {
      // After Vite has written the script and preload tags.
      order: "post",
      async handler(html) {
        const { module } = await runnerImport<typeof import("./src/features/landing/prerender.tsx")>(
          `${src}/features/landing/prerender.tsx`,
          { configFile: false, root: webRoot, envDir: webRoot, logLevel: "error", resolve: { alias: { "@": src } } },
        );
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html has no ${root} to put the first screen before`);
        if (html.search(APP_SCRIPT_TAGS) < 0) throw new Error("index.html has no module script to fetch at low priority");
        const copy = `<div id="${FIRST_SCREEN_ID}" aria-hidden="true" inert>${await module.renderFirstScreen()}</div>`;
        return html.replace(APP_SCRIPT_TAGS, '<$1 fetchpriority="low"').replace(root, `${copy}\n    ${root}`);
      },
    },
  };
}
