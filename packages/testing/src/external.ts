import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of real documents nobody on the team wrote (labelled dev set, invoice2data,
 * robustness corpus). It lives beside the repository, never inside it: `QUORUM_EXTERNAL_DIR`
 * or `../shared/external` from the repository root. Undefined when this machine has none
 * (a fresh CI clone), so tests that need it can skip with a reason.
 */
export function externalDir(): string | undefined {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
  const dir = process.env.QUORUM_EXTERNAL_DIR ?? resolve(root, "../shared/external");
  return existsSync(dir) ? dir : undefined;
}
