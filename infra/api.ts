import { routes, type RouteEntry } from "../packages/functions/src/routes";
import { stateMachine } from "./pipeline";
import { functionArgs } from "./route-function";
import { router } from "./router";

/**
 * One Lambda per entry of the route table. Buffered routes sit behind the HTTP
 * API (which stops at 30 s). Routes whose answer streams (`stream: true`) run on
 * Lambda response streaming instead (infra/streaming.ts), with no 30 s ceiling.
 */
export const api = new sst.aws.ApiGatewayV2("Api");

for (const [key, entry] of Object.entries(routes) as [string, RouteEntry][]) {
  if (!entry.stream) api.route(key, functionArgs(key, entry, { stateMachineArn: stateMachine.arn, siteUrl: router.url }));
}
