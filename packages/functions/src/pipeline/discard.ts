import { discardDocument } from "@quorum/core/document/discard";

/** Task "Discard": a document deleted mid-run leaves no files behind. Imports no reader and no notifications. */
export const handler = (input: unknown) => discardDocument(input);
