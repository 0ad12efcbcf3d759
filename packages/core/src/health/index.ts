import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { Actor } from "../actor";
import { config } from "../config";
import { Dynamo } from "../db/client";
import { Storage } from "../storage/index";
import { emulatorAllowed } from "../auth/index";
import type { DependencyStatus, HealthReport } from "./schema";

async function probe(check: () => Promise<unknown>): Promise<DependencyStatus> {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.name + ": " + error.message : String(error) };
  }
}

export namespace Health {
  /**
   * Each dependency the API needs, probed in parallel with a short timeout.
   * Anyone may ask whether the API is up; only a signed-in caller sees which
   * dependency failed and how (error text can name resources of the stage).
   */
  export async function check(): Promise<HealthReport> {
    const c = config();
    const timeout = AbortSignal.timeout(3000);
    const [dynamodb, s3, auth] = await Promise.all([
      probe(() => Dynamo.client().send(new DescribeTableCommand({ TableName: c.TABLE_NAME }), { abortSignal: timeout })),
      probe(() => Storage.s3().send(new HeadBucketCommand({ Bucket: c.BUCKET_NAME }), { abortSignal: timeout })),
      emulatorAllowed(c)
        ? probe(async () => {
            const r = await fetch(`http://${c.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${c.FIREBASE_PROJECT_ID}/config`, {
              signal: timeout,
            });
            if (!r.ok) throw new Error(`Auth emulator answered ${r.status}`);
          })
        : Promise.resolve<DependencyStatus>({ ok: true, detail: "Firebase (Google JWKS)" }),
    ]);
    const services = { dynamodb, s3, auth };
    const ok = Object.values(services).every((s) => s.ok);
    if (!Actor.maybe()) return { ok, version: c.APP_VERSION };
    return { ok, version: c.APP_VERSION, stage: c.STAGE, services };
  }
}
