import { fileURLToPath } from "node:url";
import { runnerImport, type Plugin } from "vite";
import { FIRST_SCREEN_IDS } from "./src/lib/first-screen.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const src = fileURLToPath(new URL("./src", import.meta.url));

/** The tags Vite writes for the app's code, each on a line of its own: the entry script and the chunks it preloads. */
const APP_SCRIPT_TAGS = /^[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n/gm;
const PRE_PAINT_SCRIPT = '<script src="/theme.js"></script>';
/** The template holding those tags, inert; public/theme.js names it too. */
const APP_SCRIPTS_ID = "app-scripts";

/**
 * A copy's own SVG gradient ids: until the app drops the copy a visit does not show, both are in
 * the page, and a reference to an id finds the first element that has it, hidden or not.
 */
function ownGradients(markup: string, suffix: string): string {
  const ids = [...markup.matchAll(/<(?:linear|radial)Gradient id="([^"]+)"/g)].map((m) => m[1]!);
  return ids.reduce(
    (out, id) => out.replaceAll(`id="${id}"`, `id="${id}-${suffix}"`).replaceAll(`url(#${id})`, `url(#${id}-${suffix})`),
    markup,
  );
}

/**
 * Puts the landing page's first screen and /chat's into the built index.html, before the app's
 * root: the largest thing on the screen a visit opens is then painted as soon as the HTML and the
 * CSS are in, not after the scripts, the router, the session and the texts. Inert and hidden from
 * assistive technology, since nothing in it works yet; the app replaces it (src/lib/first-screen.ts).
 * No script is added: the CSP stays strict. The app's code no longer paints that screen, so its tags wait, inert, in a template
 * that the pre-paint script (public/theme.js) turns into real ones once that screen's first
 * contentful paint is reported: until then nothing competes with what paints it. A visit that
 * does not show the copy (src/lib/first-screen.ts), a hidden tab (it paints nothing until shown)
 * and a browser without paint timing start the app at once.
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
        const appTags = html.match(APP_SCRIPT_TAGS)?.map((line) => line.trim()) ?? [];
        if (!appTags.some((tag) => tag.startsWith("<script")))
          throw new Error("index.html has no module script to start after the first paint");
        if (!html.includes(PRE_PAINT_SCRIPT)) throw new Error(`index.html has no ${PRE_PAINT_SCRIPT} to start the app`);
        // Before the pre-paint script, which reads it as it runs.
        const template = `<template id="${APP_SCRIPTS_ID}">${appTags.join("")}</template>`;
        const copy = (id: string, markup: string) => `<div id="${id}" aria-hidden="true" inert>${markup}</div>`;
        const landing = copy(FIRST_SCREEN_IDS.landing, await module.renderFirstScreen());
        const chat = copy(FIRST_SCREEN_IDS.chat, ownGradients(await module.renderChatFirstScreen(), "chat"));
        return html
          .replace(APP_SCRIPT_TAGS, "")
          .replace(PRE_PAINT_SCRIPT, `${template}\n    ${PRE_PAINT_SCRIPT}`)
          .replace(root, `${landing}\n    ${chat}\n    ${root}`);
      },
    },
  };
}
