import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { directUploadLimit, MAX_DIRECT_UPLOAD_BYTES } from "@quorum/core/request-limits";
import { quoteCsv, quoteDocx, quotePdf, quoteTxt, quoteXlsx, scannedQuotePng, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { addProject as addNamedProject, call, signedInUser, type TestUser, postToPresigned } from "@quorum/local/testing";

/**
 * The documents API and the LOCAL pipeline end to end, as the browser uses them:
 * ask for a presigned POST, upload straight to s3rver, and watch s3rver's event
 * run definition.asl.json in the dev stack until the document is completed.
 */

const MB = 1024 * 1024;

interface DocumentBody {
  id: number;
  projectId: number;
  fileName: string;
  fileType: string;
  documentCategory: string;
  processingStatus: string;
  extractedText: string | null;
  hasText: boolean;
  failureReason: string | null;
  quoteId: number | null;
  documentType: string | null;
  summary: string | null;
  pageCount: number | null;
  ocrPages: { page: number; confidence: number | null }[];
}

const s3 = () =>
  new S3Client({
    region: "us-east-1",
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });

async function keysUnder(prefix: string) {
  const page = await s3().send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

const addProject = (user: TestUser, name = "Warehouse") => addNamedProject(user, { name });

/** The browser's upload: a presigned POST ticket, then the form straight to S3. */
async function uploadViaPresignedPost(
  user: TestUser,
  projectId: number,
  fileName: string,
  contentType: string,
  data: Buffer,
  category = "vendor-quotes",
) {
  const ticket = await call(user, "POST", "/api/documents/upload-url", {
    projectId,
    documentCategory: category,
    fileName,
    contentType,
    size: data.length,
  });
  expect(ticket.status, ticket.text).toBe(201);
  await postToPresigned(ticket.body.upload, fileName, contentType, data);
  return ticket.body.document as DocumentBody;
}

/** Polls the list as the documents screen would, until the document leaves uploading/processing. */
async function settled(user: TestUser, projectId: number, documentId: number, timeoutMs = 60_000): Promise<DocumentBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(user, "GET", `/api/projects/${projectId}/documents`);
    expect(res.status, res.text).toBe(200);
    const doc = (res.body.documents as DocumentBody[]).find((d) => d.id === documentId);
    if (doc && (doc.processingStatus === "completed" || doc.processingStatus === "failed")) return doc;
    if (Date.now() > deadline) throw new Error(`document ${documentId} still ${doc?.processingStatus} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function quoteOf(user: TestUser, documentId: number) {
  const { Actor } = await import("@quorum/core/actor");
  const { Quote } = await import("@quorum/core/quote/index");
  return Actor.provide({ userId: user.uid }, () => Quote.forDocument(documentId));
}

function multipart(user: TestUser, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const form = new FormData();
  form.append("userId", user.uid);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("document", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

describe("documents: upload through the local pipeline", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann);
  });

  const fixtures: [string, string, () => Buffer | Promise<Buffer>][] = [
    ["acme-quote.pdf", "application/pdf", () => quotePdf()],
    ["acme-quote.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", () => quoteDocx()],
    ["acme-quote.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", () => quoteXlsx()],
    ["acme-quote.csv", "text/csv", () => quoteCsv()],
    ["acme-quote.txt", "text/plain", () => quoteTxt()],
    ["acme-quote-scan.png", "image/png", () => scannedQuotePng()],
  ];

  it.each(fixtures)(
    "%s goes from a presigned POST to completed, and its quote totals match",
    async (fileName, contentType, build) => {
      const data = await build();
      const created = await uploadViaPresignedPost(ann, projectId, fileName, contentType, data);
      expect(created).toMatchObject({
        fileName,
        fileType: contentType,
        documentCategory: "vendor-quotes",
        processingStatus: "uploading",
        extractedText: null,
      });

      const done = await settled(ann, projectId, created.id, 90_000);
      expect(done.failureReason).toBeNull();
      expect(done.processingStatus).toBe("completed");
      expect(done.hasText).toBe(true);
      expect(done.extractedText).toContain("Acme Industrial Supply");
      expect(done.documentType).toBe("quote");
      // a scan says which pages were read from pixels, and how sure the reading was
      if (contentType.startsWith("image/")) expect(done.ocrPages).toEqual([{ page: 1, confidence: expect.any(Number) }]);
      else expect(done.ocrPages).toEqual([]);

      const quote = await quoteOf(ann, created.id);
      expect(quote?.id).toBe(done.quoteId);
      expect(quote).toMatchObject({
        kind: "vendor",
        documentId: created.id,
        projectId,
        quoteNumber: VENDOR_QUOTE.quoteNumber,
        subtotal: VENDOR_QUOTE.subtotal,
        tax: VENDOR_QUOTE.tax,
        shipping: VENDOR_QUOTE.shipping,
        total: VENDOR_QUOTE.total,
        flags: [],
        edited: false,
        extractedBy: "offline",
      });
      expect(quote!.lineItems.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual(
        VENDOR_QUOTE.items.map((i) => [i.qty, i.unitPrice, i.amount]),
      );
      expect(quote!.sources.total?.page).toBe(1);
    },
    120_000,
  );

  it("POST /api/upload-document stores the file and answers { document }; the pipeline completes it", async () => {
    const res = await call(
      ann,
      "POST",
      "/api/upload-document",
      multipart(
        ann,
        { documentCategory: "customer-quotes", projectId: String(projectId) },
        { name: "quote.txt", type: "text/plain", data: quoteTxt() },
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.document).toMatchObject({ fileName: "quote.txt", documentCategory: "customer-quotes", projectId });
    expect(["processing", "completed"]).toContain(res.body.document.processingStatus);
    const done = await settled(ann, projectId, res.body.document.id);
    expect(done.processingStatus).toBe("completed");
    expect((await quoteOf(ann, done.id))?.kind).toBe("customer");
  });

  it("a contract is summarised, not turned into a quote", async () => {
    const text = Buffer.from(
      "MASTER SUPPLY AGREEMENT\n\nThis Agreement is made between Acme Industrial Supply Co. and Northwind Builders LLC. The parties hereby agree that the supplier shall deliver the goods described in each purchase order.\n\nGoverning law: the State of California.",
    );
    const doc = await uploadViaPresignedPost(ann, projectId, "agreement.txt", "text/plain", text, "contracts");
    const done = await settled(ann, projectId, doc.id);
    expect(done).toMatchObject({ processingStatus: "completed", documentType: "contract", quoteId: null });
    expect(done.summary).toContain("MASTER SUPPLY AGREEMENT");
    expect(await quoteOf(ann, doc.id)).toBeNull();
  });
});

describe("documents: what the server refuses", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann);
  });

  it("refuses a type outside the accepted list with the uploader's text", async () => {
    const res = await call(ann, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "contracts",
      fileName: "setup.exe",
      contentType: "application/x-msdownload",
      size: 10,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^File type must be one of application\/pdf, \.pdf, image\/\*, \.jpg, \.jpeg, \.png, .*\.txt$/);
    const multi = await call(
      ann,
      "POST",
      "/api/upload-document",
      multipart(
        ann,
        { documentCategory: "contracts", projectId: String(projectId) },
        { name: "logo.svg", type: "image/svg+xml", data: Buffer.from("<svg/>") },
      ),
    );
    expect(multi.status).toBe(400);
    expect(multi.body.error).toMatch(/^File type must be/);
  });

  it("refuses more than 100MB before anything is stored", async () => {
    const res = await call(ann, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "contracts",
      fileName: "big.pdf",
      contentType: "application/pdf",
      size: 100 * MB + 1,
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("File is larger than 104857600 bytes");
    const listed = (await call(ann, "GET", `/api/projects/${projectId}/documents`)).body.documents as DocumentBody[];
    expect(listed.map((d) => d.fileName)).not.toContain("big.pdf");
  });

  it("POST /api/upload-document refuses a file a Lambda request cannot carry with a 413 naming the limit and the presigned path", async () => {
    const res = await call(
      ann,
      "POST",
      "/api/upload-document",
      multipart(
        ann,
        { documentCategory: "contracts", projectId: String(projectId) },
        { name: "big.pdf", type: "application/pdf", data: Buffer.alloc(MAX_DIRECT_UPLOAD_BYTES + 1000, 0x25) },
      ),
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(
      `File is larger than ${directUploadLimit()}, the most one request can carry: upload it through POST /api/documents/upload-url`,
    );
  });

  it("refuses an unknown category and an empty file", async () => {
    const bad = await call(ann, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "memes",
      fileName: "a.pdf",
      contentType: "application/pdf",
      size: 10,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("documentCategory must be one of vendor-quotes, customer-quotes, contracts, specifications, images");
    const empty = await call(ann, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "contracts",
      fileName: "a.pdf",
      contentType: "application/pdf",
      size: 0,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("File is smaller than 1 byte");
  });

  it("a file bigger than it declared (s3rver ignores the POST policy) ends failed, and is not kept", async () => {
    const { MAX_DOCUMENT_BYTES } = await import("@quorum/core/document/types");
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    big.write("%PDF-1.4\n");
    // the ticket is for 1,000 bytes; the client sends 100MB + 1 with it anyway
    const ticket = await call(ann, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "contracts",
      fileName: "huge.pdf",
      contentType: "application/pdf",
      size: 1000,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.upload.fields as Record<string, string>)) form.append(k, v);
    form.append("file", new Blob([new Uint8Array(big)], { type: "application/pdf" }), "huge.pdf");
    expect((await fetch(ticket.body.upload.url, { method: "POST", body: form })).status).toBeLessThan(300);
    const done = await settled(ann, projectId, ticket.body.document.id);
    expect(done.processingStatus).toBe("failed");
    expect(done.failureReason).toBe("File is larger than 104857600 bytes");
    expect(await keysUnder(ticket.body.upload.fields.key)).toEqual([]);
  }, 60_000);

  it("a file whose content contradicts its name ends failed with the reason", async () => {
    const doc = await uploadViaPresignedPost(ann, projectId, "quote.pdf", "application/pdf", scannedQuotePng());
    const done = await settled(ann, projectId, doc.id);
    expect(done).toMatchObject({
      processingStatus: "failed",
      failureReason: "The file is named as PDF but its content is a PNG image.",
      hasText: false,
    });
  });

  it("a file that is no document at all ends failed with the reason", async () => {
    const doc = await uploadViaPresignedPost(
      ann,
      projectId,
      "notes.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    );
    const done = await settled(ann, projectId, doc.id);
    expect(done.processingStatus).toBe("failed");
    expect(done.failureReason).toBe("The file's content is not a PDF, Word, Excel, CSV, text or image file, whatever its name says.");
  });
});

describe("documents: view, move, delete and ownership", () => {
  let ann: TestUser;
  let bob: TestUser;
  let projectId: number;
  let doc: DocumentBody;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
  });
  // Each test gets its own processed document, so none depends on what another did to it.
  beforeEach(async () => {
    projectId = await addProject(ann);
    doc = await settled(ann, projectId, (await uploadViaPresignedPost(ann, projectId, "acme-quote.txt", "text/plain", quoteTxt())).id);
  });

  it("view answers a short-lived URL that serves the file", async () => {
    const res = await call(ann, "GET", `/api/documents/${doc.id}/view`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/X-Amz-Signature=/);
    const file = await fetch(res.body.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(quoteTxt())).toBe(true);
  });

  it("move changes the category", async () => {
    const res = await call(ann, "PUT", `/api/documents/${doc.id}/move`, { documentCategory: "contracts" });
    expect(res.status).toBe(200);
    expect(res.body.document.documentCategory).toBe("contracts");
    const bad = await call(ann, "PUT", `/api/documents/${doc.id}/move`, { documentCategory: "nope" });
    expect(bad.status).toBe(400);
  });

  it("another user's document and project answer 404 everywhere", async () => {
    expect((await call(bob, "GET", `/api/projects/${projectId}/documents`)).status).toBe(404);
    expect((await call(bob, "GET", `/api/documents/${doc.id}`)).status).toBe(404);
    expect((await call(bob, "GET", `/api/documents/${doc.id}/view`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/documents/${doc.id}/move`, { documentCategory: "images" })).status).toBe(404);
    expect((await call(bob, "DELETE", `/api/documents/${doc.id}`)).status).toBe(404);
    const upload = await call(bob, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "images",
      fileName: "a.png",
      contentType: "image/png",
      size: 10,
    });
    expect(upload.status).toBe(404);
    expect((await call(ann, "GET", `/api/documents/${doc.id}`)).body.document.documentCategory).toBe(doc.documentCategory);
  });

  it("the document chunks carry page references for retrieval", async () => {
    const { Actor } = await import("@quorum/core/actor");
    const { Document } = await import("@quorum/core/document/index");
    const chunks = await Actor.provide({ userId: ann.uid }, () => Document.chunks(projectId));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks[0]).toMatchObject({ id: `${doc.id}:0`, documentId: doc.id, projectId, fileName: "acme-quote.txt", page: 1, index: 0 });
    expect(chunks.map((c) => c.text).join("\n")).toContain(VENDOR_QUOTE.quoteNumber);
  });

  it("delete removes the file, the extracted text, the chunks and the quote: nothing orphaned", async () => {
    const uploads = `users/${ann.uid}/projects/${projectId}/documents/${doc.id}/`;
    expect((await keysUnder(uploads)).length).toBe(1);
    expect((await keysUnder(`derived/${uploads}`)).sort()).toEqual([`derived/${uploads}chunks.json`, `derived/${uploads}text.json`]);
    expect(await quoteOf(ann, doc.id)).not.toBeNull();

    const res = await call(ann, "DELETE", `/api/documents/${doc.id}`);
    expect(res.status).toBe(200);
    expect(await keysUnder(uploads)).toEqual([]);
    expect(await keysUnder(`derived/${uploads}`)).toEqual([]);
    expect(await quoteOf(ann, doc.id)).toBeNull();
    expect((await call(ann, "GET", `/api/documents/${doc.id}`)).status).toBe(404);
    expect((await call(ann, "GET", `/api/projects/${projectId}/documents`)).body.documents).toEqual([]);
  });
});

describe("documents: a delete that stops half way", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann, "Crashes");
  });
  afterEach(() => vi.restoreAllMocks());

  const prefixes = (id: number) => {
    const uploads = `users/${ann.uid}/projects/${projectId}/documents/${id}/`;
    return [uploads, `derived/${uploads}`];
  };
  const filesOf = async (id: number) => (await Promise.all(prefixes(id).map(keysUnder))).flat();
  const listed = async () => (await call(ann, "GET", `/api/projects/${projectId}/documents`)).body.documents as DocumentBody[];
  const quoted = async () => (await call(ann, "GET", `/api/projects/${projectId}/quotes`)).body.quotes as { documentId: number }[];

  /** A processed quote: file, text, chunks and quote record. */
  async function processedQuote(name: string) {
    const doc = await settled(ann, projectId, (await uploadViaPresignedPost(ann, projectId, name, "text/plain", quoteTxt())).id);
    expect(doc.processingStatus).toBe("completed");
    expect(await filesOf(doc.id)).toHaveLength(3);
    expect(await quoteOf(ann, doc.id)).not.toBeNull();
    return doc;
  }

  /** Document.remove in this process, where a step can be made to fail as a crash would. */
  async function removeHere(id: number) {
    const { Actor } = await import("@quorum/core/actor");
    const { Document } = await import("@quorum/core/document/index");
    return Actor.provide({ userId: ann.uid }, () => Document.remove(id));
  }

  /** The document shows as being deleted, and nothing else treats it as a document any more. */
  async function expectHalfDeleted(id: number) {
    expect((await listed()).find((d) => d.id === id)?.processingStatus).toBe("deleting");
    expect((await quoted()).map((q) => q.documentId)).not.toContain(id);
    const { Actor } = await import("@quorum/core/actor");
    const { Document } = await import("@quorum/core/document/index");
    const chunks = await Actor.provide({ userId: ann.uid }, () => Document.chunks(projectId));
    expect(chunks.map((c) => c.documentId)).not.toContain(id);
  }

  /** The next DELETE finishes the job; one after that finds nothing. */
  async function expectFinishedByRetry(id: number) {
    const retried = await call(ann, "DELETE", `/api/documents/${id}`);
    expect(retried.status, retried.text).toBe(200);
    expect(await filesOf(id)).toEqual([]);
    expect(await quoteOf(ann, id)).toBeNull();
    expect((await listed()).map((d) => d.id)).not.toContain(id);
    expect((await call(ann, "DELETE", `/api/documents/${id}`)).status).toBe(404);
    expect((await call(ann, "GET", `/api/documents/${id}`)).status).toBe(404);
  }

  it("a crash while removing the files leaves the document marked deleting, and the next delete finishes it", async () => {
    const doc = await processedQuote("crash-files.txt");
    const { Storage } = await import("@quorum/core/storage/index");
    vi.spyOn(Storage, "remove").mockRejectedValueOnce(new Error("S3 went away"));
    await expect(removeHere(doc.id)).rejects.toThrow("S3 went away");
    await expectHalfDeleted(doc.id);
    await expectFinishedByRetry(doc.id);
  });

  it("a crash before the records go (their transaction fails) leaves no file and a record the next delete removes", async () => {
    const doc = await processedQuote("crash-records.txt");
    const { Dynamo } = await import("@quorum/core/db/client");
    const client = Dynamo.client();
    const send = client.send.bind(client);
    vi.spyOn(client, "send").mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) =>
      command.constructor.name === "TransactWriteCommand"
        ? Promise.reject(new Error("DynamoDB went away"))
        : (send as (...args: unknown[]) => unknown)(command, ...rest)) as never);
    await expect(removeHere(doc.id)).rejects.toThrow("DynamoDB went away");
    vi.restoreAllMocks();
    expect(await filesOf(doc.id)).toEqual([]);
    await expectHalfDeleted(doc.id);
    await expectFinishedByRetry(doc.id);
  });

  it("deletes sent at the same time leave nothing behind, and each answers 200 or 404", async () => {
    const doc = await processedQuote("twice.txt");
    const answers = await Promise.all([1, 2, 3].map(() => call(ann, "DELETE", `/api/documents/${doc.id}`)));
    for (const res of answers) expect([200, 404], res.text).toContain(res.status);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(await filesOf(doc.id)).toEqual([]);
    expect(await quoteOf(ann, doc.id)).toBeNull();
    expect((await call(ann, "GET", `/api/documents/${doc.id}`)).status).toBe(404);
  });
});
