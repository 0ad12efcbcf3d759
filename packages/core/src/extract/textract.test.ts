import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Block } from "@aws-sdk/client-textract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "../config";
import { money, scannedQuotePng, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { analyzeWithTextract, blocksToPages, getTextractResult, mergeTextractPages, startTextract } from "./textract";

/**
 * A stand-in for Amazon Textract speaking its wire protocol (AWS JSON 1.1: POST /, the operation
 * in X-Amz-Target, SigV4-signed): jobs report IN_PROGRESS on their first poll, then SUCCEEDED
 * with results in pages linked by NextToken, as the real service does.
 */
interface Call {
  target: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

let server: Server;
const calls: Call[] = [];
const jobs = new Map<string, { api: "analysis" | "text"; polls: number; blocks: Block[]; fail?: string }>();
let nextJobBlocks: Block[] = [];
let nextJobFailure: string | undefined;
const RESULTS_PER_PAGE = 7;

const box = (left: number, top: number, width: number, height: number) => ({
  BoundingBox: { Left: left, Top: top, Width: width, Height: height },
});

/** Blocks for the quote as Textract returns them: page 1 has the header and the items table, page 2 the totals. */
function quoteBlocks(): Block[] {
  const blocks: Block[] = [];
  const add = (block: Block) => {
    const withId = { Id: randomUUID(), Confidence: 99.1, ...block };
    blocks.push(withId);
    return withId;
  };
  const words = (text: string, page: number, geometry: ReturnType<typeof box>) =>
    text.split(" ").map((w) => add({ BlockType: "WORD", Text: w, Page: page, Geometry: geometry, TextType: "PRINTED" }));
  const line = (text: string, page: number, top: number, left = 0.08) => {
    const geometry = box(left, top, 0.4, 0.015);
    const children = words(text, page, geometry);
    return add({
      BlockType: "LINE",
      Text: text,
      Page: page,
      Geometry: geometry,
      Relationships: [{ Type: "CHILD", Ids: children.map((c) => c.Id!) }],
    });
  };

  const page1 = add({ BlockType: "PAGE", Page: 1, Geometry: box(0, 0, 1, 1) });
  const lines1 = [
    line(VENDOR_QUOTE.vendor, 1, 0.05),
    line(`Quote No: ${VENDOR_QUOTE.quoteNumber}`, 1, 0.09),
    line(`Date: ${VENDOR_QUOTE.quoteDate}`, 1, 0.11),
  ];
  // the table area: Textract reports its text both as LINEs and as CELLs
  const header = ["Qty", "Description", "Unit Price", "Amount"];
  const rows = [header, ...VENDOR_QUOTE.items.map((i) => [String(i.qty), i.description, money(i.unitPrice), money(i.amount)])];
  const cells: Block[] = [];
  rows.forEach((row, r) => {
    const top = 0.3 + r * 0.03;
    lines1.push(line(row.join(" "), 1, top, 0.1));
    row.forEach((text, c) => {
      const children = words(text, 1, box(0.1 + c * 0.2, top, 0.18, 0.015));
      cells.push(
        add({
          BlockType: "CELL",
          Page: 1,
          RowIndex: r + 1,
          ColumnIndex: c + 1,
          RowSpan: 1,
          ColumnSpan: 1,
          Geometry: box(0.1 + c * 0.2, top, 0.2, 0.03),
          Relationships: [{ Type: "CHILD", Ids: children.map((w) => w.Id!) }],
        }),
      );
    });
  });
  add({
    BlockType: "TABLE",
    Page: 1,
    EntityTypes: ["STRUCTURED_TABLE"],
    Geometry: box(0.09, 0.29, 0.82, rows.length * 0.03 + 0.01),
    Relationships: [{ Type: "CHILD", Ids: cells.map((c) => c.Id!) }],
  });
  lines1.push(line(VENDOR_QUOTE.terms, 1, 0.9));
  page1.Relationships = [{ Type: "CHILD", Ids: lines1.map((l) => l.Id!) }];

  const page2 = add({ BlockType: "PAGE", Page: 2, Geometry: box(0, 0, 1, 1) });
  const lines2 = [
    line(`Subtotal: ${money(VENDOR_QUOTE.subtotal)}`, 2, 0.1),
    line(`Tax (8.25%): ${money(VENDOR_QUOTE.tax)}`, 2, 0.12),
    line(`Shipping: ${money(VENDOR_QUOTE.shipping)}`, 2, 0.14),
    line(`Total: ${money(VENDOR_QUOTE.total)}`, 2, 0.16),
  ];
  page2.Relationships = [{ Type: "CHILD", Ids: lines2.map((l) => l.Id!) }];
  return blocks;
}

function reply(res: import("node:http").ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/x-amz-json-1.1", "x-amzn-requestid": randomUUID() });
  res.end(JSON.stringify(body));
}

function handle(target: string, body: Record<string, unknown>): [number, unknown] {
  const operation = target.replace(/^Textract\./, "");
  switch (operation) {
    case "AnalyzeDocument":
    case "DetectDocumentText": {
      const bytes = Buffer.from(String((body.Document as { Bytes?: string })?.Bytes ?? ""), "base64");
      if (bytes.subarray(1, 4).toString() !== "PNG")
        return [400, { __type: "com.amazonaws.textract#UnsupportedDocumentException", message: "Request has unsupported document format" }];
      // synchronous results are one page and carry no Page numbers
      const blocks = quoteBlocks().map((b) => ({ ...b, Page: undefined }));
      return [
        200,
        {
          DocumentMetadata: { Pages: 1 },
          Blocks: blocks,
          [`${operation === "AnalyzeDocument" ? "AnalyzeDocument" : "DetectDocumentText"}ModelVersion`]: "1.0",
        },
      ];
    }
    case "StartDocumentAnalysis":
    case "StartDocumentTextDetection": {
      const location = (body.DocumentLocation as { S3Object?: { Bucket?: string; Name?: string } })?.S3Object;
      if (!location?.Bucket || !location.Name)
        return [400, { __type: "InvalidParameterException", message: "DocumentLocation is required" }];
      if (location.Name.endsWith(".exe"))
        return [400, { __type: "com.amazonaws.textract#UnsupportedDocumentException", message: "Request has unsupported document format" }];
      const JobId = randomUUID().replace(/-/g, "");
      jobs.set(JobId, {
        api: operation === "StartDocumentAnalysis" ? "analysis" : "text",
        polls: 0,
        blocks: nextJobBlocks,
        fail: nextJobFailure,
      });
      return [200, { JobId }];
    }
    case "GetDocumentAnalysis":
    case "GetDocumentTextDetection": {
      const job = jobs.get(String(body.JobId));
      if (!job || job.api !== (operation === "GetDocumentAnalysis" ? "analysis" : "text"))
        return [400, { __type: "com.amazonaws.textract#InvalidJobIdException", message: "Invalid job id" }];
      job.polls++;
      const metadata = { DocumentMetadata: { Pages: 2 }, AnalyzeDocumentModelVersion: "1.0" };
      if (job.polls === 1) return [200, { ...metadata, JobStatus: "IN_PROGRESS" }];
      if (job.fail) return [200, { ...metadata, JobStatus: "FAILED", StatusMessage: job.fail }];
      const start = body.NextToken ? Number(Buffer.from(String(body.NextToken), "base64url").toString()) : 0;
      const size = Math.min(Number(body.MaxResults ?? 1000), RESULTS_PER_PAGE);
      const end = start + size;
      return [
        200,
        {
          ...metadata,
          JobStatus: "SUCCEEDED",
          Blocks: job.blocks.slice(start, end),
          NextToken: end < job.blocks.length ? Buffer.from(String(end)).toString("base64url") : undefined,
        },
      ];
    }
    default:
      return [400, { __type: "com.amazonaws.textract#InvalidParameterException", message: `Unknown operation ${target}` }];
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const target = String(req.headers["x-amz-target"] ?? "");
      if (
        req.method !== "POST" ||
        req.headers["content-type"] !== "application/x-amz-json-1.1" ||
        !String(req.headers.authorization).startsWith("AWS4-HMAC-SHA256 ")
      ) {
        return reply(res, 400, { __type: "com.amazonaws.textract#InvalidSignatureException", message: "Not a signed JSON 1.1 request" });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<string, unknown>;
      calls.push({ target, body, headers: req.headers });
      const [status, payload] = handle(target, body);
      reply(res, status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.TEXTRACT_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_REGION = "us-east-1";
  resetConfig();
});

afterAll(async () => {
  delete process.env.TEXTRACT_ENDPOINT;
  resetConfig();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  calls.length = 0;
  nextJobBlocks = quoteBlocks();
  nextJobFailure = undefined;
});

describe("Textract adapter (real SDK against a local Textract)", () => {
  it("starts an asynchronous analysis of a document in S3 and returns the job id", async () => {
    const jobId = await startTextract("quorum-uploads", "users/u1/documents/7/quote.pdf");
    expect(jobId).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[0]!.target).toBe("Textract.StartDocumentAnalysis");
    expect(calls[0]!.body).toEqual({
      DocumentLocation: { S3Object: { Bucket: "quorum-uploads", Name: "users/u1/documents/7/quote.pdf" } },
      FeatureTypes: ["TABLES"],
    });
  });

  it("reports IN_PROGRESS without waiting, then SUCCEEDED with every result page collected", async () => {
    const jobId = await startTextract("quorum-uploads", "quote.pdf");
    const first = await getTextractResult(jobId);
    expect(first).toEqual({ status: "IN_PROGRESS" });

    calls.length = 0;
    const done = await getTextractResult(jobId);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.nextToken).toBeUndefined();
    // the fake hands out 7 blocks per response: every NextToken was followed
    expect(calls.length).toBe(Math.ceil(nextJobBlocks.length / RESULTS_PER_PAGE));
    expect(calls.every((c) => c.target === "Textract.GetDocumentAnalysis")).toBe(true);
    expect(calls.slice(1).every((c) => typeof c.body.NextToken === "string")).toBe(true);

    expect(done.pages!.map((p) => p.page)).toEqual([1, 2]);
    const page1 = done.pages![0]!.text.split("\n");
    expect(page1).toEqual([
      VENDOR_QUOTE.vendor,
      `Quote No: ${VENDOR_QUOTE.quoteNumber}`,
      `Date: ${VENDOR_QUOTE.quoteDate}`,
      "Qty | Description | Unit Price | Amount",
      ...VENDOR_QUOTE.items.map((i) => `${i.qty} | ${i.description} | ${money(i.unitPrice)} | ${money(i.amount)}`),
      VENDOR_QUOTE.terms,
    ]);
    expect(done.pages![1]!.text).toContain(`Total: ${money(VENDOR_QUOTE.total)}`);
    expect(done.tables).toEqual([
      {
        page: 1,
        rows: [
          ["Qty", "Description", "Unit Price", "Amount"],
          ...VENDOR_QUOTE.items.map((i) => [String(i.qty), i.description, money(i.unitPrice), money(i.amount)]),
        ],
      },
    ]);
  });

  it("can stop after a number of requests and resume from the NextToken it returns", async () => {
    const jobId = await startTextract("quorum-uploads", "quote.pdf");
    await getTextractResult(jobId); // IN_PROGRESS
    const part = await getTextractResult(jobId, undefined, { maxRequests: 2 });
    expect(part.status).toBe("SUCCEEDED");
    expect(part.nextToken).toBeTruthy();
    const rest = await getTextractResult(jobId, part.nextToken);
    expect(rest.nextToken).toBeUndefined();
    const pages = mergeTextractPages(part.pages!, rest.pages!);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pages[1]!.text).toContain(`Total: ${money(VENDOR_QUOTE.total)}`);
  });

  it("reports a failed job with Textract's reason", async () => {
    nextJobFailure = "The document is password protected";
    const jobId = await startTextract("quorum-uploads", "locked.pdf");
    await getTextractResult(jobId);
    expect(await getTextractResult(jobId)).toEqual({ status: "FAILED", message: "The document is password protected" });
  });

  it("uses text detection (the cheaper API) end to end when asked", async () => {
    const jobId = await startTextract("quorum-uploads", "quote.pdf", { mode: "text", requestToken: "doc-7" });
    expect(calls[0]!.target).toBe("Textract.StartDocumentTextDetection");
    expect(calls[0]!.body.ClientRequestToken).toBe("doc-7");
    await getTextractResult(jobId, undefined, { mode: "text" });
    const done = await getTextractResult(jobId, undefined, { mode: "text" });
    expect(calls.at(-1)!.target).toBe("Textract.GetDocumentTextDetection");
    expect(done.status).toBe("SUCCEEDED");
  });

  it("analyses a single image synchronously, sending its bytes", async () => {
    const png = scannedQuotePng();
    const result = await analyzeWithTextract(png);
    expect(calls[0]!.target).toBe("Textract.AnalyzeDocument");
    expect(Buffer.from(String((calls[0]!.body.Document as { Bytes: string }).Bytes), "base64").equals(png)).toBe(true);
    expect(calls[0]!.body.FeatureTypes).toEqual(["TABLES"]);
    expect(result.pages.map((p) => p.page)).toEqual([1]);
    expect(result.pages[0]!.text).toContain(`4 | Hydraulic pump HP-220 | ${money(389.99)} | ${money(1559.96)}`);
    expect(result.pages[0]!.text).toContain(`Total: ${money(VENDOR_QUOTE.total)}`);
  });

  it("turns Textract's complaints about the document into a message for the user", async () => {
    await expect(analyzeWithTextract(Buffer.from("MZ not an image"))).rejects.toMatchObject({
      status: 400,
      message: "Textract could not read this document (UnsupportedDocument).",
    });
    await expect(startTextract("quorum-uploads", "virus.exe")).rejects.toMatchObject({ status: 400 });
  });

  it("rejects a malformed request token before calling Textract", async () => {
    await expect(startTextract("quorum-uploads", "a.pdf", { requestToken: "has spaces" })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

describe("Textract blocks to pages", () => {
  it("places a table where its first line was and reads selection marks in cells", () => {
    const word = (id: string, text: string): Block => ({ Id: id, BlockType: "WORD", Text: text });
    const blocks: Block[] = [
      { Id: "l1", BlockType: "LINE", Text: "Before", Geometry: box(0.1, 0.1, 0.3, 0.02) },
      { Id: "l2", BlockType: "LINE", Text: "Pump Yes", Geometry: box(0.1, 0.3, 0.3, 0.02) },
      { Id: "l3", BlockType: "LINE", Text: "After", Geometry: box(0.1, 0.6, 0.3, 0.02) },
      word("w1", "Pump"),
      { Id: "s1", BlockType: "SELECTION_ELEMENT", SelectionStatus: "SELECTED" },
      { Id: "c1", BlockType: "CELL", RowIndex: 1, ColumnIndex: 1, Relationships: [{ Type: "CHILD", Ids: ["w1"] }] },
      { Id: "c2", BlockType: "CELL", RowIndex: 1, ColumnIndex: 2, Relationships: [{ Type: "CHILD", Ids: ["s1"] }] },
      { Id: "t1", BlockType: "TABLE", Geometry: box(0.05, 0.25, 0.9, 0.1), Relationships: [{ Type: "CHILD", Ids: ["c1", "c2"] }] },
    ];
    const [page] = blocksToPages(blocks).pages;
    expect(page!.text).toBe("Before\nPump | [x]\nAfter");
    expect(page!.lines!.map((l) => l.cells.map((c) => c.text))).toEqual([["Before"], ["Pump", "[x]"], ["After"]]);
  });

  const line = (text: string, left: number, top: number, width = 0.2, height = 0.012): Block => ({
    Id: randomUUID(),
    BlockType: "LINE",
    Text: text,
    Confidence: 99,
    Geometry: box(left, top, width, height),
  });

  it("lays out lines given in any order into rows, with column gaps as cells", () => {
    const blocks = [
      line("$1,240.00", 0.7, 0.5005, 0.12),
      line("Quote No:", 0.1, 0.1, 0.12),
      line("Total", 0.1, 0.5, 0.08),
      line("Q-2031", 0.7, 0.0998, 0.1),
      line("Date:", 0.1, 0.12, 0.06),
      line("12 March 2025", 0.7, 0.1203, 0.15),
    ];
    expect(blocksToPages(blocks).pages[0]!.text).toBe("Quote No: | Q-2031\nDate: | 12 March 2025\nTotal | $1,240.00");
  });

  it("lays out WORD blocks when a page has no LINEs", () => {
    const word = (text: string, left: number, top: number): Block => ({
      Id: randomUUID(),
      BlockType: "WORD",
      Text: text,
      Confidence: 90,
      Geometry: box(left, top, 0.01 * text.length, 0.012),
    });
    const blocks = [word("pump", 0.2, 0.3), word("Hydraulic", 0.1, 0.3), word("$389.99", 0.8, 0.3), word("Item", 0.1, 0.28)];
    expect(blocksToPages(blocks).pages[0]!.text).toBe("Item\nHydraulic pump | $389.99");
  });

  it("gives lines in points on the page's size, the source and the mean word confidence", () => {
    const words: Block[] = [
      { Id: "w1", BlockType: "WORD", Text: "Total", Confidence: 98, Page: 1 },
      { Id: "w2", BlockType: "WORD", Text: "9.00", Confidence: 80, Page: 1 },
    ];
    const blocks = [...words, { ...line("Total 9.00", 0.5, 0.25, 0.25, 0.02), Page: 1 }];
    const [letter] = blocksToPages(blocks, () => ({ width: 612, height: 792 })).pages;
    expect(letter).toMatchObject({ source: "textract", width: 612, height: 792, confidence: 89 });
    expect(letter!.lines![0]).toMatchObject({ x0: 306, y0: 198, x1: 459, y1: 213.84 });
    // an image, or a PDF whose page size the caller did not pass: a nominal A4 page
    expect(blocksToPages(blocks).pages[0]).toMatchObject({ width: 595, height: 842 });
  });
});
