import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { CHECK_ACCOUNT_PER_IP } from "@quorum/core/ratelimit/index";
import { callFrom, newLoopbackIp } from "@quorum/local/testing";
import { DIRECT_ACCESS_REFUSED } from "../http/origin";
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from "../http/origin-headers";
import { checkAccount } from "./auth";

/** Issue 26, point 4: per-IP limits count the client, and the API cannot be reached around the site. */

const probe = (ip: string, headers: Record<string, string> = {}) =>
  callFrom(ip, undefined, "POST", "/api/auth/check-account", { email: `probe-${randomUUID()}@example.com` }, headers);

/** A request as it reaches the function without the site's CloudFront in front (its execute-api URL). */
function directEvent(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "POST /api/auth/check-account",
    rawPath: "/api/auth/check-account",
    rawQueryString: "",
    headers: { "content-type": "application/json", ...headers },
    requestContext: { http: { method: "POST", path: "/api/auth/check-account", sourceIp: "198.51.100.9" } },
    body: JSON.stringify({ email: `probe-${randomUUID()}@example.com` }),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

describe("the client's address", () => {
  it("a client cannot pick the address it is counted under by sending CloudFront-Viewer-Address itself", async () => {
    const ip = newLoopbackIp();
    for (let i = 0; i < CHECK_ACCOUNT_PER_IP.max; i++)
      expect((await probe(ip, { [VIEWER_ADDRESS_HEADER]: `203.0.113.${i}:443` })).status).toBe(200);
    expect((await probe(ip, { [VIEWER_ADDRESS_HEADER]: "198.51.100.77:443" })).status).toBe(429);
  });

  it("a request without the site's origin header (the API's own endpoint, called directly) is refused", async () => {
    expect(process.env.ORIGIN_SECRET, "the local stack sets an origin secret").toBeTruthy();
    const bare = (await checkAccount(directEvent({}))) as APIGatewayProxyStructuredResultV2;
    expect(bare.statusCode).toBe(403);
    expect(JSON.parse(bare.body!)).toEqual({ error: DIRECT_ACCESS_REFUSED });
    const guessed = (await checkAccount(directEvent({ [ORIGIN_HEADER]: "x".repeat(32) }))) as APIGatewayProxyStructuredResultV2;
    expect(guessed.statusCode).toBe(403);
  });

  it("behind the site, the viewer's address from CloudFront is what counts", async () => {
    const viewer = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const headers = { [ORIGIN_HEADER]: process.env.ORIGIN_SECRET!, [VIEWER_ADDRESS_HEADER]: `${viewer}:51234` };
    for (let i = 0; i < CHECK_ACCOUNT_PER_IP.max; i++) {
      const res = (await checkAccount(directEvent(headers))) as APIGatewayProxyStructuredResultV2;
      expect(res.statusCode).toBe(200);
    }
    const refused = (await checkAccount(directEvent(headers))) as APIGatewayProxyStructuredResultV2;
    expect(refused.statusCode).toBe(429);
    // Another viewer behind the same edge server (same sourceIp) has its own count.
    const other = { ...headers, [VIEWER_ADDRESS_HEADER]: `2001:db8:${Math.floor(Math.random() * 9999)}::1:443` };
    expect(((await checkAccount(directEvent(other))) as APIGatewayProxyStructuredResultV2).statusCode).toBe(200);
  });
});
