import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import plugins from "./esbuild-plugins.mjs";

const BRIDGE = ".sst/platform/functions/nodejs-runtime/plugin.mjs";

/** A module's bundle as a Lambda's is built, with the plugins, kept in memory. */
const bundleOf = (contents: string, banner?: string) =>
  build({
    banner: banner ? { js: banner } : undefined,
    stdin: { contents, resolveDir: "." },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    plugins,
    logLevel: "error",
  });

describe("the esbuild plugins every Lambda bundle is built with", () => {
  it("leave zod's locales out but keep its English messages", async () => {
    const result = await bundleOf('import { z } from "zod"; export const parse = (v) => z.object({ a: z.string() }).safeParse(v);');
    const locales = Object.keys(result.metafile.inputs).filter((file) => /zod\/v4\/locales\//.test(file));
    expect(locales.map((file) => file.split("/").pop())).toEqual(["en.js"]);
  });

  it("leave nodemailer out: a bundle that would send over SMTP says Lambda mails through SES", async () => {
    const result = await bundleOf('import { createTransport } from "nodemailer"; export const smtp = () => createTransport("smtp://x");');
    expect(Object.keys(result.metafile.inputs).filter((file) => file.includes("node_modules/nodemailer"))).toEqual([]);
    const bundled = (await import(`data:text/javascript,${encodeURIComponent(result.outputFiles[0]!.text)}`)) as { smtp: () => unknown };
    expect(() => bundled.smtp()).toThrow(/sends mail through SES/);
  });

  it("give node-fetch Node's own URL instead of whatwg-url's Unicode tables, and leave whatwg-url to anyone else", async () => {
    const fetch = await bundleOf('import fetch from "node-fetch"; export default fetch;');
    expect(Object.keys(fetch.metafile.inputs).filter((file) => /node_modules\/(whatwg-url|tr46)\//.test(file))).toEqual([]);
    const direct = await bundleOf('import { URL } from "whatwg-url"; export default URL;');
    expect(Object.keys(direct.metafile.inputs).some((file) => file.includes("node_modules/whatwg-url/"))).toBe(true);
  });

  it("leave form-data's MIME table out, its multipart bodies still built, and leave the table to anyone else", async () => {
    const result = await bundleOf(
      'import FormData from "form-data"; export const body = () => { const f = new FormData(); f.append("file", Buffer.from("x"), { filename: "a.png" }); return f.getBuffer().toString(); };',
      // form-data requires Node's modules, as SST's banner lets a Lambda bundle do
      `import { createRequire } from "module"; const require = createRequire(${JSON.stringify(`${process.cwd()}/`)});`,
    );
    expect(Object.keys(result.metafile.inputs).filter((file) => /node_modules\/mime-db\//.test(file))).toEqual([]);
    const bundled = (await import(`data:text/javascript,${encodeURIComponent(result.outputFiles[0]!.text)}`)) as { body: () => string };
    expect(bundled.body()).toMatch(/filename="a\.png"\r\nContent-Type: application\/octet-stream\r\n\r\nx/);
    const direct = await bundleOf('import { lookup } from "mime-types"; export default lookup;');
    expect(Object.keys(direct.metafile.inputs).some((file) => file.includes("node_modules/mime-db/"))).toBe(true);
  });

  it.runIf(existsSync(BRIDGE))("work through SST's plugin bridge, which tests no filter the way esbuild does", () => {
    const messages = [
      { id: 1, command: "resolve", value: { path: "../locales/index.js", importer: "/x/node_modules/zod/v4/core/index.js" } },
      { id: 2, command: "resolve", value: { path: "./other.js", importer: "/x/src/a.js" } },
      { id: 3, command: "load", value: { path: "zod-locales", namespace: "zod-without-locales" } },
      { id: 4, command: "resolve", value: { path: "nodemailer", importer: "/x/packages/core/src/notify/mailer.ts" } },
      { id: 5, command: "load", value: { path: "nodemailer", namespace: "lambda-without-smtp" } },
      { id: 6, command: "resolve", value: { path: "whatwg-url", importer: "/x/node_modules/node-fetch/lib/index.mjs" } },
      { id: 7, command: "load", value: { path: "whatwg-url", namespace: "node-fetch-with-node-url" } },
      { id: 8, command: "resolve", value: { path: "mime-types", importer: "/x/node_modules/form-data/lib/form_data.js" } },
      { id: 9, command: "load", value: { path: "mime-types", namespace: "form-data-without-mime-table" } },
    ];
    const run = spawnSync("node", [BRIDGE, `${process.cwd()}/infra/esbuild-plugins.mjs`], {
      input: messages.map((m) => JSON.stringify(m)).join("\n") + "\n",
      encoding: "utf8",
      timeout: 10_000,
    });
    const replies = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; value: Record<string, unknown> });
    expect(replies.find((r) => r.id === 1)?.value).toEqual({ path: "zod-locales", namespace: "zod-without-locales" });
    expect(replies.find((r) => r.id === 2)?.value).toEqual({});
    expect(replies.find((r) => r.id === 3)?.value).toEqual({ contents: "export {};", loader: "js" });
    expect(replies.find((r) => r.id === 4)?.value).toEqual({ path: "nodemailer", namespace: "lambda-without-smtp" });
    expect(replies.find((r) => r.id === 5)?.value).toMatchObject({ loader: "js" });
    expect(replies.find((r) => r.id === 6)?.value).toEqual({ path: "whatwg-url", namespace: "node-fetch-with-node-url" });
    expect(replies.find((r) => r.id === 7)?.value).toEqual({ contents: "export default { URL: globalThis.URL };", loader: "js" });
    expect(replies.find((r) => r.id === 8)?.value).toEqual({ path: "mime-types", namespace: "form-data-without-mime-table" });
    expect(replies.find((r) => r.id === 9)?.value).toMatchObject({ loader: "js" });
  });
});
