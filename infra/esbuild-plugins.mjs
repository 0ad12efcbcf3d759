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

const SMTP_NAMESPACE = "lambda-without-smtp";

/**
 * Lambda sends mail through SES (infra sets MAIL_TRANSPORT=ses); SMTP is the local stack's mail
 * catcher. nodemailer, its transport, is about 240 KB of every mailing function's bundle, so the
 * bundles get a createTransport that says so instead of sending nowhere.
 */
const SMTP_IN_LAMBDA = "SMTP is the local stack's mail transport: a Lambda function sends mail through SES (MAIL_TRANSPORT=ses)";
const withoutSmtp = {
  name: SMTP_NAMESPACE,
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.path === "nodemailer" ? { path: "nodemailer", namespace: SMTP_NAMESPACE } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: SMTP_NAMESPACE }, (args) =>
      args.namespace === SMTP_NAMESPACE
        ? { contents: `export function createTransport() { throw new Error(${JSON.stringify(SMTP_IN_LAMBDA)}); }`, loader: "js" }
        : undefined,
    );
  },
};

const URL_NAMESPACE = "node-fetch-with-node-url";

/**
 * node-fetch 2 (jsforce's HTTP client) takes `URL` from Node's url module and falls back to the
 * whatwg-url package only where Node has none, which no Lambda runtime is. That fallback is about
 * 280 KB (tr46's Unicode tables) of the Salesforce function's cold start: the bundles get Node's own.
 */
const nodeFetchWithNodeUrl = {
  name: URL_NAMESPACE,
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.path === "whatwg-url" && /[\\/]node-fetch[\\/]/.test(args.importer ?? "")
        ? { path: "whatwg-url", namespace: URL_NAMESPACE }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: URL_NAMESPACE }, (args) =>
      args.namespace === URL_NAMESPACE ? { contents: "export default { URL: globalThis.URL };", loader: "js" } : undefined,
    );
  },
};

export default [zodWithoutLocales, withoutSmtp, nodeFetchWithNodeUrl];
