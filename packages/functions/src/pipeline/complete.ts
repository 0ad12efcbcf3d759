import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 5 (Task "Complete"): the document is ready. */
export const handler = (input: unknown) => DocumentPipeline.complete(input);
