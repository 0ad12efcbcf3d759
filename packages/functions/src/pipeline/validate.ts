import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 1 (Task "Validate"): claim the document, check its real size and type by content. */
export const handler = (input: unknown) => DocumentPipeline.validate(input);
