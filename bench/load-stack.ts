/**
 * The local stack for `npm run bench:load`, as a child process of the bench so the load
 * generator and the server do not share one event loop. It is `npm run dev`'s stack (on disk,
 * so a restarted DynamoDB Local keeps what it acknowledged), plus what the fault runs need:
 * the bench sends "stop dynamo" / "start dynamo" / "stop s3" / "start s3" over IPC and gets
 * "done <command> <ms>" back. Ready, it sends its environment as { ready: env }.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMailCatcher } from "../packages/local/src/mail";
import { notifySecrets } from "../packages/local/src/notify-keys";
import { freePort } from "../packages/local/src/ports";
import { ensureTable, startAuthEmulator, startDynamo, startS3, type S3EventRecord, type Service } from "../packages/local/src/services";
import { localEnv } from "../packages/local/src/stack";

const work = mkdtempSync(join(tmpdir(), "quorum-load-"));
const names = { projectId: "demo-quorum", tableName: "quorum-load", bucketName: "quorum-load-uploads" };
const ports = {
  gateway: await freePort(),
  web: 0,
  auth: await freePort(),
  dynamo: await freePort(),
  s3: await freePort(),
  smtp: await freePort(),
  inbox: await freePort(),
};
const dynamoDir = join(work, "dynamodb");
const s3Dir = join(work, "s3");

const startDynamoHere = () => startDynamo({ port: ports.dynamo, path: dynamoDir });
const startS3Here = () => startS3({ port: ports.s3, directory: s3Dir, buckets: [names.bucketName] });

// The pipeline listens once; every s3rver started (again) feeds the same listeners.
const s3Listeners: ((record: S3EventRecord) => void)[] = [];
const attach = async () => {
  const s3 = await startS3Here();
  s3.onEvent((record) => s3Listeners.forEach((l) => l(record)));
  return s3;
};

let dynamo: Service = await startDynamoHere();
await ensureTable(ports.dynamo, names.tableName);
let s3: Service = await attach();
const [auth, mail] = await Promise.all([
  startAuthEmulator({ port: ports.auth, projectId: names.projectId, workDir: join(work, "firebase") }),
  startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.inbox }),
]);

const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
const env: Record<string, string> = {
  ...localEnv(ports, names),
  ...notifySecrets(undefined),
  MAIL_INBOX_URL: mail.inboxUrl,
  GATEWAY_URL: gatewayUrl,
  APP_URL: gatewayUrl,
  S3_PUBLIC_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
  // The bench measures capacity, not plans: a user's daily limits would refuse most of the load.
  STARTER_DAILY_QUESTIONS: "1000000",
  UPLOADS_PER_DAY_STARTER: "1000000",
  ATTACHMENT_ANALYSES_PER_DAY_STARTER: "1000000",
  TITLES_PER_DAY_STARTER: "1000000",
};
Object.assign(process.env, env);

const { startGateway } = await import("../packages/local/src/gateway");
const gateway = await startGateway({ port: ports.gateway });
const { startLocalPipeline } = await import("../packages/local/src/pipeline");
await startLocalPipeline({ onEvent: (listener) => s3Listeners.push(listener) });

async function stopAll() {
  await gateway.close().catch(() => {});
  for (const service of [mail, auth, s3, dynamo]) await service.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

process.on("message", (command: string) => {
  const t0 = Date.now();
  const run = async () => {
    if (command === "stop dynamo") await dynamo.stop();
    else if (command === "start dynamo") dynamo = await startDynamoHere();
    else if (command === "stop s3") await s3.stop();
    else if (command === "start s3") s3 = await attach();
    else if (command === "exit") {
      await stopAll();
      process.exit(0);
    }
  };
  run().then(
    () => process.send?.(`done ${command} ${Date.now() - t0}`),
    (error: Error) => process.send?.(`failed ${command} ${error.message}`),
  );
});
process.on("disconnect", () => void stopAll().then(() => process.exit(0)));
process.send?.({ ready: env });
