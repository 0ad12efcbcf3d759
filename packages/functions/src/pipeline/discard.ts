import { discardDocument } from "@quorum/core/document/outcome";

/** Task "Discard": a document deleted mid-run leaves no files behind. Imports no reader. */
export const handler = (input: unknown) => discardDocument(input);
