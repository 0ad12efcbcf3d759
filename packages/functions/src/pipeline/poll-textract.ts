import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 2b (Task "PollTextract"): one look at the Textract job; the state machine's Wait spaces the looks. */
export const handler = (input: unknown) => DocumentPipeline.pollTextract(input);
