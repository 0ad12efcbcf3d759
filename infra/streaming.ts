import { parseRouteKey, pathPatternOf, routes, type RouteEntry } from "../packages/functions/src/routes";
import { capacityFrom } from "../packages/core/src/ratelimit/limits";
import { functionArgs } from "./route-function";

/** Reserved concurrency of the streaming functions, from the deployer's environment (core's CAPACITY_DEFAULTS). */
const capacity = capacityFrom(process.env);

/**
 * The streaming routes: each its own function (its own least-privilege role) with
 * a function URL. The URL's authorization is NONE because CloudFront's origin
 * access control for Lambda URLs cannot sign a browser's POST body; the handler
 * verifies the Firebase ID token itself, exactly as on every HTTP API route
 * (which has no gateway authorizer either).
 *
 * They are created before the Router (its CloudFront sends their paths to them), so they cannot be
 * given the Router's address: their links use SITE_URL from the deployer's environment.
 */
export const streamingRoutes = (Object.entries(routes) as [string, RouteEntry][])
  .filter(([, entry]) => entry.stream)
  .map(([key, entry]) => {
    const name = `Stream${parseRouteKey(key)
      .path.split(/[^A-Za-z0-9]+/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join("")}`;
    const fn = new sst.aws.Function(name, {
      ...functionArgs(key, entry),
      streaming: true,
      url: { authorization: "none" },
      // Answers run for minutes: capped, they cannot take the account's whole Lambda pool from the other routes.
      ...(capacity.STREAM_RESERVED_CONCURRENCY ? { concurrency: { reserved: capacity.STREAM_RESERVED_CONCURRENCY } } : {}),
    });
    return { key, pathPattern: pathPatternOf(key), originId: name, domain: fn.url.apply((url) => new URL(url).host) };
  });
