import { createServer } from "node:net";
import { spawnSync } from "node:child_process";

/** The local stack's addresses: a contract other tools rely on, each overridable by env. */
export interface LocalPorts {
  gateway: number;
  web: number;
  auth: number;
  dynamo: number;
  s3: number;
  /** The mail catcher: SMTP, and its inbox page. */
  smtp: number;
  inbox: number;
}

export function devPorts(env = process.env): LocalPorts {
  return {
    gateway: Number(env.GATEWAY_PORT ?? 3000),
    web: Number(env.WEB_PORT ?? 5173),
    auth: Number(env.AUTH_EMULATOR_PORT ?? 9099),
    dynamo: Number(env.DYNAMO_PORT ?? 8000),
    s3: Number(env.S3_PORT ?? 4569),
    smtp: Number(env.SMTP_PORT ?? 1025),
    inbox: Number(env.INBOX_PORT ?? 8025),
  };
}

export class PrerequisiteError extends Error {}

export async function assertPortFree(port: number, what: string, envName: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new PrerequisiteError(
          error.code === "EADDRINUSE"
            ? `Port ${port} (${what}) is already in use. Stop the program using it (lsof -i :${port}) or choose another port with ${envName}=<port>.`
            : `Cannot open port ${port} (${what}): ${error.message}`,
        ),
      );
    });
    // DynamoDB Local listens on every interface, so probe every interface too.
    probe.listen({ port, host: "0.0.0.0", exclusive: true }, () => probe.close(() => resolve()));
  });
}

export function assertJava17() {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error) {
    throw new PrerequisiteError(
      "Java 17 or newer is required to run DynamoDB Local, and no `java` was found on PATH.\n" +
        "  Debian/Ubuntu: sudo apt-get install -y default-jre-headless\n  macOS: brew install openjdk@17",
    );
  }
  // `java -version` prints on stderr: 'openjdk version "17.0.15"' (or "1.8.0_x" for Java 8).
  const text = `${result.stderr}${result.stdout}`;
  const [, first, second] = /version "(\d+)(?:\.(\d+))?/.exec(text) ?? [];
  const major = Number(first) === 1 ? Number(second) : Number(first ?? 0);
  if (major < 17) {
    throw new PrerequisiteError(
      `Java 17 or newer is required to run DynamoDB Local; found: ${text.split("\n")[0] || "unknown"}.\n` +
        "  Debian/Ubuntu: sudo apt-get install -y default-jre-headless",
    );
  }
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not come up within ${Math.round(timeoutMs / 1000)} s`);
}

export const httpAnswers = (url: string) => async () => {
  const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
  return response.status < 500;
};

/** A port nobody listens on right now (tests run beside a dev stack without clashing). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
