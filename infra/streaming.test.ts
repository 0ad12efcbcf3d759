import { describe, expect, it } from "vitest";
import { parseRouteKey, pathParametersOf, pathPatternOf, routes, type RouteEntry } from "../packages/functions/src/routes";

/** The streamed answers' routes, as infra/api.ts and infra/web.ts build them from the route table. */
const entries = Object.entries(routes) as [string, RouteEntry][];
const streamed = entries.filter(([, e]) => e.stream);

/** CloudFront's path patterns: * matches any characters, everything else itself. */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(path);

describe("streamed routes in the cloud", () => {
  it("every chat answer streams, and so does reading one being written, with a timeout beyond the HTTP API's 30 s", () => {
    expect(streamed.map(([key]) => key).sort()).toEqual([
      "GET /api/conversations/{id}/messages/{messageId}/stream",
      "GET /api/projects-conversations/{id}/messages/{messageId}/stream",
      "POST /api/chat",
      "POST /api/conversations/{id}/messages/{messageId}/edit",
      "POST /api/conversations/{id}/messages/{messageId}/regenerate",
      "POST /api/projects-chat",
      "POST /api/projects/{id}/chat",
    ]);
    for (const [, entry] of streamed) expect(entry.timeout).toBeGreaterThan(300);
  });

  it("each streamed route's CloudFront path pattern catches no other route of the table", () => {
    for (const [key] of streamed) {
      const pattern = pathPatternOf(key);
      const examplePath = parseRouteKey(key).path.replace(/\{\w+\}/g, "12");
      expect(matches(pattern, examplePath)).toBe(true);
      const others = entries.filter(([k]) => parseRouteKey(k).path !== parseRouteKey(key).path);
      for (const [other] of others) expect(matches(pattern, parseRouteKey(other).path.replace(/\{\w+\}/g, "12")), other).toBe(false);
    }
  });

  it("a function URL's path gives the route's path parameters back", () => {
    expect(pathParametersOf("POST /api/projects/{id}/chat", "/api/projects/12/chat")).toEqual({ id: "12" });
    expect(pathParametersOf("POST /api/chat", "/api/chat")).toBeUndefined();
    expect(
      pathParametersOf("GET /api/conversations/{id}/messages/{messageId}/stream", "/api/conversations/c-1/messages/17/stream"),
    ).toEqual({
      id: "c-1",
      messageId: "17",
    });
  });
});
