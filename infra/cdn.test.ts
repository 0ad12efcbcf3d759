import { describe, expect, it } from "vitest";
import { ORIGIN_HEADER } from "../packages/functions/src/http/origin-headers";
import { routes, type RouteEntry } from "../packages/functions/src/routes";
import {
  API_GATEWAY_TIMEOUT_SECONDS,
  API_READ_TIMEOUT_SECONDS,
  functionTimeoutSeconds,
  originSecretInjection,
  withAuthorizationInCacheKey,
  type CacheKeyParameters,
} from "./cdn";

const entries = Object.values(routes) as RouteEntry[];

/** The cache key SST 4.17's Router gives its one behaviour (platform/src/components/aws/router.ts, "ServerCachePolicy"). */
const SST_ROUTER_CACHE_KEY: CacheKeyParameters = {
  cookiesConfig: { cookieBehavior: "none" },
  headersConfig: { headerBehavior: "whitelist", headers: { items: ["x-open-next-cache-key", "x-forwarded-host"] } },
  queryStringsConfig: { queryStringBehavior: "all" },
  enableAcceptEncodingBrotli: true,
  enableAcceptEncodingGzip: true,
};

describe("the site's CloudFront in front of the API", () => {
  it("waits for /api longer than any buffered function runs, and those end before API Gateway's 30 s", () => {
    const buffered = entries.filter((e) => !e.stream).map(functionTimeoutSeconds);
    expect(Math.max(...buffered)).toBeLessThan(API_GATEWAY_TIMEOUT_SECONDS);
    expect(API_READ_TIMEOUT_SECONDS).toBeGreaterThan(API_GATEWAY_TIMEOUT_SECONDS);
    // CloudFront's own ceiling without a quota increase
    expect(API_READ_TIMEOUT_SECONDS).toBeLessThanOrEqual(60);
  });

  it("a streamed answer keeps Lambda's longer timeout", () => {
    expect(functionTimeoutSeconds({ timeout: 660, stream: true })).toBe(660);
    expect(functionTimeoutSeconds({ timeout: 660 })).toBe(29);
  });

  it("forwards Authorization to the API through the cache key, keeping the headers SST keys on", () => {
    const parameters = withAuthorizationInCacheKey(SST_ROUTER_CACHE_KEY);
    expect(parameters.headersConfig).toEqual({
      headerBehavior: "whitelist",
      headers: { items: ["x-open-next-cache-key", "x-forwarded-host", "authorization"] },
    });
    expect(parameters.queryStringsConfig).toEqual(SST_ROUTER_CACHE_KEY.queryStringsConfig);
    // applied twice (a transform re-run), still once
    expect(withAuthorizationInCacheKey(parameters).headersConfig.headers?.items).toEqual(parameters.headersConfig.headers?.items);
  });

  it("a cache key without headers gets Authorization alone", () => {
    expect(withAuthorizationInCacheKey({ headersConfig: { headerBehavior: "none" } }).headersConfig).toEqual({
      headerBehavior: "whitelist",
      headers: { items: ["authorization"] },
    });
  });
});

describe("the origin secret CloudFront adds to API requests", () => {
  it("is set on the forwarded request, over a viewer's own header of that name, whatever characters it holds", () => {
    const secret = `s3cr"et\\'\n${"x".repeat(40)}`;
    const event = { request: { headers: { [ORIGIN_HEADER]: { value: "guessed by a viewer" } } as Record<string, { value: string }> } };
    new Function("event", originSecretInjection(secret))(event);
    expect(event.request.headers[ORIGIN_HEADER]).toEqual({ value: secret });
  });
});
