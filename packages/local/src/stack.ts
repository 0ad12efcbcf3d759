import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { assertJava17, assertPortFree, type LocalPorts } from "./ports";
import { startMailCatcher, type MailCatcher } from "./mail";
import { notifySecrets } from "./notify-keys";
import { ensureTable, startAuthEmulator, startDynamo, startS3, type S3Service, type Service } from "./services";

export interface StackOptions {
  ports: LocalPorts;
  /** Where data lives between runs; without it DynamoDB is in memory and nothing is kept. */
  dataDir?: string;
  /** Scratch space for s3rver and the emulator's config when nothing is kept. */
  workDir: string;
  projectId?: string;
  tableName?: string;
  bucketName?: string;
  log?: (line: string) => void;
}

export interface Stack {
  env: Record<string, string>;
  s3: S3Service;
  stop(): Promise<void>;
}

/**
 * The environment the handlers see locally: the same settings a Lambda gets in
 * the cloud, pointed at the stand-ins.
 */
export function localEnv(ports: LocalPorts, names: { projectId: string; tableName: string; bucketName: string }) {
  return {
    STAGE: "local",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    TABLE_NAME: names.tableName,
    BUCKET_NAME: names.bucketName,
    DYNAMO_ENDPOINT: `http://127.0.0.1:${ports.dynamo}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    FIREBASE_PROJECT_ID: names.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    AUTH_EMULATOR: "true",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    // What CloudFront adds to every request in the cloud; the local gateway adds it the same way.
    ORIGIN_SECRET: randomBytes(24).toString("base64url"),
  };
}

/** The stand-ins: DynamoDB Local, s3rver and the Auth Emulator, started in parallel. */
export async function startStandIns(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const names = {
    projectId: options.projectId ?? "demo-quorum",
    tableName: options.tableName ?? "quorum-local",
    bucketName: options.bucketName ?? "quorum-local-uploads",
  };
  assertJava17();
  const { ports } = options;
  await assertPortFree(ports.dynamo, "DynamoDB Local", "DYNAMO_PORT");
  await assertPortFree(ports.s3, "S3 (s3rver)", "S3_PORT");
  await assertPortFree(ports.auth, "Firebase Auth Emulator", "AUTH_EMULATOR_PORT");
  await assertPortFree(ports.smtp, "mail catcher (SMTP)", "SMTP_PORT");
  await assertPortFree(ports.inbox, "mail inbox page", "INBOX_PORT");

  const started: Service[] = [];
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((s) => s.stop()));
  };
  const timed = async <S extends Service>(start: () => Promise<S>, line: (s: S, ms: number) => string) => {
    const t0 = Date.now();
    const service = await start();
    started.push(service);
    log(line(service, Date.now() - t0));
    return service;
  };

  try {
    const dataDir = options.dataDir;
    const [, s3, , mail] = await Promise.all([
      timed(
        async () => {
          const dynamo = await startDynamo({ port: ports.dynamo, path: dataDir && join(dataDir, "dynamodb") });
          await ensureTable(ports.dynamo, names.tableName);
          return dynamo;
        },
        (_, ms) =>
          `DynamoDB Local    http://127.0.0.1:${ports.dynamo}  table ${names.tableName} (${dataDir ? "on disk" : "in memory"}, ${ms} ms)`,
      ),
      timed(
        () => startS3({ port: ports.s3, directory: join(dataDir ?? options.workDir, "s3"), buckets: [names.bucketName] }),
        (_, ms) => `S3 (s3rver)       http://127.0.0.1:${ports.s3}  bucket ${names.bucketName} (${ms} ms)`,
      ),
      timed(
        () =>
          startAuthEmulator({
            port: ports.auth,
            projectId: names.projectId,
            workDir: join(options.workDir, "firebase"),
            dataDir: dataDir && join(dataDir, "auth"),
          }),
        (_, ms) => `Auth Emulator     http://127.0.0.1:${ports.auth}  project ${names.projectId} (${ms} ms)`,
      ),
      timed(
        () => startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.inbox }),
        (m, ms) => `Mail (SES)        ${m.inboxUrl}  inbox page; SMTP ${m.smtpUrl} (${ms} ms)`,
      ),
    ]);
    const env = { ...localEnv(ports, names), ...notifySecrets(dataDir), MAIL_INBOX_URL: (mail as MailCatcher).inboxUrl };
    return { env, s3: s3 as S3Service, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
