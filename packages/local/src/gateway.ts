import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from "@quorum/functions/http/origin-headers";
import { parseHandler, parseRouteKey, routes, type RouteEntry } from "@quorum/functions/routes";

type StreamingHandler = (event: APIGatewayProxyEventV2, responseStream: ServerResponse, context: Context) => Promise<void>;
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway's own limits: what would fail on AWS fails here too. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** ...and Lambda's: a synchronous invocation's event stops at 6 MB, whatever the gateway took. */
export const MAX_LAMBDA_PAYLOAD_BYTES = 6 * 1024 * 1024;
export const TIMEOUT_MS = 30_000;

interface CompiledRoute {
  routeKey: string;
  method: string;
  pattern: RegExp;
  params: string[];
  entry: RouteEntry;
}

function compile(table: Record<string, RouteEntry>): CompiledRoute[] {
  const compiled = Object.entries(table).map(([routeKey, entry]) => {
    const { method, path } = parseRouteKey(routeKey);
    const params: string[] = [];
    const source = path
      .split("/")
      .map((segment) => {
        const m = /^\{(\w+)\+?\}$/.exec(segment);
        if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        params.push(m[1]!);
        return segment.endsWith("+}") ? "(.+)" : "([^/]+)";
      })
      .join("/");
    return { routeKey, method, pattern: new RegExp(`^${source}$`), params, entry };
  });
  // API Gateway prefers the most specific route: literal segments before parameters.
  return compiled.sort(
    (a, b) => b.pattern.source.replace(/\(\[\^\/\]\+\)/g, "").length - a.pattern.source.replace(/\(\[\^\/\]\+\)/g, "").length,
  );
}

/** As API Gateway reports it: the peer's address, IPv4 without the IPv6-mapped prefix (rate limits key on it). */
function sourceIpOf(req: IncomingMessage) {
  return (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
}

const TEXT_TYPES = /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|[^;]*\+json|[^;]*\+xml)/i;

function toEvent(req: IncomingMessage, url: URL, route: CompiledRoute, match: RegExpExecArray, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!;
    headers[name] = headers[name] ? `${headers[name]},${value}` : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] !== undefined ? `${query[k]},${v}` : v;
  const pathParameters: Record<string, string> = {};
  route.params.forEach((name, i) => (pathParameters[name] = decodeURIComponent(match[i + 1]!)));
  const contentType = headers["content-type"] ?? "";
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  // As the site's CloudFront does: the origin secret, and the viewer's address written by the
  // edge itself (a client's own "CloudFront-Viewer-Address" is overwritten, never trusted).
  const originSecret = process.env.ORIGIN_SECRET;
  if (originSecret) {
    headers[ORIGIN_HEADER] = originSecret;
    headers[VIEWER_ADDRESS_HEADER] = `${sourceIpOf(req)}:${req.socket.remotePort ?? 0}`;
  }
  const { cookie, ...otherHeaders } = headers;
  return {
    version: "2.0",
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookie ? cookie.split(/;\s*/) : undefined,
    headers: otherHeaders,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: route.params.length ? pathParameters : undefined,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: (headers.host ?? "127").split(".")[0]!,
      http: {
        method: req.method!,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: sourceIpOf(req),
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: route.routeKey,
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? body.toString(isText ? "utf8" : "base64") : undefined,
    isBase64Encoded: !isText,
  };
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res.writeHead(status, { "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** API Gateway's rules for a Lambda's answer under payload format 2.0. */
function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2) {
  if (typeof result === "string" || !result || typeof result !== "object" || !("statusCode" in result)) {
    return send(res, 200, typeof result === "string" ? result : JSON.stringify(result), { "content-type": "application/json" });
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const body = r.body === undefined ? "" : Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8");
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (r.cookies?.length) headers["set-cookie"] = r.cookies;
  if (res.headersSent) return;
  res.writeHead(r.statusCode ?? 200, { "content-length": body.length, ...headers });
  res.end(body);
}

const message = (text: string) => JSON.stringify({ message: text });

/**
 * The local stack's one control outside the route table (no deployed stage has it): a test sets
 * how fast the offline model types for one user, `PUT {"userId", "pace"}` with a pause in ms
 * between pieces, "hold" (nothing more until the pace changes) or null (the default again).
 */
const OFFLINE_PACE_PATH = "/__local/offline-pace";

async function offlinePace(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const { userId, pace } = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { userId?: unknown; pace?: unknown };
  const valid = pace === null || pace === "hold" || (typeof pace === "number" && pace >= 0 && pace <= 60_000);
  if (req.method !== "PUT" || typeof userId !== "string" || !valid) {
    return send(res, 400, JSON.stringify({ error: 'PUT {"userId": string, "pace": ms | "hold" | null}' }), {
      "content-type": "application/json",
    });
  }
  const { setOfflinePace } = await import("@quorum/core/ai/offline");
  setOfflinePace(userId, pace);
  send(res, 204, "");
}

export interface Gateway {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The local API Gateway: dispatches by the same route table as infra/api.ts and
 * calls the same handlers with the event a Lambda would receive.
 */
export async function startGateway(options: { port: number; host?: string; table?: Record<string, RouteEntry> }): Promise<Gateway> {
  const compiled = compile(options.table ?? routes);
  const modules = new Map<string, Promise<Record<string, LambdaHandler>>>();
  const load = (entry: RouteEntry) => {
    const { module, exportName } = parseHandler(entry.handler);
    let loaded = modules.get(module);
    if (!loaded) {
      loaded = import(`@quorum/functions/${module}`);
      modules.set(module, loaded);
    }
    return loaded.then((m) => {
      const handler = m[exportName];
      if (typeof handler !== "function") throw new Error(`${entry.handler} is not exported`);
      return handler;
    });
  };

  /**
   * Lambda response streaming, as behind the site's CloudFront: the function writes
   * its answer to the response as it goes, within its own timeout (no 30 s gateway).
   * A browser that leaves closes only the connection; the function runs to its end.
   */
  const streamed = async (entry: RouteEntry, event: APIGatewayProxyEventV2, res: ServerResponse) => {
    const timeoutMs = (entry.timeout ?? 30) * 1000;
    const context = { awsRequestId: event.requestContext.requestId, getRemainingTimeInMillis: () => timeoutMs } as Context;
    const timer = setTimeout(() => {
      if (!res.headersSent) send(res, 502, message("Internal Server Error"), { "content-type": "application/json" });
      else res.end();
    }, timeoutMs);
    try {
      const handler = (await load(entry)) as unknown as StreamingHandler;
      await handler(event, res, context);
    } catch (error) {
      console.error(`[gateway] ${event.routeKey} threw`, error);
      if (!res.headersSent) send(res, 502, message("Internal Server Error"), { "content-type": "application/json" });
      else res.end();
    } finally {
      clearTimeout(timer);
    }
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    if (url.pathname === OFFLINE_PACE_PATH) return offlinePace(req, res);
    const candidates = compiled.filter((r) => r.pattern.test(url.pathname));
    const route = candidates.find((r) => r.method === req.method || r.method === "ANY");
    if (!route) {
      req.resume();
      return send(res, 404, message("Not Found"), { "content-type": "application/json" });
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        break;
      }
      chunks.push(chunk as Buffer);
    }
    if (tooLarge) {
      send(res, 413, message("Request Entity Too Large"), { "content-type": "application/json", connection: "close" });
      req.destroy();
      return;
    }

    const event = toEvent(req, url, route, route.pattern.exec(url.pathname)!, Buffer.concat(chunks));
    if (Buffer.byteLength(JSON.stringify(event)) > MAX_LAMBDA_PAYLOAD_BYTES) {
      return send(res, 413, message("Request Entity Too Large"), { "content-type": "application/json" });
    }
    if (route.entry.stream) return streamed(route.entry, event, res);
    const timeoutMs = Math.min((route.entry.timeout ?? 30) * 1000, TIMEOUT_MS);
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await load(route.entry);
      const context = { awsRequestId: event.requestContext.requestId, getRemainingTimeInMillis: () => timeoutMs } as Context;
      const result = await Promise.race([
        handler(event, context),
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs))),
      ]);
      if (result === "timeout") return send(res, 503, message("Service Unavailable"), { "content-type": "application/json" });
      writeResult(res, result);
    } catch (error) {
      // A Lambda that throws is a 500 "Internal Server Error" at API Gateway.
      console.error(`[gateway] ${route.routeKey} threw`, error);
      send(res, 500, message("Internal Server Error"), { "content-type": "application/json" });
    } finally {
      clearTimeout(timer);
    }
  });
  server.keepAliveTimeout = 60_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  return {
    server,
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
