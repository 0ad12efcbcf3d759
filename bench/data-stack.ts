import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../packages/local/src/ports";
import { ensureTable, startDynamo, startS3 } from "../packages/local/src/services";

/**
 * DynamoDB Local (in memory) and s3rver on free ports, with the environment core
 * reads pointed at them: what the in-process benchmarks need (no Auth Emulator,
 * they call core as a user directly). Import core only after this resolves.
 */
export async function startDataStack(name: string) {
  const workDir = mkdtempSync(join(tmpdir(), `quorum-bench-${name}-`));
  const [dynamoPort, s3Port] = [await freePort(), await freePort()];
  const table = "quorum-bench";
  const bucket = "quorum-bench-uploads";
  console.log(`starting DynamoDB Local :${dynamoPort} and s3rver :${s3Port} ...`);
  const [dynamo, s3] = await Promise.all([
    startDynamo({ port: dynamoPort }),
    startS3({ port: s3Port, directory: join(workDir, "s3"), buckets: [bucket] }),
  ]);
  await ensureTable(dynamoPort, table);
  Object.assign(process.env, {
    STAGE: "local",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    TABLE_NAME: table,
    BUCKET_NAME: bucket,
    DYNAMO_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  });
  return {
    s3,
    async stop() {
      await s3.stop();
      await dynamo.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
