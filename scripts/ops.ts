/**
 * `npm run ops -- <command>`: what operators do by hand, through the same domain
 * code the API runs.
 *
 *   plan set <email> enterprise [--until YYYY-MM-DD] [--stage <name>] [--by <who>]
 *   plan set <email> starter [--stage <name>] [--by <who>]
 *
 * `--stage local` (the default) talks to the local stack's DynamoDB (`npm run dev`;
 * DYNAMO_ENDPOINT and TABLE_NAME override the defaults). Any other stage is reached
 * the way its functions reach it: the command runs again inside `sst shell --stage
 * <name>`, which links the stage's resources, and reads the table's name from them
 * (AWS credentials come from the operator's environment, as for `sst deploy`).
 */
import { spawnSync } from "node:child_process";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { Resource } from "sst/resource";

const USAGE = "Usage: npm run ops -- plan set <email> <enterprise|starter> [--until YYYY-MM-DD] [--stage <name>] [--by <who>]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { stage: { type: "string", default: "local" }, until: { type: "string" }, by: { type: "string" } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const [area, verb, email, plan, ...extra] = positionals;
if (area !== "plan" || verb !== "set" || !email || !plan || extra.length) fail(USAGE);
const stage = values.stage!;

/** Inside `sst shell` the stage's resources are linked; outside, the command runs itself again within it. */
function reachStage() {
  if (stage === "local") {
    process.env.STAGE = "local";
    process.env.TABLE_NAME ??= "quorum-local";
    process.env.DYNAMO_ENDPOINT ??= `http://127.0.0.1:${process.env.DYNAMO_PORT ?? 8000}`;
    return;
  }
  if (!("Table" in Resource)) {
    const shell = spawnSync(
      "npx",
      ["sst", "shell", "--stage", stage, "--", process.execPath, "--import", "tsx", ...process.argv.slice(1)],
      {
        stdio: "inherit",
      },
    );
    process.exit(shell.status ?? 1);
  }
  process.env.STAGE = stage;
  process.env.TABLE_NAME = (Resource as unknown as { Table: { name: string } }).Table.name;
}

reachStage();
// Configuration is read when core is first imported: only now that the stage's environment is set.
const { PlanGrant } = await import("../packages/core/src/user/plan-grant");
const { VisibleError } = await import("../packages/core/src/error");
try {
  const done = await PlanGrant.set({ email, plan, until: values.until, by: values.by ?? userInfo().username });
  const until = done.until ? ` until the end of ${values.until} (UTC)` : "";
  const what =
    done.plan === "enterprise" ? `is now on Enterprise${until}` : "is back on Starter; its projects, documents and conversations are kept";
  console.log(`${done.email} ${what}. Recorded by ${done.by} at ${done.at} on stage ${stage}.`);
} catch (error) {
  if (error instanceof VisibleError) fail(error.message);
  fail(`The table ${process.env.TABLE_NAME} of stage ${stage} could not be reached (${(error as Error).message}). Nothing was changed.`);
}
