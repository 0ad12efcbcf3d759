import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Task "Discard": a document deleted mid-run leaves no files behind. */
export const handler = (input: unknown) => DocumentPipeline.discard(input);
