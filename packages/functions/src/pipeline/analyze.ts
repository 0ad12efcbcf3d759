import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 3 (Task "Analyze"): summary, and for a quote the quote data with cross-check flags. */
export const handler = (input: unknown) => DocumentPipeline.analyze(input);
