import { VisibleError } from "../error";

/**
 * The pipeline's own outcomes, told apart by the state machine through the error's
 * name (Lambda reports `error.name` as the error type; the local runner matches the
 * same name). definition.asl.json never retries these.
 */

/** The file itself is the problem (too large, wrong type, unreadable): the message is the failure reason. */
export class DocumentRejected extends VisibleError {
  constructor(message: string) {
    super("document_rejected", message, 422);
  }
}

/** The document was deleted while it was being processed: nothing to record, clean up instead. */
export class DocumentGone extends Error {
  constructor(documentId: number | string) {
    super(`Document ${documentId} no longer exists`);
    this.name = "DocumentGone";
  }
}

/** Another execution already owns this document (S3 may deliver a notification twice). */
export class AlreadyClaimed extends Error {
  constructor(documentId: number) {
    super(`Document ${documentId} is already being processed by another execution`);
    this.name = "AlreadyClaimed";
  }
}

/** Errors whose message describes the file and can be shown as the failure reason as is. */
export const PERMANENT_ERRORS = ["DocumentRejected", "Invalid", "TooLarge"] as const;
