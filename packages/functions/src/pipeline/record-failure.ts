import { recordFailure } from "@quorum/core/document/outcome";

/** The Catch of every step (Task "RecordFailure"): the document becomes failed, with the reason. Imports no reader. */
export const handler = (input: unknown) => recordFailure(input);
