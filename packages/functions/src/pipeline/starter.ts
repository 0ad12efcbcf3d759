import type { S3Event } from "aws-lambda";
import { startExecutions } from "@quorum/core/document/starts";

/** The bucket notification's target (ObjectCreated under users/): one execution per uploaded document. */
export const handler = async (event: S3Event) => ({ started: await startExecutions(event.Records ?? []) });
