import { beforeAll, describe, expect, it } from "vitest";
import { listKeys } from "@quorum/core/document/store";
import { PendingUploadEntity } from "@quorum/core/quota/entity";
import { quoteTxt } from "@quorum/testing/quote-files";
import { addProject, call, postToPresigned, signedInUser, type TestUser, waitCompleted } from "@quorum/local/testing";

/**
 * Document storage per plan over the wire: a Starter stores up to 1 GB of document files. A
 * presigned upload holds its declared bytes from the request on, so the cap is reached without
 * sending a gigabyte.
 */

const MB = 1024 * 1024;
const STARTER_FULL = (inUse: string) =>
  `Your Starter plan stores up to 1 GB of documents (${inUse} in use). Delete documents to make room; upgrade to Professional for more.`;

const requestUpload = (user: TestUser, projectId: number, size: number, fileName = "drawings.pdf") =>
  call(user, "POST", "/api/documents/upload-url", {
    projectId,
    documentCategory: "specifications",
    fileName,
    contentType: "application/pdf",
    size,
  });

const usage = async (user: TestUser) =>
  (await call(user, "GET", "/api/usage")).body as { storage: { used: number; limit: number }; meters: { name: string; used: number }[] };
const uploadsToday = async (user: TestUser) => (await usage(user)).meters.find((m) => m.name === "documentUploads")!.used;
const documentsOf = async (user: TestUser, projectId: number) =>
  (await call(user, "GET", `/api/projects/${projectId}/documents`)).body.documents as { id: number; fileName: string }[];

const objectsUnder = (user: TestUser) => listKeys(`users/${user.uid}/`);

/** A user with a project whose uploads hold `count` x 100 MB of the storage. */
async function nearlyFull(count = 10) {
  const user = await signedInUser();
  const projectId = await addProject(user);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await requestUpload(user, projectId, 100 * MB, `sheet-${i}.pdf`);
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.document.id);
  }
  return { user, projectId, ids };
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("document", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

describe("document storage per plan", () => {
  let ann: TestUser;
  let projectId: number;
  let ids: number[];
  beforeAll(async () => {
    ({ user: ann, projectId, ids } = await nearlyFull());
  });

  it("shows what is stored against the plan's cap", async () => {
    expect((await usage(ann)).storage).toEqual({ used: 1000 * MB, limit: 1024 * MB });
  });

  it("refuses a presigned upload past the cap with a 413 that names the limit, writing and counting nothing", async () => {
    const uploads = await uploadsToday(ann);
    const refused = await requestUpload(ann, projectId, 100 * MB, "one-too-many.pdf");
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: STARTER_FULL("1000 MB") });
    expect((await documentsOf(ann, projectId)).map((d) => d.fileName)).not.toContain("one-too-many.pdf");
    expect(await uploadsToday(ann)).toBe(uploads);
    expect((await usage(ann)).storage.used).toBe(1000 * MB);
  });

  it("refuses POST /api/upload-document past the cap before the file is stored", async () => {
    expect((await requestUpload(ann, projectId, 23 * MB, "last-room.pdf")).status).toBe(201);
    const objects = await objectsUnder(ann);
    const refused = await call(
      ann,
      "POST",
      "/api/upload-document",
      multipart(
        { documentCategory: "vendor-quotes", projectId: String(projectId) },
        { name: "quote.txt", type: "text/plain", data: Buffer.alloc(2 * MB, "a") },
      ),
    );
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: STARTER_FULL("1023 MB") });
    expect((await documentsOf(ann, projectId)).map((d) => d.fileName)).not.toContain("quote.txt");
    expect(await objectsUnder(ann)).toEqual(objects);
  });

  it("deleting a document gives its bytes back", async () => {
    expect((await call(ann, "DELETE", `/api/documents/${ids[0]}`)).status).toBe(200);
    expect((await usage(ann)).storage.used).toBe(923 * MB);
    expect((await requestUpload(ann, projectId, 100 * MB, "fits-again.pdf")).status).toBe(201);
  });

  it("another user's storage is their own", async () => {
    const bob = await signedInUser();
    const bobProject = await addProject(bob);
    expect((await requestUpload(bob, bobProject, 100 * MB)).status).toBe(201);
    expect((await usage(bob)).storage.used).toBe(100 * MB);
    expect((await usage(ann)).storage.used).toBe(1023 * MB);
  });
});

describe("document storage: what is held", () => {
  it("two uploads racing for the last room cannot both pass the cap", async () => {
    const { user, projectId } = await nearlyFull();
    const raced = await Promise.all([
      requestUpload(user, projectId, 20 * MB, "left.pdf"),
      requestUpload(user, projectId, 20 * MB, "right.pdf"),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 413]);
    expect((await usage(user)).storage.used).toBe(1020 * MB);
  });

  it("a stored file holds its own size, and gives it back when deleted", async () => {
    const cy = await signedInUser();
    const projectId = await addProject(cy);
    const data = quoteTxt();
    const ticket = await call(cy, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "vendor-quotes",
      fileName: "quote.txt",
      contentType: "text/plain",
      size: data.length,
    });
    expect(ticket.status, ticket.text).toBe(201);
    // The policy holds the upload to the size counted for it.
    expect(ticket.body.upload.maxBytes).toBe(data.length);
    await postToPresigned(ticket.body.upload, "quote.txt", "text/plain", data);
    await waitCompleted(cy, projectId, [ticket.body.document.id]);
    expect((await usage(cy)).storage.used).toBe(data.length);
    expect((await call(cy, "DELETE", `/api/documents/${ticket.body.document.id}`)).status).toBe(200);
    expect((await usage(cy)).storage.used).toBe(0);
  });

  it("a file larger than its ticket that no longer fits is refused when it arrives, and not kept", async () => {
    const { user, projectId } = await nearlyFull();
    // s3rver ignores the POST policy that holds the file to its declared 10 bytes.
    const ticket = await call(user, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "vendor-quotes",
      fileName: "notes.txt",
      contentType: "text/plain",
      size: 10,
    });
    expect(ticket.status, ticket.text).toBe(201);
    await postToPresigned(ticket.body.upload, "notes.txt", "text/plain", Buffer.alloc(30 * MB, "a"));
    const id = ticket.body.document.id as number;
    await expect
      .poll(async () => (await call(user, "GET", `/api/documents/${id}`)).body.document.processingStatus, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe("failed");
    expect((await call(user, "GET", `/api/documents/${id}`)).body.document.failureReason).toBe(STARTER_FULL("1000 MB"));
    expect(await objectsUnder(user)).not.toContain(ticket.body.upload.fields.key);
    // It holds what its ticket declared until it is deleted.
    expect((await usage(user)).storage.used).toBe(1000 * MB + 10);
  });

  it("an upload whose file never arrived gives its bytes back once its upload has expired", async () => {
    const { user, projectId, ids } = await nearlyFull();
    // The first presigned POST was asked for long ago and never used.
    const mark = (await PendingUploadEntity.get({ userId: user.uid, documentId: ids[0]! }).go()).data!;
    await PendingUploadEntity.put({ ...mark, requestedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString() }).go();
    expect((await usage(user)).storage.used).toBe(900 * MB);
    expect((await requestUpload(user, projectId, 100 * MB, "in-its-place.pdf")).status).toBe(201);
    expect((await usage(user)).storage.used).toBe(1000 * MB);
    // Its document stays listed, as an upload that did not complete; deleting it gives back nothing more.
    expect((await call(user, "DELETE", `/api/documents/${ids[0]}`)).status).toBe(200);
    expect((await usage(user)).storage.used).toBe(1000 * MB);
  });
});
