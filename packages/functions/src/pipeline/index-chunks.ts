import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 4 (Task "Index"): retrieval chunks with page references. */
export const handler = (input: unknown) => DocumentPipeline.index(input);
