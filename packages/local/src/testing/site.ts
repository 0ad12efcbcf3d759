import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { webUrl } from "./calls";

export interface SiteProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * The stack's site with its `/api` sent to another gateway (one a test started in
 * its own process, e.g. with a fake model whose pace the test sets). Bodies are
 * piped both ways, so streamed answers stream through it as they are written.
 */
export async function siteWithApi(gatewayUrl: string): Promise<SiteProxy> {
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? "/", req.url?.startsWith("/api/") ? gatewayUrl : webUrl());
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
