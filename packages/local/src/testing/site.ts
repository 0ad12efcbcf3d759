import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Gateway } from "../gateway";
import { webUrl } from "./calls";
import { gatewayWithSettings } from "./model-gateway";

export interface SiteProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * The stack's site with its `/api` sent to another gateway (one a test started in
 * its own process, e.g. with a fake model whose pace the test sets). Bodies are
 * piped both ways, so streamed answers stream through it as they are written.
 * The gateway's address may be a function, read at each request, for a gateway
 * that needs the site's own address before it starts.
 */
export async function siteWithApi(gatewayUrl: string | (() => string)): Promise<SiteProxy> {
  const server = createServer((req, res) => {
    const api = typeof gatewayUrl === "function" ? gatewayUrl() : gatewayUrl;
    const target = new URL(req.url ?? "/", req.url?.startsWith("/api/") ? api : webUrl());
    const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A reader that goes away (a reload) ends the upstream request too, as a browser's would.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A site of the test's own whose API runs with `settings` (a connected app, a fake
 * provider) and whose links back to the site (a sign-in's way back, a mail's link) lead
 * to this site. `close` stops both and puts the settings back.
 */
export async function siteWithSettings(settings: Record<string, string>): Promise<SiteProxy & { gateway: Gateway }> {
  let gatewayUrl = "";
  const site = await siteWithApi(() => gatewayUrl);
  const gateway = await gatewayWithSettings({ ...settings, APP_URL: site.url });
  gatewayUrl = gateway.url;
  return {
    url: site.url,
    gateway,
    close: async () => {
      await site.close();
      await gateway.close();
    },
  };
}
