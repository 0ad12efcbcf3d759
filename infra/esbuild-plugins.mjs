// esbuild plugins for every Lambda bundle: SST 4.17 loads this file (`nodejs.plugins`) and so
// does `npm run check:lambda`. Plain JavaScript: SST runs it with node, without a TypeScript loader.
//
// SST's bridge (platform/functions/nodejs-runtime/plugin.mjs) tests each filter against a field
// it does not send (the string "undefined") and ignores `namespace`: only a filter like /.*/ ever
// fires there, so every callback takes /.*/ and checks its arguments itself.

const NAMESPACE = "zod-without-locales";

/**
 * zod's `z` namespace re-exports all 40-odd of its locales (`z.locales`, `z.core.locales`), about 260 KB of a minified
 * bundle that every function would parse at each cold start. The product only speaks zod's default
 * English, which zod registers from its own `locales/en.js` (kept), so `z.locales` becomes empty.
 */
const zodWithoutLocales = {
  name: NAMESPACE,
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.path !== "../locales/index.js" || !/[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer)) return undefined;
      return { path: "zod-locales", namespace: NAMESPACE };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) =>
      args.namespace === NAMESPACE ? { contents: "export {};", loader: "js" } : undefined,
    );
  },
};

/**
 * A plugin that bundles `contents` in place of the package `name`, wherever it is imported or, with
 * `importer`, only where a matching file imports it (anyone else keeps the package).
 */
const replacing = (namespace, name, contents, importer) => ({
  name: namespace,
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.path === name && (!importer || importer.test(args.importer ?? "")) ? { path: name, namespace } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace }, (args) => (args.namespace === namespace ? { contents, loader: "js" } : undefined));
  },
});

/**
 * Lambda sends mail through SES (infra sets MAIL_TRANSPORT=ses); SMTP is the local stack's mail
 * catcher. nodemailer, its transport, is about 240 KB of every mailing function's bundle, so the
 * bundles get a createTransport that says so instead of sending nowhere.
 */
const SMTP_IN_LAMBDA = "SMTP is the local stack's mail transport: a Lambda function sends mail through SES (MAIL_TRANSPORT=ses)";
const withoutSmtp = replacing(
  "lambda-without-smtp",
  "nodemailer",
  `export function createTransport() { throw new Error(${JSON.stringify(SMTP_IN_LAMBDA)}); }`,
);

/**
 * node-fetch 2 (jsforce's HTTP client) takes `URL` from Node's url module and falls back to the
 * whatwg-url package only where Node has none, which no Lambda runtime is. That fallback is about
 * 280 KB (tr46's Unicode tables) of the Salesforce function's cold start: the bundles get Node's own.
 */
const nodeFetchWithNodeUrl = replacing(
  "node-fetch-with-node-url",
  "whatwg-url",
  "export default { URL: globalThis.URL };",
  /[\\/]node-fetch[\\/]/,
);

/**
 * form-data (jsforce's multipart body, built only for a record sent with `multipartFileFields`,
 * which Quorum never sends) guesses a part's type from its file name through mime-types, whose
 * table (mime-db) is about 135 KB of the Salesforce function's cold start. Its lookup answers
 * "unknown" instead, as mime-types does for a name it does not know, so form-data would use its
 * default type; anyone else's mime-types keeps the table.
 */
const formDataWithoutMimeTable = replacing(
  "form-data-without-mime-table",
  "mime-types",
  "export function lookup() { return false; }",
  /[\\/]form-data[\\/]/,
);

export default [zodWithoutLocales, withoutSmtp, nodeFetchWithNodeUrl, formDataWithoutMimeTable];
