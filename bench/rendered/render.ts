/**
 * Renders the invented documents of this folder (HTML in the layouts of common invoicing tools,
 * eight languages) to PDF with Debian's Chromium, as their users' software would print them:
 * `node --import tsx bench/rendered/render.ts <out-dir>`. A page's size and orientation come from
 * its `<meta name="pdf-options" content='{"format":"Letter","landscape":true,"margin":"12mm"}'>`.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../../packages/local/src/testing/browser";

const HERE = dirname(fileURLToPath(import.meta.url));

async function renderAll(out: string): Promise<string[]> {
  mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  const rendered: string[] = [];
  try {
    const page = await browser.newPage();
    for (const file of readdirSync(HERE)
      .filter((f) => f.endsWith(".html"))
      .sort()) {
      const html = readFileSync(join(HERE, file), "utf8");
      const options = JSON.parse(/<meta name="pdf-options" content='([^']*)'>/.exec(html)?.[1] ?? "{}") as {
        format?: string;
        landscape?: boolean;
        margin?: string;
      };
      const margin = options.margin ?? "0";
      await page.setContent(html, { waitUntil: "load" });
      const pdf = file.replace(/\.html$/, ".pdf");
      await page.pdf({
        path: join(out, pdf),
        format: options.format ?? "A4",
        landscape: Boolean(options.landscape),
        margin: { top: margin, right: margin, bottom: margin, left: margin },
        printBackground: true,
      });
      rendered.push(pdf);
    }
  } finally {
    await browser.close();
  }
  return rendered;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2];
  if (!out) throw new Error("usage: render.ts <out-dir>");
  await renderAll(out);
}
