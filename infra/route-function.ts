import { parseHandler, type RouteEntry } from "../packages/functions/src/routes";
import { functionTimeoutSeconds } from "./cdn";
import { packagingFor, readsDocumentsRoute } from "./packaging";
import { environmentFor, permissionsFor, secretsFor, type Deployed } from "./permissions";
import { secrets } from "./secrets";

/** A route's Lambda: what its route-table entry asks for, with the deployed resources it is given. */
export function functionArgs(key: string, entry: RouteEntry, deployed: Deployed = {}) {
  const { module, exportName } = parseHandler(entry.handler);
  const access = entry.access ?? ["table"];
  if (access.includes("pipeline") && !deployed.stateMachineArn) throw new Error(`${key} starts the pipeline: it needs the state machine`);
  const environment = access.includes("pipeline")
    ? { ...environmentFor(access, deployed), PIPELINE_STATE_MACHINE_ARN: deployed.stateMachineArn! }
    : environmentFor(access, deployed);
  return {
    handler: `packages/functions/src/${module}.${exportName}`,
    runtime: "nodejs22.x" as const,
    architecture: "arm64" as const,
    timeout: `${functionTimeoutSeconds(entry)} seconds` as const,
    memory: `${entry.memory ?? 512} MB` as const,
    // A function URL fills no path parameters: the function reads its route to find them.
    environment: entry.stream ? { ...environment, QUORUM_ROUTE: key } : environment,
    // every route answers only what came through the site's CloudFront (packages/functions/src/http/origin.ts)
    link: [...secretsFor(access), secrets.OriginSecret],
    permissions: permissionsFor(access, { stateMachineArn: deployed.stateMachineArn }),
    ...packagingFor(readsDocumentsRoute(entry)),
  };
}
