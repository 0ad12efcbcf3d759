/**
 * What one request through the API can carry, in a browser-safe module (constants and pure
 * helpers only) so the server refuses and the web avoids the same numbers.
 */

/** A synchronous Lambda invocation carries at most 6 MB of request; API Gateway itself takes 10 MB. */
export const LAMBDA_REQUEST_BYTES = 6 * 1024 * 1024;

/** What the rest of the event takes beside the file: headers, form fields, multipart boundaries. */
const EVENT_ROOM_BYTES = 64 * 1024;

/** The largest file a multipart request can carry to a Lambda: API Gateway sends the body base64, a third larger. */
export const MAX_DIRECT_UPLOAD_BYTES = Math.floor(((LAMBDA_REQUEST_BYTES - EVENT_ROOM_BYTES) * 3) / 4);

/** "4.4 MB" */
export const directUploadLimit = () => `${(MAX_DIRECT_UPLOAD_BYTES / 1024 / 1024).toFixed(1)} MB`;
