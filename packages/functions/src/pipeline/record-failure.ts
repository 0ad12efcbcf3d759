import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** The Catch of every step (Task "RecordFailure"): the document becomes failed, with the reason. */
export const handler = (input: unknown) => DocumentPipeline.recordFailure(input);
