import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import type { Block } from "@aws-sdk/client-textract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { quoteLines, quoteTxt, scannedQuotePng, scannedQuoteRaster, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { PAGE_HEIGHT, PAGE_WIDTH, writePdf } from "@quorum/testing/pdf-writer";
import { tiffOf } from "@quorum/testing/scans";
import type { PipelineRunner, PipelineRunnerOptions, StepHandler } from "@quorum/local/pipeline";
import type { S3Service } from "@quorum/local/services";

/**
 * The state machine itself, run in this process on the SAME definition.asl.json
 * (aws-local-stepfunctions), with its own s3rver so only this runner sees these
 * uploads, DynamoDB Local from the test stack, and Amazon Textract played by a small
 * server speaking its wire protocol (AWS JSON 1.1) to the real SDK client.
 */

// --- a stand-in for Amazon Textract -------------------------------------------------------

interface TextractCall {
  target: string;
  body: Record<string, any>;
}
const textractCalls: TextractCall[] = [];
const jobs = new Map<string, { polls: number; key: string }>();
/** How the next asynchronous job behaves. */
let jobPlan: { inProgressPolls: number; fail?: string } = { inProgressPolls: 2 };

/** The quote as Textract's LINE blocks: the header and the items on page 1, the totals on page 2. */
function quoteBlocks(pages: 1 | 2): Block[] {
  const lines = quoteLines().filter((l) => l !== "");
  const totalsAt = lines.findIndex((l) => l.startsWith("Subtotal"));
  const blocks: Block[] = [];
  lines.forEach((text, i) => {
    const page = pages === 2 && i >= totalsAt ? 2 : 1;
    const top = 0.05 + (i % 40) * 0.02;
    const geometry = { BoundingBox: { Left: 0.08, Top: top, Width: 0.6, Height: 0.015 } };
    const words = text.split(" ").map((w) => ({ Id: randomUUID(), BlockType: "WORD" as const, Text: w, Page: page, Geometry: geometry }));
    blocks.push(...words, {
      Id: randomUUID(),
      BlockType: "LINE",
      Text: text,
      Page: page,
      Geometry: geometry,
      Relationships: [{ Type: "CHILD", Ids: words.map((w) => w.Id) }],
    });
  });
  for (let p = 1; p <= pages; p++) blocks.unshift({ Id: randomUUID(), BlockType: "PAGE", Page: p });
  return blocks;
}

function textract(target: string, body: Record<string, any>): [number, unknown] {
  const operation = target.replace(/^Textract\./, "");
  if (operation === "AnalyzeDocument") {
    return [
      200,
      {
        DocumentMetadata: { Pages: 1 },
        Blocks: quoteBlocks(1).map((b) => ({ ...b, Page: undefined })),
        AnalyzeDocumentModelVersion: "1.0",
      },
    ];
  }
  if (operation === "StartDocumentAnalysis") {
    const key = body.DocumentLocation?.S3Object?.Name as string;
    const JobId = `job-${body.ClientRequestToken ?? randomUUID()}`;
    if (!jobs.has(JobId)) jobs.set(JobId, { polls: 0, key });
    return [200, { JobId }];
  }
  if (operation === "GetDocumentAnalysis") {
    const job = jobs.get(body.JobId);
    if (!job) return [400, { __type: "com.amazonaws.textract#InvalidJobIdException", message: "Invalid job id" }];
    job.polls++;
    const metadata = { DocumentMetadata: { Pages: 2 }, AnalyzeDocumentModelVersion: "1.0" };
    if (job.polls <= jobPlan.inProgressPolls) return [200, { ...metadata, JobStatus: "IN_PROGRESS" }];
    if (jobPlan.fail) return [200, { ...metadata, JobStatus: "FAILED", StatusMessage: jobPlan.fail }];
    return [200, { ...metadata, JobStatus: "SUCCEEDED", Blocks: quoteBlocks(2) }];
  }
  return [400, { __type: "com.amazonaws.textract#InvalidParameterException", message: `Unknown operation ${target}` }];
}

let fakeTextract: Server;
async function startFakeTextract() {
  fakeTextract = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      const signed = String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 ");
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      textractCalls.push({ target, body });
      const [status, payload] = signed ? textract(target, body) : [400, { __type: "InvalidSignatureException", message: "unsigned" }];
      res.writeHead(status, { "content-type": "application/x-amz-json-1.1", "x-amzn-requestid": randomUUID() });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => fakeTextract.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(fakeTextract.address() as AddressInfo).port}`;
}

// --- the stack for this file ----------------------------------------------------------------

let s3: S3Service;
let workDir: string;
let runner: PipelineRunner;
const userId = `pipeline-${randomUUID().slice(0, 8)}`;
let projectId: number;

type Core = {
  Actor: typeof import("@quorum/core/actor").Actor;
  Document: typeof import("@quorum/core/document/index").Document;
  Quote: typeof import("@quorum/core/quote/index").Quote;
  Storage: typeof import("@quorum/core/storage/index").Storage;
};
let core: Core;

const as = <T>(run: () => Promise<T>) => core.Actor.provide({ userId }, run);

async function newRunner(options: PipelineRunnerOptions = {}) {
  const { createPipelineRunner } = await import("@quorum/local/pipeline");
  runner = await createPipelineRunner({ textractWaitMs: 20, retryDelayMs: 20, ...options });
  return runner;
}

/** The browser's upload: a presigned POST ticket, then the form to (this file's) s3rver. */
async function upload(
  fileName: string,
  contentType: string,
  data: Buffer,
  documentCategory: "vendor-quotes" | "contracts" = "vendor-quotes",
) {
  const ticket = await as(() => core.Document.requestUpload({ projectId, documentCategory, fileName, contentType, size: data.length }));
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.upload.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(data)], { type: contentType }), fileName);
  const res = await fetch(ticket.upload.url, { method: "POST", body: form });
  expect(res.status).toBeLessThan(300);
  return ticket.document;
}

async function finished(documentId: number) {
  await runner.idle();
  return as(() => core.Document.get(documentId));
}

async function keysUnder(prefix: string) {
  const page = await core.Storage.s3().send(new ListObjectsV2Command({ Bucket: core.Storage.bucket(), Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** A two-page PDF of scans (no text layer): what asynchronous Textract is for. */
function scannedTwoPagePdf() {
  const raster = scannedQuoteRaster();
  const scale = Math.min((PAGE_WIDTH - 40) / raster.width, (PAGE_HEIGHT - 40) / raster.height);
  const image = { raster, x: 20, y: PAGE_HEIGHT - 20 - raster.height * scale, width: raster.width * scale, height: raster.height * scale };
  return writePdf([
    { runs: [], image },
    { runs: [], image },
  ]);
}

beforeAll(async () => {
  const { startS3 } = await import("@quorum/local/services");
  const { freePort } = await import("@quorum/local/ports");
  workDir = mkdtempSync(join(tmpdir(), "quorum-pipeline-test-"));
  const port = await freePort();
  const bucket = `pipeline-test-${randomUUID().slice(0, 8)}`;
  s3 = await startS3({ port, directory: join(workDir, "s3"), buckets: [bucket] });
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_PUBLIC_ENDPOINT: `http://127.0.0.1:${port}`,
    BUCKET_NAME: bucket,
    TEXTRACT_ENABLED: "true",
    TEXTRACT_ENDPOINT: await startFakeTextract(),
  });
  const { resetConfig } = await import("@quorum/core/config");
  resetConfig();
  core = {
    Actor: (await import("@quorum/core/actor")).Actor,
    Document: (await import("@quorum/core/document/index")).Document,
    Quote: (await import("@quorum/core/quote/index")).Quote,
    Storage: (await import("@quorum/core/storage/index")).Storage,
  };
  const { Project } = await import("@quorum/core/project/index");
  projectId = (await as(() => Project.create({ name: "Pipeline" }))).id;
  await newRunner();
  s3.onEvent((record) => runner.enqueue([record as never]));
}, 60_000);

afterAll(async () => {
  await runner?.idle();
  await s3?.stop();
  await new Promise((resolve) => fakeTextract?.close(resolve));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("the state machine with Textract", () => {
  it("reads a scanned image with synchronous Textract and extracts its quote", async () => {
    const before = textractCalls.length;
    const doc = await upload("scan.png", "image/png", scannedQuotePng());
    const done = await finished(doc.id);
    expect(done).toMatchObject({ processingStatus: "completed", hasText: true, documentType: "quote", failureReason: null });
    expect(textractCalls.slice(before).map((c) => c.target)).toEqual(["Textract.AnalyzeDocument"]);
    const quote = await as(() => core.Quote.forDocument(doc.id));
    expect(quote).toMatchObject({
      subtotal: VENDOR_QUOTE.subtotal,
      tax: VENDOR_QUOTE.tax,
      shipping: VENDOR_QUOTE.shipping,
      total: VENDOR_QUOTE.total,
      flags: [],
    });
    const text = await as(() => core.Document.text(doc.id));
    expect(text?.source).toBe("textract");
  });

  it("reads a multi-page scan with asynchronous Textract, polled by the state machine's Wait and Choice", async () => {
    jobPlan = { inProgressPolls: 3 };
    const before = textractCalls.length;
    const doc = await upload("scan.pdf", "application/pdf", scannedTwoPagePdf());
    const done = await finished(doc.id);
    expect(done).toMatchObject({ processingStatus: "completed", pageCount: 2, hasText: true });
    const calls = textractCalls.slice(before).map((c) => c.target);
    // one start, then a poll per loop of the state machine: three IN_PROGRESS, one SUCCEEDED
    expect(calls).toEqual(["Textract.StartDocumentAnalysis", ...Array(4).fill("Textract.GetDocumentAnalysis")]);
    expect(textractCalls[before]!.body.DocumentLocation.S3Object.Name).toMatch(
      new RegExp(`^users/${userId}/projects/${projectId}/documents/${doc.id}/scan\\.pdf$`),
    );
    const quote = await as(() => core.Quote.forDocument(doc.id));
    expect(quote).toMatchObject({ total: VENDOR_QUOTE.total, subtotal: VENDOR_QUOTE.subtotal });
    expect(quote!.sources.total?.page).toBe(2);
    expect(quote!.lineItems[0]!.page).toBe(1);
  });

  it("a multi-page TIFF goes to asynchronous Textract too (the synchronous call reads one page)", async () => {
    jobPlan = { inProgressPolls: 1 };
    const before = textractCalls.length;
    const raster = scannedQuoteRaster();
    const page = { width: raster.width, height: raster.height, data: new Uint8Array(raster.data), scale: 1 };
    const doc = await upload("scan.tiff", "image/tiff", tiffOf([page, page]));
    const done = await finished(doc.id);
    expect(done).toMatchObject({ processingStatus: "completed", hasText: true });
    expect(textractCalls.slice(before).map((c) => c.target)).toEqual([
      "Textract.StartDocumentAnalysis",
      "Textract.GetDocumentAnalysis",
      "Textract.GetDocumentAnalysis",
    ]);
    jobPlan = { inProgressPolls: 2 };
  });

  it("a Textract job that fails leaves the document failed with the reason", async () => {
    jobPlan = { inProgressPolls: 1, fail: "The document is corrupt" };
    const doc = await upload("broken-scan.pdf", "application/pdf", scannedTwoPagePdf());
    const done = await finished(doc.id);
    expect(done).toMatchObject({
      processingStatus: "failed",
      failureReason: "The scanned pages could not be read: The document is corrupt.",
    });
    jobPlan = { inProgressPolls: 2 };
  });
});

describe("the state machine when things go wrong", () => {
  // Index runs beside Analyze: its failure stops the run the same way, and reads as the analysis's
  it.each(["Analyze", "Index"] as const)(
    "a step that keeps throwing is retried with backoff, then the document is failed, never left processing (%s)",
    async (step) => {
      const attempts: number[] = [];
      const failing: StepHandler = () => {
        attempts.push(Date.now());
        throw new Error("connect ECONNREFUSED 10.0.0.1:443");
      };
      await newRunner({ handlers: { [step]: failing } });
      const doc = await upload("quote.txt", "text/plain", quoteTxt());
      const done = await finished(doc.id);
      expect(attempts.length).toBe(4);
      expect(done).toMatchObject({
        processingStatus: "failed",
        failureReason: "Processing stopped while analysing it because of an internal error. Please upload the file again.",
      });
      expect(runner.results.at(-1)?.outcome).toBe("Failed");
      await newRunner();
    },
  );

  it("a document deleted while it is processed leaves nothing behind", async () => {
    const { handler: extract } = await import("./extract");
    await newRunner({
      handlers: {
        Extract: async (input) => {
          await as(() => core.Document.remove((input as { documentId: number }).documentId));
          return (await extract(input)) as never;
        },
      },
    });
    const doc = await upload("quote.txt", "text/plain", quoteTxt());
    await runner.idle();
    expect(runner.results.at(-1)?.outcome).toBe("Discarded");
    expect(await keysUnder(`users/${userId}/projects/${projectId}/documents/${doc.id}/`)).toEqual([]);
    expect(await keysUnder(`derived/users/${userId}/projects/${projectId}/documents/${doc.id}/`)).toEqual([]);
    await expect(as(() => core.Document.get(doc.id))).rejects.toThrow("Document not found");
    await newRunner();
  });

  it("a document whose delete stopped half way is never marked completed: the run discards its files, the next delete ends it", async () => {
    const { handler: complete } = await import("./complete");
    await newRunner({
      handlers: {
        Complete: async (input) => {
          // the delete marks the record, then crashes before it removes a file
          const crash = vi.spyOn(core.Storage, "remove").mockRejectedValueOnce(new Error("crash"));
          await expect(as(() => core.Document.remove((input as { documentId: number }).documentId))).rejects.toThrow("crash");
          crash.mockRestore();
          return (await complete(input)) as never;
        },
      },
    });
    const doc = await upload("half-deleted.txt", "text/plain", quoteTxt());
    await runner.idle();
    expect(runner.results.at(-1)?.outcome).toBe("Discarded");
    expect(await keysUnder(`users/${userId}/projects/${projectId}/documents/${doc.id}/`)).toEqual([]);
    expect(await keysUnder(`derived/users/${userId}/projects/${projectId}/documents/${doc.id}/`)).toEqual([]);
    expect((await as(() => core.Document.get(doc.id))).processingStatus).toBe("deleting");
    await as(() => core.Document.remove(doc.id));
    await expect(as(() => core.Document.get(doc.id))).rejects.toThrow("Document not found");
    await newRunner();
  });

  it("an upload for a document that does not exist (a ticket used after a delete) is discarded", async () => {
    const key = `users/${userId}/projects/${projectId}/documents/999999999/late.txt`;
    await core.Storage.s3().send(
      new PutObjectCommand({ Bucket: core.Storage.bucket(), Key: key, Body: quoteTxt(), ContentType: "text/plain" }),
    );
    await runner.idle();
    expect(runner.results.at(-1)).toMatchObject({ key, outcome: "Discarded" });
    expect(await keysUnder(key)).toEqual([]);
  });

  it("a notification delivered twice processes the document once", async () => {
    const doc = await upload("twice.txt", "text/plain", quoteTxt());
    const bucket = core.Storage.bucket();
    const key = (await keysUnder(`users/${userId}/projects/${projectId}/documents/${doc.id}/`))[0]!;
    runner.enqueue([{ eventName: "ObjectCreated:Post", s3: { bucket: { name: bucket }, object: { key } } }]);
    await runner.idle();
    const outcomes = runner.results
      .filter((r) => r.key === key)
      .map((r) => r.outcome)
      .sort();
    expect(outcomes).toEqual(["Completed", "Skipped"]);
    expect((await finished(doc.id)).processingStatus).toBe("completed");
  });
});
