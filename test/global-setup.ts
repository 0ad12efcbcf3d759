import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// The api and e2e projects both name this file and vitest loads it once per project, so the
// one stack they share lives on the main process's global object, counted by its users.
type Shared = { child?: ChildProcess; ready?: Promise<void>; users: number };
const shared: Shared = ((globalThis as { quorumStack?: Shared }).quorumStack ??= { users: 0 });

/**
 * Starts the local stack once per run (in-memory DynamoDB Local, s3rver, the Auth
 * Emulator, the gateway and the built web app, on free ports) exactly as
 * `npm run dev` does, and hands its addresses to every test file through the env.
 * `TEST_STACK=off` skips it for tests that need no stand-in.
 */
export async function setup() {
  if (process.env.TEST_STACK === "off") return;
  shared.users += 1;
  shared.ready ??= start();
  await shared.ready;
}

async function start() {
  const web = process.env.TEST_WEB === "off" ? "none" : "preview";
  const child = (shared.child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "--import", "tsx", "packages/local/src/dev.ts", "--memory", "--auto-ports", "--web", web],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1" } },
  ));
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The local stack did not start within 240 s")), 240_000);
    child.once("exit", (code) => reject(new Error(`The local stack exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("QUORUM_READY ")) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice("QUORUM_READY ".length)));
      } else if (process.env.TEST_STACK_LOG) console.log(line);
      else if (line.startsWith("[quorum]")) console.log(line);
    });
  });
  Object.assign(process.env, env);
}

export async function teardown() {
  shared.users -= 1;
  const child = shared.child;
  if (shared.users > 0 || !child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}
