import type { Access } from "../routes";
import definition from "./definition.asl.json";

/**
 * The pipeline's Task states and the Lambda behind each: what infra/pipeline.ts
 * deploys (one function per step, least privilege) and what the local runner binds
 * by state name. `placeholder` is the `${...}` in definition.asl.json's Resource.
 */
export interface PipelineStep {
  placeholder: string;
  /** "<module under src/>.<export>", as in routes.ts. */
  handler: string;
  access: Access[];
  /** Seconds; the Task state's TimeoutSeconds is the same. */
  timeout: number;
  memory: number;
}

export const STEPS = {
  Validate: {
    placeholder: "ValidateFunctionArn",
    handler: "pipeline/validate.handler",
    access: ["table", "bucket"],
    timeout: 120,
    memory: 1024,
  },
  Extract: {
    placeholder: "ExtractFunctionArn",
    handler: "pipeline/extract.handler",
    access: ["table", "bucket", "textract"],
    timeout: 900,
    memory: 3008,
  },
  PollTextract: {
    placeholder: "PollTextractFunctionArn",
    handler: "pipeline/poll-textract.handler",
    access: ["table", "bucket", "textract"],
    timeout: 300,
    memory: 1024,
  },
  Analyze: {
    placeholder: "AnalyzeFunctionArn",
    handler: "pipeline/analyze.handler",
    access: ["table", "bucket", "bedrock", "models"],
    timeout: 600,
    memory: 1024,
  },
  Index: {
    placeholder: "IndexFunctionArn",
    handler: "pipeline/index-chunks.handler",
    access: ["table", "bucket"],
    timeout: 300,
    memory: 1024,
  },
  // Both tell the owner (mail, push, in-app): the document is ready, or why it failed.
  Complete: {
    placeholder: "CompleteFunctionArn",
    handler: "pipeline/complete.handler",
    access: ["table", "mail", "push"],
    timeout: 60,
    memory: 256,
  },
  RecordFailure: {
    placeholder: "RecordFailureFunctionArn",
    handler: "pipeline/record-failure.handler",
    access: ["table", "mail", "push"],
    timeout: 60,
    memory: 256,
  },
  Discard: {
    placeholder: "DiscardFunctionArn",
    handler: "pipeline/discard.handler",
    access: ["table", "bucket"],
    timeout: 60,
    memory: 256,
  },
} satisfies Record<string, PipelineStep>;

export type StepName = keyof typeof STEPS;

/** The S3 notification target: starts one execution per uploaded document. */
export const STARTER = { handler: "pipeline/starter.handler", access: ["pipeline"] as Access[], timeout: 30, memory: 256 };

/**
 * S3 invokes the starter asynchronously: Lambda retries a failed invocation this many times
 * (with its own backoff, over up to STARTER_MAX_EVENT_AGE_SECONDS), then hands it to the
 * dead-letter queue, whose consumer marks the upload failed.
 */
export const STARTER_RETRIES = 2;
export const STARTER_MAX_EVENT_AGE_SECONDS = 3600;
/** The dead-letter queue's consumer: mails the owner as RecordFailure does. */
export const START_FAILED = {
  handler: "pipeline/start-failed.handler",
  access: ["table", "mail", "push"] as Access[],
  timeout: 60,
  memory: 256,
};

/**
 * The ASL file as text, placeholders and all. Imported, not read from disk, so the
 * bundlers (SST's for infra, tsx and vitest locally) carry it along.
 */
export const definitionText = () => JSON.stringify(definition, null, 2);

/** The definition with every `${Placeholder}` replaced (SAM's DefinitionSubstitutions); an unknown one is an error. */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`definition.asl.json: no value for ${whole}`);
    return value;
  });
}
