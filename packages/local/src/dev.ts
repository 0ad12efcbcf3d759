/**
 * `npm run dev`: the whole product on one machine, offline. Also the test
 * stack (`--memory --auto-ports --web preview`), so tests run what people run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { assertPortFree, devPorts, freePort, PrerequisiteError, waitFor, type LocalPorts } from "./ports";
import { startStandIns } from "./stack";
import { repoRoot, startWeb } from "./web";

const { values: args } = parseArgs({
  options: {
    fresh: { type: "boolean", default: false },
    memory: { type: "boolean", default: false },
    "auto-ports": { type: "boolean", default: false },
    web: { type: "string", default: "dev" },
  },
});

const started = Date.now();
const say = (line: string) => console.log(`[quorum] ${line}`);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

async function choosePorts(): Promise<LocalPorts> {
  if (!args["auto-ports"]) return devPorts();
  return {
    gateway: await freePort(),
    web: await freePort(),
    auth: await freePort(),
    dynamo: await freePort(),
    s3: await freePort(),
    smtp: await freePort(),
    inbox: await freePort(),
  };
}

/** Stopped in reverse order of starting, on Ctrl+C and on a failed start alike. */
const cleanups: (() => Promise<void>)[] = [];
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (code === 0) say("stopping...");
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  if (code === 0) say("stopped");
  process.exit(code);
}

async function main() {
  const ports = await choosePorts();
  const dataDir = args.memory ? undefined : join(repoRoot, ".data");
  if (args.fresh && dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    say("--fresh: starting from empty data");
  }
  const workDir = mkdtempSync(join(tmpdir(), "quorum-"));
  const webMode = args.web as "dev" | "preview" | "none";
  await assertPortFree(ports.gateway, "local API gateway", "GATEWAY_PORT");
  if (webMode !== "none") await assertPortFree(ports.web, "web app", "WEB_PORT");

  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  const stack = await startStandIns({ ports, dataDir, workDir, log: say });
  cleanups.push(stack.stop);
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  // Links in mails and pushes lead to the web app (which proxies /api), or to the gateway without one.
  const appUrl = webMode === "none" ? gatewayUrl : `http://127.0.0.1:${ports.web}`;
  const env = { ...stack.env, S3_PUBLIC_ENDPOINT: stack.env.S3_ENDPOINT!, GATEWAY_URL: gatewayUrl, APP_URL: appUrl };
  Object.assign(process.env, env);

  // Handlers read their configuration on import: only now that the environment is set.
  const { startGateway } = await import("./gateway");
  const gateway = await startGateway({ port: ports.gateway });
  cleanups.push(gateway.close);
  say(`API gateway       ${gateway.url}/api`);

  let health = "";
  await waitFor(
    "GET /api/health",
    async () => {
      const response = await fetch(`${gatewayUrl}/api/health`);
      health = await response.text();
      return response.status === 200;
    },
    120_000,
  ).catch(async (error: Error) => {
    // Public health names no dependency; the stack may ask in-process as a signed-in caller would.
    const [{ Actor }, { Health }] = await Promise.all([import("@quorum/core/actor"), import("@quorum/core/health/index")]);
    const details = await Actor.provide({ userId: "local-stack" }, () => Health.check()).then(JSON.stringify, String);
    throw new Error(`${error.message}; last answer: ${health || "none"}; details: ${details}`);
  });

  // s3rver's upload events start the document pipeline (definition.asl.json, in-process).
  const { startLocalPipeline } = await import("./pipeline");
  await startLocalPipeline(stack.s3, { log: (line) => console.log(`[pipeline] ${line}`) });
  say(`Document pipeline started by uploads to s3rver (aws-local-stepfunctions)`);

  // Firebase mails password-reset and verification links in the cloud; the emulator only keeps them.
  const { relayAuthMail } = await import("./auth-mail");
  const relay = relayAuthMail({
    emulatorUrl: `http://${stack.env.FIREBASE_AUTH_EMULATOR_HOST!}`,
    projectId: stack.env.FIREBASE_PROJECT_ID!,
    appUrl,
  });
  cleanups.push(relay.stop);
  say(`Password-reset and verification mails from the Auth Emulator relayed to the mail inbox`);

  let webUrl = "";
  if (webMode !== "none") {
    const web = await startWeb({
      mode: webMode === "preview" ? "preview" : "dev",
      port: ports.web,
      gatewayUrl,
      authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
      outDir: webMode === "preview" ? join(workDir, "web") : undefined,
    });
    cleanups.push(web.close);
    webUrl = web.url;
    say(`Web app           ${web.url} (${webMode === "preview" ? "built" : "Vite dev server"}, /api -> ${gatewayUrl})`);
  }
  // One machine-readable line for the test setup, then the human one.
  console.log(`QUORUM_READY ${JSON.stringify({ ...env, WEB_URL: webUrl })}`);
  say(`Mail inbox        ${stack.env.MAIL_INBOX_URL}  (every mail the app sends)`);
  say(`ready in ${elapsed()}: open ${webUrl || gatewayUrl}  (Ctrl+C stops everything)`);
}

main().catch(async (error) => {
  if (error instanceof PrerequisiteError) console.error(`\n[quorum] cannot start: ${error.message}\n`);
  else console.error("\n[quorum] failed to start:", error);
  await shutdown(1);
});
