import { pollTextract } from "@quorum/core/document/textract-poll";

/** Step 2b (Task "PollTextract"): one look at the Textract job; the state machine's Wait spaces the looks. Imports no reader. */
export const handler = (input: unknown) => pollTextract(input);
