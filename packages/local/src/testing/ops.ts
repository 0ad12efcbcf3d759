import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../..", import.meta.url));

/** Who the operator commands of the tests say made the change. */
export const OPERATOR = "dana@sales";

/**
 * Runs `npm run ops -- <args>` as an operator would, against this test stack (the
 * environment the global setup hands every test file names its table): its exit code,
 * output and last line of errors (Node's own warnings come before it).
 */
export function ops(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/ops.ts", ...args, "--by", OPERATOR], { cwd: root }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: out.trim(), err: err.trim().split("\n").at(-1)! }),
    );
  });
}
