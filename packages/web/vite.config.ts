import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { contentSecurityPolicy, SECURITY_HEADERS } from "./src/lib/content-security-policy.ts";
import { prerenderFirstScreen } from "./first-screen-plugin.ts";

/** The web package's folder, so the config works whatever the caller's cwd (the local stack runs from the repo root). */
export const webRoot = fileURLToPath(new URL(".", import.meta.url));
const src = fileURLToPath(new URL("./src", import.meta.url));

const port = Number(process.env.WEB_PORT ?? 5173);
// The browser only ever talks to its own origin; Vite forwards /api to the gateway (no CORS locally).
const proxy = {
  "/api": { target: process.env.GATEWAY_URL ?? "http://127.0.0.1:3000", changeOrigin: false },
};

/** The local stand-ins the browser reaches directly: the Auth Emulator and s3rver (presigned uploads and views). */
const originOf = (url: string) => new URL(url).origin;
const authEmulator = originOf(process.env.VITE_AUTH_EMULATOR_URL || "http://127.0.0.1:9099");
const storage = originOf(process.env.S3_PUBLIC_ENDPOINT || process.env.S3_ENDPOINT || `http://127.0.0.1:${process.env.S3_PORT ?? 4569}`);
const localPolicy = { storage: [storage], authFrame: authEmulator, authEmulator };
// The dev server adds React Fast Refresh's inline preamble and a hot-reload socket; allow exactly those.
const refreshPreamble = `'sha256-${createHash("sha256").update(react.preambleCode.replace("__BASE__", "/")).digest("base64")}'`;
const devPolicy = contentSecurityPolicy({ ...localPolicy, hmr: `ws://127.0.0.1:${port}`, devScriptHashes: [refreshPreamble] });
/** What `vite preview` (the built site, as tests run it) sends: the deployed site's policy with local origins. */
const previewPolicy = contentSecurityPolicy(localPolicy);

export const config: UserConfig = {
  root: webRoot,
  envDir: webRoot,
  plugins: [
    // Must come before react(): it turns each route file into a lazily loaded chunk,
    // so the landing page never downloads the chat or projects code.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // A loader only starts its screen's queries: it travels in the screen's chunk, not the entry one.
      codeSplittingOptions: { defaultBehavior: [["loader", "component"], ["errorComponent"], ["notFoundComponent"]] },
      routesDirectory: `${src}/routes`,
      generatedRouteTree: `${src}/routeTree.gen.ts`,
      quoteStyle: "double",
      // Its scratch files default to <cwd>/.tanstack; keep them out of the repo root.
      tmpDir: fileURLToPath(new URL("./node_modules/.tanstack/tmp", import.meta.url)),
    }),
    react(),
    tailwindcss(),
    prerenderFirstScreen(),
  ],
  resolve: { alias: { "@": src } },
  server: { host: "127.0.0.1", port, strictPort: true, proxy, headers: { ...SECURITY_HEADERS, "Content-Security-Policy": devPolicy } },
  preview: { host: "127.0.0.1", port, strictPort: true, proxy, headers: { ...SECURITY_HEADERS, "Content-Security-Policy": previewPolicy } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // A translation catalog is named after its language and namespace ("texts-de-chat"), never
    // after the namespace alone: "chat-….js" is the chat screen's code, and a test tells them apart.
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const catalog = chunk.facadeModuleId?.match(/\/locales\/([\w-]+)\/([\w-]+)\.json$/);
          return catalog ? `assets/texts-${catalog[1]}-${catalog[2]}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
};

export default defineConfig(config);
