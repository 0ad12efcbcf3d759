import { validateUpload } from "@quorum/core/document/validate";

/** Step 1 (Task "Validate"): claim the document, check its real size and type by content. Imports no reader. */
export const handler = (input: unknown) => validateUpload(input);
