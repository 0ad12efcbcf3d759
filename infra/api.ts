import { capacityFrom } from "../packages/core/src/ratelimit/limits";
import { routes, type RouteEntry } from "../packages/functions/src/routes";
import { stateMachine } from "./pipeline";
import { functionArgs } from "./route-function";
import { router } from "./router";

/**
 * One Lambda per entry of the route table. Buffered routes sit behind the HTTP
 * API (which stops at 30 s). Routes whose answer streams (`stream: true`) run on
 * Lambda response streaming instead (infra/streaming.ts), with no 30 s ceiling.
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

for (const [key, entry] of Object.entries(routes) as [string, RouteEntry][]) {
  if (!entry.stream) api.route(key, functionArgs(key, entry, { stateMachineArn: stateMachine.arn, siteUrl: router.url }));
}
