/**
 * `npm run typecheck`: every package and the infra, offline. The infra needs SST's
 * platform types, which `sst install` fetches from npm alone (no Pulumi download).
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command: string, env: Record<string, string> = {}) => {
  console.log(`$ ${command}`);
  execSync(command, { stdio: "inherit", env: { ...process.env, ...env } });
};

if (!existsSync(".sst/platform/config.d.ts")) {
  run("npx sst install --stage test", { SST_SKIP_DEPENDENCY_CHECK: "true", SST_NO_BUN: "1", SST_TELEMETRY_DISABLED: "1" });
}
const projects = ["packages/core", "packages/functions", "packages/local", "packages/web", "packages/testing", "infra", "."];
let failed = 0;
for (const project of projects) {
  try {
    run(`npx tsc -p ${project}/tsconfig.json`);
  } catch {
    failed++;
  }
}
if (failed) {
  console.error(`typecheck: ${failed} project(s) failed`);
  process.exit(1);
}
console.log("typecheck: all projects pass");
