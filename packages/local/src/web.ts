import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const webRoot = join(repoRoot, "packages", "web");

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The web app on `port`, with /api proxied to the gateway. "dev" is Vite's dev
 * server (hot reload); "preview" builds once and serves the build, as the tests do.
 */
export async function startWeb(options: {
  mode: "dev" | "preview";
  port: number;
  gatewayUrl: string;
  authEmulatorUrl: string;
  outDir?: string;
}): Promise<WebServer> {
  if (!existsSync(join(webRoot, "vite.config.ts"))) throw new Error(`No web app found at ${webRoot}`);
  const vite = await import("vite");
  process.env.GATEWAY_URL = options.gatewayUrl;
  process.env.WEB_PORT = String(options.port);
  process.env.VITE_AUTH_EMULATOR_URL = options.authEmulatorUrl;
  const shared = { root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "warn" as const };
  const server = { port: options.port, host: "127.0.0.1", strictPort: true, proxy: { "/api": options.gatewayUrl } };
  if (options.mode === "dev") {
    const dev = await vite.createServer({ ...shared, server });
    await dev.listen();
    return { url: `http://127.0.0.1:${options.port}`, close: () => dev.close() };
  }
  const outDir = options.outDir ?? join(webRoot, "dist");
  await vite.build({ ...shared, build: { outDir, emptyOutDir: true } });
  const preview = await vite.preview({ ...shared, build: { outDir }, preview: server });
  return {
    url: `http://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve) => preview.httpServer.close(() => resolve())),
  };
}
