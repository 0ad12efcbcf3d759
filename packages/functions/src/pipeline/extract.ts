import { DocumentPipeline } from "@quorum/core/document/pipeline";

/** Step 2 (Task "Extract"): text per page into S3, or an asynchronous Textract job for a multi-page scan. */
export const handler = (input: unknown) => DocumentPipeline.extract(input);
