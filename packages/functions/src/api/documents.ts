import { Document, MAX_DOCUMENT_BYTES } from "@quorum/core/document/index";
import { DocumentMoveInput } from "@quorum/core/document/schema";
import { Invalid } from "@quorum/core/error";
import { describeZodError } from "@quorum/core/fn";
import { directUploadLimit, MAX_DIRECT_UPLOAD_BYTES } from "@quorum/core/request-limits";
import { parseMultipart } from "../http/multipart";
import { NumericId, refuseOtherUser, reply, route, ListQuery, listReply } from "../http/route";

/**
 * POST /api/documents/upload-url { projectId, documentCategory, fileName, contentType, size }
 * -> 201 { document, upload: { method: "POST", url, fields, expiresAt, maxBytes } }.
 * The browser then POSTs multipart/form-data to `url`: every entry of `fields`, then `file`.
 */
export const uploadUrl = route({ body: Document.UploadRequest }, async ({ body }) => reply(201, await Document.requestUpload(body)));

/**
 * POST /api/upload-document (multipart: document, userId, documentCategory, projectId)
 * -> { document }, or { error } with 400/413 and the uploader's texts. For files a Lambda
 * request can carry (MAX_DIRECT_UPLOAD_BYTES); larger ones take the presigned upload above, and
 * this route says so with a 413 that names the limit instead of the gateway's bare one.
 */
const DIRECT_LIMIT = Math.min(MAX_DOCUMENT_BYTES, MAX_DIRECT_UPLOAD_BYTES);
const DIRECT_TOO_LARGE = `File is larger than ${directUploadLimit()}, the most one request can carry: upload it through POST /api/documents/upload-url`;

export const upload = route({}, async ({ event, user }) => {
  const { fields, files } = await parseMultipart(event, { maxFileBytes: DIRECT_LIMIT, tooLargeMessage: DIRECT_TOO_LARGE });
  refuseOtherUser(user, fields);
  const parsed = Document.UploadFields.safeParse(fields);
  if (!parsed.success) throw new Invalid(describeZodError(parsed.error));
  const file = files.find((f) => f.fieldName === "document");
  if (!file) throw new Invalid('No file was uploaded (the form field is "document")');
  const document = await Document.upload({
    projectId: parsed.data.projectId!,
    documentCategory: parsed.data.documentCategory,
    fileName: file.fileName,
    contentType: file.contentType,
    data: file.data,
  });
  return { document };
});

/** GET /api/projects/{id}/documents -> { documents }, newest first. */
export const list = route({ path: NumericId, query: ListQuery }, async ({ path, query }) =>
  listReply("documents", await Document.page(path.id, query)),
);

/** GET /api/documents/{id} -> { document } */
export const get = route({ path: NumericId }, async ({ path }) => ({ document: await Document.get(path.id) }));

/**
 * GET /api/documents/{id}/view -> { url, expiresAt }: a presigned GET of the file, valid
 * five minutes. A bearer-token API cannot be opened in a new tab directly (the tab sends
 * no Authorization header), so the page fetches this and opens `url`.
 */
export const view = route({ path: NumericId }, async ({ path }) => Document.viewUrl(path.id));

/** DELETE /api/documents/{id} -> { id }: the file, extracted text, chunks and quote go with it. */
export const remove = route({ path: NumericId }, async ({ path }) => Document.remove(path.id));

/** PUT /api/documents/{id}/move { documentCategory } -> { document } */
export const move = route({ path: NumericId, body: DocumentMoveInput }, async ({ path, body }) => ({
  document: await Document.move({ id: path.id, documentCategory: body.documentCategory }),
}));
