import { completeDocument } from "@quorum/core/document/outcome";

/** Step 5 (Task "Complete"): the document is ready. Imports no reader or model code. */
export const handler = (input: unknown) => completeDocument(input);
