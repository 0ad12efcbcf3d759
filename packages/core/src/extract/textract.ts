import {
  AnalyzeDocumentCommand,
  DetectDocumentTextCommand,
  GetDocumentAnalysisCommand,
  GetDocumentTextDetectionCommand,
  StartDocumentAnalysisCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
  type Block,
} from "@aws-sdk/client-textract";
import { z } from "zod";
import { config } from "../config";
import { Invalid } from "../error";
import { rowLine } from "./lines";
import { tidy } from "./text";
import type { Page, Table } from "./types";

/**
 * Amazon Textract, the cloud path for PDFs and images. Single images and one-page documents go
 * through the synchronous APIs; multi-page PDFs in S3 through the asynchronous ones, as two
 * separate calls (start, then get) so the state machine can wait between polls instead of a
 * Lambda sleeping. Either way the Blocks become the same `{ pages, tables }` shape the local
 * extractors return, with table rows as " | "-joined lines.
 */

/** `tables`: AnalyzeDocument with TABLES (rows kept together); `text`: DetectDocumentText (cheaper). */
export type TextractMode = "tables" | "text";

const clients = new Map<string, TextractClient>();

const isLoopback = (endpoint: string) => {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(endpoint).hostname);
  } catch {
    return false;
  }
};

/** The client, pointed at TEXTRACT_ENDPOINT when set (a local fake needs no real credentials). */
export function textractClient(): TextractClient {
  const { AWS_REGION, TEXTRACT_ENDPOINT } = config();
  const key = `${AWS_REGION} ${TEXTRACT_ENDPOINT ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new TextractClient({
      region: AWS_REGION,
      endpoint: TEXTRACT_ENDPOINT,
      credentials: TEXTRACT_ENDPOINT && isLoopback(TEXTRACT_ENDPOINT) ? { accessKeyId: "local", secretAccessKey: "local" } : undefined,
    });
    clients.set(key, client);
  }
  return client;
}

export interface TextractText {
  pages: Page[];
  tables: Table[];
  warnings: string[];
}

const cellText = (cell: Block, byId: Map<string, Block>) =>
  (cell.Relationships ?? [])
    .filter((r) => r.Type === "CHILD")
    .flatMap((r) => r.Ids ?? [])
    .map((id) => byId.get(id))
    .map((child) =>
      child?.BlockType === "WORD"
        ? (child.Text ?? "")
        : child?.BlockType === "SELECTION_ELEMENT"
          ? child.SelectionStatus === "SELECTED"
            ? "[x]"
            : "[ ]"
          : "",
    )
    .filter((t) => t !== "")
    .join(" ");

function tableRows(table: Block, byId: Map<string, Block>): string[][] {
  const rows: string[][] = [];
  for (const id of (table.Relationships ?? []).filter((r) => r.Type === "CHILD").flatMap((r) => r.Ids ?? [])) {
    const cell = byId.get(id);
    if (cell?.BlockType !== "CELL" || !cell.RowIndex || !cell.ColumnIndex) continue;
    const row = (rows[cell.RowIndex - 1] ??= []);
    row[cell.ColumnIndex - 1] = cellText(cell, byId);
  }
  return Array.from(rows, (row) => Array.from(row ?? [], (c) => c ?? ""));
}

const inside = (line: Block, table: Block) => {
  const l = line.Geometry?.BoundingBox;
  const t = table.Geometry?.BoundingBox;
  if (!l || !t) return false;
  const x = (l.Left ?? 0) + (l.Width ?? 0) / 2;
  const y = (l.Top ?? 0) + (l.Height ?? 0) / 2;
  return x >= (t.Left ?? 0) && x <= (t.Left ?? 0) + (t.Width ?? 0) && y >= (t.Top ?? 0) && y <= (t.Top ?? 0) + (t.Height ?? 0);
};

/**
 * Turns Textract Blocks into pages of text. LINEs keep Textract's reading order; the lines that
 * fall inside a TABLE are replaced, where the table starts, by its rows built from CELLs.
 */
export function blocksToPages(blocks: Block[]): TextractText {
  const byId = new Map<string, Block>();
  for (const block of blocks) if (block.Id) byId.set(block.Id, block);
  const numbers = [...new Set(blocks.filter((b) => b.BlockType === "PAGE" || b.BlockType === "LINE").map((b) => b.Page ?? 1))].sort(
    (a, b) => a - b,
  );
  const pages: Page[] = [];
  const tables: Table[] = [];
  for (const number of numbers) {
    const onPage = blocks.filter((b) => (b.Page ?? 1) === number);
    const pageTables = onPage
      .filter((b) => b.BlockType === "TABLE")
      .map((block) => ({ block, rows: tableRows(block, byId), placed: false }));
    const lines: string[] = [];
    for (const line of onPage.filter((b) => b.BlockType === "LINE")) {
      const table = pageTables.find((t) => inside(line, t.block));
      if (!table) lines.push(line.Text ?? "");
      else if (!table.placed) {
        table.placed = true;
        lines.push(...table.rows.map(rowLine));
      }
    }
    for (const table of pageTables) {
      if (!table.placed) lines.push(...table.rows.map(rowLine));
      tables.push({ page: number, rows: table.rows });
    }
    pages.push({ page: number, text: tidy(lines.join("\n")) });
  }
  return { pages, tables, warnings: [] };
}

/** Textract's errors about the document itself (not throttling or outages) are the user's to see. */
function documentError(error: unknown): unknown {
  const name = (error as { name?: string }).name ?? "";
  if (["UnsupportedDocumentException", "BadDocumentException", "DocumentTooLargeException", "InvalidS3ObjectException"].includes(name)) {
    const wrapped = new Invalid(`Textract could not read this document (${name.replace(/Exception$/, "")}).`);
    wrapped.cause = error;
    return wrapped;
  }
  return error;
}

/**
 * Synchronous analysis of one image (PNG, JPEG, TIFF) or one-page PDF, up to 10 MB: for chat
 * attachments and single images in the pipeline.
 */
export async function analyzeWithTextract(bytes: Uint8Array, mode: TextractMode = "tables"): Promise<TextractText> {
  const Document = { Bytes: bytes };
  try {
    const result =
      mode === "tables"
        ? await textractClient().send(new AnalyzeDocumentCommand({ Document, FeatureTypes: ["TABLES"] }))
        : await textractClient().send(new DetectDocumentTextCommand({ Document }));
    return blocksToPages(result.Blocks ?? []);
  } catch (error) {
    throw documentError(error);
  }
}

const StartInput = z.object({
  bucket: z.string().min(3),
  key: z.string().min(1),
  mode: z.enum(["tables", "text"]).default("tables"),
  /** Idempotency: the same token within Textract's window returns the same job (Step Functions retries). */
  requestToken: z
    .string()
    .regex(/^[a-zA-Z0-9-_]{1,64}$/)
    .optional(),
});

/** Starts asynchronous analysis of a document in S3 (PDF up to 3,000 pages); returns the job id. */
export async function startTextract(
  bucket: string,
  key: string,
  options: { mode?: TextractMode; requestToken?: string } = {},
): Promise<string> {
  const input = StartInput.parse({ bucket, key, ...options });
  const DocumentLocation = { S3Object: { Bucket: input.bucket, Name: input.key } };
  try {
    const result =
      input.mode === "tables"
        ? await textractClient().send(
            new StartDocumentAnalysisCommand({ DocumentLocation, FeatureTypes: ["TABLES"], ClientRequestToken: input.requestToken }),
          )
        : await textractClient().send(new StartDocumentTextDetectionCommand({ DocumentLocation, ClientRequestToken: input.requestToken }));
    if (!result.JobId) throw new Error("Textract returned no job id");
    return result.JobId;
  } catch (error) {
    throw documentError(error);
  }
}

export interface TextractResult {
  status: "IN_PROGRESS" | "SUCCEEDED" | "FAILED";
  pages?: Page[];
  tables?: Table[];
  /** Set only when `maxRequests` stopped the paging early: pass it back to continue. */
  nextToken?: string;
  /** Why the job failed, or Textract's warnings about pages it could not read. */
  message?: string;
  warnings?: string[];
}

/**
 * One poll of an asynchronous job, without waiting. While the job runs: IN_PROGRESS. Once it
 * has succeeded, pages through every result set (1,000 blocks each) and converts them; with
 * `maxRequests` it stops early and returns `nextToken` (exact only when resumed by the same
 * caller, since a table's cells may refer to words in the previous result set).
 */
export async function getTextractResult(
  jobId: string,
  nextToken?: string,
  options: { mode?: TextractMode; maxRequests?: number } = {},
): Promise<TextractResult> {
  const mode = options.mode ?? "tables";
  const blocks: Block[] = [];
  const warnings: string[] = [];
  let token = nextToken;
  for (let request = 0; ; request++) {
    if (options.maxRequests !== undefined && request >= options.maxRequests) {
      return { status: "SUCCEEDED", ...blocksToPages(blocks), nextToken: token, warnings };
    }
    const input = { JobId: jobId, MaxResults: 1000, NextToken: token };
    const page =
      mode === "tables"
        ? await textractClient().send(new GetDocumentAnalysisCommand(input))
        : await textractClient().send(new GetDocumentTextDetectionCommand(input));
    if (page.JobStatus === "IN_PROGRESS") return { status: "IN_PROGRESS" };
    if (page.JobStatus === "FAILED") return { status: "FAILED", message: page.StatusMessage ?? "Textract could not analyse the document" };
    blocks.push(...(page.Blocks ?? []));
    for (const warning of page.Warnings ?? [])
      warnings.push(`Textract: ${warning.ErrorCode ?? "warning"} on pages ${(warning.Pages ?? []).join(", ")}`);
    if (page.JobStatus === "PARTIAL_SUCCESS" && page.StatusMessage) warnings.push(page.StatusMessage);
    token = page.NextToken;
    if (!token) break;
  }
  return { status: "SUCCEEDED", ...blocksToPages(blocks), warnings };
}

/** Joins results collected over several `getTextractResult` calls (a page may span two). */
export function mergeTextractPages(...parts: Page[][]): Page[] {
  const byNumber = new Map<number, string[]>();
  for (const page of parts.flat()) byNumber.set(page.page, [...(byNumber.get(page.page) ?? []), page.text]);
  return [...byNumber.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([page, texts]) => ({ page, text: texts.filter((t) => t !== "").join("\n") }));
}
