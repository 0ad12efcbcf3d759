import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiJson, apiRequest, queryClient } from "./api";

/** A tiny server that answers what each test path asks for and echoes what it received. */
let server: Server;
let base = "";
const seen: { method?: string; url?: string; contentType?: string; body?: string }[] = [];

function read(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ method: req.method, url: req.url, contentType: req.headers["content-type"], body });
    if (req.url === "/api/missing") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Project not found" }));
    } else if (req.url === "/api/empty-error") {
      res.writeHead(401, "Unauthorized").end();
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, path: req.url }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the network helper", () => {
  it("sends a body as JSON with a JSON content type", async () => {
    await apiRequest("POST", `${base}/api/things`, { name: "Quote" });
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.contentType).toBe("application/json");
    expect(JSON.parse(last.body!)).toEqual({ name: "Quote" });
  });

  it("sends no content type without a body", async () => {
    await apiRequest("DELETE", `${base}/api/things/1`);
    expect(seen.at(-1)!.contentType).toBeUndefined();
  });

  it("raises a non-OK answer as '<status>: <body text>'", async () => {
    const error = await apiRequest("GET", `${base}/api/missing`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"Project not found"}');
    expect((error as ApiError).detail).toBe("Project not found");
  });

  it("uses the status text when the body is empty, and raises a 401 too", async () => {
    await expect(apiJson("GET", `${base}/api/empty-error`)).rejects.toThrow("401: Unauthorized");
  });
});

describe("the query client defaults", () => {
  it("never refetches on focus, never goes stale and never retries", () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
