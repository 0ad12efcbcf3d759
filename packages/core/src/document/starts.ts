import { createHash } from "node:crypto";
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { config, type Config } from "../config";
import { decodeEventKey, parseUploadKey } from "./keys";

/** The part of an S3 event record the pipeline reads (S3 -> Lambda and s3rver's emitter alike). */
export interface ObjectCreatedRecord {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string; sequencer?: string } };
}

export interface PipelineStart {
  /** A Step Functions execution name: at most 80 of [A-Za-z0-9-_], the same for the same upload. */
  name: string;
  input: { bucket: string; key: string; size: number | null };
}

/**
 * The executions S3 records ask for: uploads of documents only (a logo or a derived
 * file starts nothing), one per object version.
 */
export function pipelineStarts(records: ObjectCreatedRecord[]): PipelineStart[] {
  const starts: PipelineStart[] = [];
  for (const record of records) {
    if (!record.eventName?.startsWith("ObjectCreated")) continue;
    const key = decodeEventKey(record.s3.object.key);
    const ref = parseUploadKey(key);
    if (!ref) continue;
    const version = record.s3.object.sequencer ?? record.s3.object.eTag ?? String(Date.now());
    const digest = createHash("sha256").update(`${key}\n${version}`).digest("hex").slice(0, 24);
    starts.push({
      name: `doc-${ref.documentId}-${digest}`,
      input: { bucket: record.s3.bucket.name, key, size: record.s3.object.size ?? null },
    });
  }
  return starts;
}

let sfn: SFNClient | undefined;

/**
 * Starts the state machine for each document upload in an S3 notification. The
 * execution name is derived from the key and S3's sequencer, so a notification
 * delivered twice starts nothing new (Step Functions refuses a name it has seen).
 */
export async function startExecutions(records: ObjectCreatedRecord[], c: Config = config()): Promise<string[]> {
  if (!c.PIPELINE_STATE_MACHINE_ARN) throw new Error("PIPELINE_STATE_MACHINE_ARN is not set");
  sfn ??= new SFNClient({ region: c.AWS_REGION });
  const started: string[] = [];
  for (const start of pipelineStarts(records)) {
    try {
      await sfn.send(
        new StartExecutionCommand({ stateMachineArn: c.PIPELINE_STATE_MACHINE_ARN, name: start.name, input: JSON.stringify(start.input) }),
      );
      started.push(start.name);
    } catch (error) {
      if (!(error instanceof ExecutionAlreadyExists)) throw error;
    }
  }
  return started;
}
