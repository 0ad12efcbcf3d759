/**
 * `npm run bench:bundle`: what a first visit downloads before the landing page can paint. Builds
 * the web app into a scratch folder (the stack's own build is left alone), then sums the gzip size
 * of every script the built index.html loads or modulepreloads. Exits 1 above the budget, so a
 * change that makes the first visit heavier fails CI (`npm run lint` runs this).
 *
 *   --all   also list the lazily loaded chunks (largest first), to see what moved out
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "vite";

/** The most gzip JavaScript the landing page's HTML may load or preload. */
const BUDGET_BYTES = 150 * 1024;

const { values: args } = parseArgs({ options: { all: { type: "boolean", default: false } } });

const webRoot = fileURLToPath(new URL("../packages/web", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "quorum-bundle-"));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

/**
 * Every script the HTML names: the entry `<script src>` and each `<link rel="modulepreload" href>`,
 * inside the template public/theme.js starts them from too (they download on every visit, only later).
 */
function initialScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const scripts = tags.filter((tag) => tag.startsWith("<script") || /\brel="modulepreload"/.test(tag));
  return scripts.flatMap((tag) => /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1] ?? []);
}

try {
  await build({
    root: webRoot,
    configFile: join(webRoot, "vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const gzipOf = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
  const initial = initialScripts(html).map((src) => ({ file: src.replace(/^\//, ""), gzip: gzipOf(src.replace(/^\//, "")) }));
  initial.sort((a, b) => b.gzip - a.gzip);
  const total = initial.reduce((sum, s) => sum + s.gzip, 0);

  console.log("Scripts the landing page loads or preloads (gzip):");
  for (const s of initial) console.log(`${kb(s.gzip)}  ${s.file}`);
  if (args.all) {
    const loaded = new Set(initial.map((s) => s.file));
    const lazy = readdirSync(join(outDir, "assets"))
      .filter((f) => f.endsWith(".js") && !loaded.has(`assets/${f}`))
      .map((f) => ({ file: `assets/${f}`, gzip: gzipOf(`assets/${f}`) }))
      .sort((a, b) => b.gzip - a.gzip);
    console.log("\nLoaded later, on demand (gzip):");
    for (const s of lazy) console.log(`${kb(s.gzip)}  ${s.file}`);
  }
  console.log(`\n${kb(total)}  total in ${initial.length} scripts (budget ${kb(BUDGET_BYTES).trim()})`);
  if (total > BUDGET_BYTES) {
    console.error(`The first visit's JavaScript is over budget by ${kb(total - BUDGET_BYTES).trim()}: load the new code lazily.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
