import { parseHandler, routes, type RouteEntry } from "../packages/functions/src/routes";
import { environmentFor, permissionsFor, secretsFor } from "./permissions";
import { stateMachine } from "./pipeline";

/** One API Gateway route and one Lambda per entry of the route table. */
export const api = new sst.aws.ApiGatewayV2("Api");

for (const [key, entry] of Object.entries(routes) as [string, RouteEntry][]) {
  const { module, exportName } = parseHandler(entry.handler);
  const access = entry.access ?? ["table"];
  api.route(key, {
    handler: `packages/functions/src/${module}.${exportName}`,
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: `${Math.min(entry.timeout ?? 10, 30)} seconds`,
    memory: `${entry.memory ?? 512} MB`,
    environment: access.includes("pipeline")
      ? { ...environmentFor(access), PIPELINE_STATE_MACHINE_ARN: stateMachine.arn }
      : environmentFor(access),
    link: secretsFor(access),
    permissions: permissionsFor(access, { stateMachineArn: stateMachine.arn }),
  });
}
