import { beforeAll, describe, expect, it } from "vitest";
import { ENGLISH_QUOTE, scannedPdf } from "@quorum/testing/scans";
import { addProject as addNamedProject, call, postToPresigned, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * The metered limits over the wire, as a Starter user meets them (the local stack
 * runs the default limits and no model): each refusal is a 429 with a sentence that
 * says which limit, when it resets and how to get more; GET /api/usage shows them.
 */

const RESETS_AT_MIDNIGHT =
  /The limit resets at midnight UTC \(in (\d+ h( \d+ min)?|\d+ min|less than a minute)\); upgrade to Professional for more\.$/;

const addProject = (user: TestUser) => addNamedProject(user, { name: "Metered warehouse" });

const ticket = (user: TestUser, projectId: number, fileName = "quote.txt", size = 42, contentType = "text/plain") =>
  call(user, "POST", "/api/documents/upload-url", { projectId, documentCategory: "vendor-quotes", fileName, contentType, size });

async function meter(user: TestUser, name: string) {
  const res = await call(user, "GET", "/api/usage");
  expect(res.status, res.text).toBe(200);
  return (res.body.meters as { name: string; used: number; limit: number | null; label: string; resetsAt: string }[]).find(
    (m) => m.name === name,
  )!;
}

const txt = (text: string) => ({
  name: "note.txt",
  type: "text/plain",
  data: `data:text/plain;base64,${Buffer.from(text).toString("base64")}`,
});

describe("document uploads per day", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann);
  });

  it("30 uploads at once against Starter's 20: exactly 20 pass, 10 are refused with the plan's sentence", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ticket(ann, projectId, `quote-${i}.txt`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.body.error).toMatch(/^You've reached today's 20 document uploads on the Starter plan\. /);
      expect(r.body.error).toMatch(RESETS_AT_MIDNIGHT);
      expect(r.body.limit).toEqual({ meter: "documentUploads", upgrade: true });
    }
    expect(await meter(ann, "documentUploads")).toMatchObject({ used: 20, limit: 20 });
    // The multipart upload counts against the same day.
    const form = new FormData();
    form.append("userId", ann.uid);
    form.append("projectId", String(projectId));
    form.append("documentCategory", "vendor-quotes");
    form.append("document", new Blob(["Quote"], { type: "text/plain" }), "late.txt");
    const late = await call(ann, "POST", "/api/upload-document", form);
    expect(late.status).toBe(429);
    expect(late.body.error).toMatch(/^You've reached today's 20 document uploads/);
    const listed = await call(ann, "GET", `/api/projects/${projectId}/documents`);
    expect(listed.body.documents).toHaveLength(20);
  });

  it("a refused upload (bad type, empty file, another user's project) never counts", async () => {
    const bea = await signedInUser();
    const own = await addProject(bea);
    expect((await ticket(bea, own, "virus.exe", 42, "application/x-msdownload")).status).toBe(400);
    expect((await ticket(bea, own, "quote.txt", 0)).status).toBe(400);
    expect((await ticket(bea, projectId)).status).toBe(404);
    expect(await meter(bea, "documentUploads")).toMatchObject({ used: 0, limit: 20 });
    expect((await ticket(bea, own)).status).toBe(201);
    expect(await meter(bea, "documentUploads")).toMatchObject({ used: 1 });
  });
});

describe("chat attachments read per day", () => {
  it("20 attachments pass; the 21st is refused with 429 and the question it came with is given back", async () => {
    const cy = await signedInUser();
    for (let q = 0; q < 2; q++) {
      const res = await call(cy, "POST", "/api/chat", {
        model: "gemini",
        message: `Batch ${q}`,
        files: Array.from({ length: 10 }, (_, i) => txt(`Line ${q}-${i}`)),
      });
      expect(res.status, res.text).toBe(200);
    }
    const refused = await call(cy, "POST", "/api/chat", { model: "gemini", message: "One more", files: [txt("late")] });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You've reached today's 20 attachment analyses on the Starter plan\. /);
    expect(refused.body.error).toMatch(RESETS_AT_MIDNIGHT);
    expect(refused.body.limit).toEqual({ meter: "attachmentAnalyses", upgrade: true });
    expect(await meter(cy, "attachmentAnalyses")).toMatchObject({ used: 20, limit: 20 });
    // Two answered questions; the refused one was given back.
    expect(await meter(cy, "questions")).toMatchObject({ used: 2, limit: 10 });
    // A file the browser could not read costs nothing, and a question without files still passes.
    const marker = await call(cy, "POST", "/api/chat", {
      model: "gemini",
      message: "Unreadable",
      files: [{ name: "x.pdf", type: "application/pdf", error: true }],
    });
    expect(marker.status).toBe(200);
    expect((await call(cy, "POST", "/api/chat", { model: "gemini", message: "No files" })).status).toBe(200);
  });
});

describe("questions", () => {
  it("a client error (400) never counts, in chat and in project chat", async () => {
    const dee = await signedInUser();
    const projectId = await addProject(dee);
    expect((await call(dee, "POST", "/api/chat", { model: "gemini", message: "  " })).status).toBe(400);
    expect((await call(dee, "POST", `/api/projects/${projectId}/chat`, { message: "" })).status).toBe(400);
    expect((await call(dee, "POST", "/api/projects-chat", { message: "" })).status).toBe(400);
    expect(await meter(dee, "questions")).toMatchObject({ used: 0 });
    // Answered questions count, in every chat.
    expect((await call(dee, "POST", `/api/projects/${projectId}/chat`, { message: "What is the lead time?" })).status).toBe(200);
    expect((await call(dee, "POST", "/api/projects-chat", { message: "Which project is late?" })).status).toBe(200);
    expect(await meter(dee, "questions")).toMatchObject({ used: 2 });
  });
});

describe("titles", () => {
  it("titles written without a model (the offline heuristic) are not counted, past the day's limit too", async () => {
    const eve = await signedInUser();
    const limit = (await meter(eve, "titles")).limit!;
    for (let i = 0; i <= limit; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => call(eve, "POST", "/api/chat/generate-title", { message: `Compare quote ${i + j}` })),
      );
      for (const res of batch) expect(res.status).toBe(200);
    }
    expect(await meter(eve, "titles")).toMatchObject({ used: 0, limit: 50 });
  });
});

describe("OCR pages per month", () => {
  it("a scan that needs more pages than the month has left is read up to the budget and says why the rest was not", async () => {
    const fay = await signedInUser();
    const projectId = await addProject(fay);
    // 99 of Starter's 100 pages already read this month.
    const { Quota, OCR_PAGES } = await import("@quorum/core/quota/index");
    const used = await Quota.reserve(OCR_PAGES, fay.uid, 99);
    expect(used.amount).toBe(99);

    const pdf = await scannedPdf([ENGLISH_QUOTE, ENGLISH_QUOTE]);
    const created = await call(fay, "POST", "/api/documents/upload-url", {
      projectId,
      documentCategory: "vendor-quotes",
      fileName: "scan.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    });
    expect(created.status, created.text).toBe(201);
    await postToPresigned(created.body.upload, "scan.pdf", "application/pdf", pdf);
    const id = created.body.document.id as number;
    let doc: any;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      doc = (await call(fay, "GET", `/api/documents/${id}`)).body.document;
      if (doc.processingStatus === "completed" || doc.processingStatus === "failed") break;
    }
    expect(doc.processingStatus).toBe("completed");
    expect(doc.ocrPages.map((p: { page: number }) => p.page)).toEqual([1]);
    expect(doc.warnings).toContainEqual(
      expect.stringMatching(
        /^Page 2 was not read: this month's 100 OCR pages on the Starter plan are used up\. The limit resets on 1 [A-Z][a-z]+ at midnight UTC; upgrade to Professional for more\.$/,
      ),
    );
    expect(await meter(fay, "ocrPages")).toMatchObject({ used: 100, limit: 100 });
  });
});

describe("chat attachment uploads per day", () => {
  it("past the day's attachment upload tickets the answer is a 429 that names the limit, and usage shows it", async () => {
    const gus = await signedInUser();
    const ask = () => call(gus, "POST", "/api/chat/attachments/upload-url", { fileName: "note.txt", contentType: "text/plain", size: 42 });
    const { limit } = await meter(gus, "attachmentUploads");
    expect(limit).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: limit! + 3 }, ask));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(limit!);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toMatch(new RegExp(`${limit} attachment uploads`));
    expect(refused[0]!.body.error).toMatch(RESETS_AT_MIDNIGHT);
    expect(refused[0]!.body.limit).toEqual({ meter: "attachmentUploads", upgrade: true });
    expect(await meter(gus, "attachmentUploads")).toMatchObject({ used: limit, limit });
  });
});
