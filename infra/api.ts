import { parseHandler, parseRouteKey, pathPatternOf, routes, type RouteEntry } from "../packages/functions/src/routes";
import { capacityFrom } from "../packages/core/src/ratelimit/limits";
import { environmentFor, permissionsFor, secretsFor } from "./permissions";
import { stateMachine } from "./pipeline";

/**
 * One Lambda per entry of the route table. Buffered routes sit behind the HTTP
 * API (which stops at 30 s). Routes whose answer streams (`stream: true`) run on
 * Lambda response streaming instead: a function URL in RESPONSE_STREAM mode that
 * the site's CloudFront sends their path to (infra/web.ts), with no 30 s ceiling.
 */
/** Reserved concurrency and stage throttling, from the deployer's environment (core's CAPACITY_DEFAULTS). */
const capacity = capacityFrom(process.env);

export const api = new sst.aws.ApiGatewayV2("Api", {
  transform: {
    // Past this steady rate and burst the stage answers 429 itself, before any function runs.
    stage: (args) => {
      args.defaultRouteSettings = {
        ...(capacity.API_THROTTLE_RATE_PER_SECOND ? { throttlingRateLimit: capacity.API_THROTTLE_RATE_PER_SECOND } : {}),
        ...(capacity.API_THROTTLE_BURST ? { throttlingBurstLimit: capacity.API_THROTTLE_BURST } : {}),
      };
    },
  },
});

const entries = Object.entries(routes) as [string, RouteEntry][];

function functionArgs(key: string, entry: RouteEntry) {
  const { module, exportName } = parseHandler(entry.handler);
  const access = entry.access ?? ["table"];
  const environment = access.includes("pipeline")
    ? { ...environmentFor(access), PIPELINE_STATE_MACHINE_ARN: stateMachine.arn }
    : environmentFor(access);
  return {
    handler: `packages/functions/src/${module}.${exportName}`,
    runtime: "nodejs22.x" as const,
    architecture: "arm64" as const,
    // A streamed answer may take Lambda's own limit (900 s); the HTTP API stops waiting at 30 s.
    timeout: `${Math.min(entry.timeout ?? 10, entry.stream ? 900 : 30)} seconds` as const,
    memory: `${entry.memory ?? 512} MB` as const,
    // A function URL fills no path parameters: the function reads its route to find them.
    environment: entry.stream ? { ...environment, QUORUM_ROUTE: key } : environment,
    link: secretsFor(access),
    permissions: permissionsFor(access, { stateMachineArn: stateMachine.arn }),
  };
}

for (const [key, entry] of entries) {
  if (!entry.stream) api.route(key, functionArgs(key, entry));
}

/**
 * The streaming routes: each its own function (its own least-privilege role) with
 * a function URL. The URL's authorization is NONE because CloudFront's origin
 * access control for Lambda URLs cannot sign a browser's POST body; the handler
 * verifies the Firebase ID token itself, exactly as on every HTTP API route
 * (which has no gateway authorizer either).
 */
export const streamingRoutes = entries
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
