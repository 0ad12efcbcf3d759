import type { SQSEvent } from "aws-lambda";
import { failUnstarted } from "@quorum/core/document/outcome";
import { pipelineStarts, type ObjectCreatedRecord } from "@quorum/core/document/starts";

/** What Lambda sends to an on-failure destination after the last retry of an asynchronous invocation. */
interface FailedInvocation {
  requestPayload?: { Records?: ObjectCreatedRecord[] };
}

/** The uploaded documents' keys in the starter invocations that failed for good. */
export function keysOfFailedStarts(event: SQSEvent): string[] {
  return event.Records.flatMap((record) => {
    const failed = JSON.parse(record.body) as FailedInvocation;
    return pipelineStarts(failed.requestPayload?.Records ?? []).map((start) => start.input.key);
  });
}

/** The starter's dead-letter queue: each upload it could not start is marked failed, not left "uploading". */
export const handler = async (event: SQSEvent) => {
  for (const key of keysOfFailedStarts(event)) await failUnstarted(key);
};
