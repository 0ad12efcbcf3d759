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
import { layoutWords, lineText, pageText } from "./layout";
import type { Cell, Line, Page, Table, Word } from "./types";

/**
 * Amazon Textract, the cloud path for PDFs and images. Single images and one-page documents go
 * through the synchronous APIs; multi-page PDFs in S3 through the asynchronous ones, as two
 * separate calls (start, then get) so the state machine can wait between polls instead of a
 * Lambda sleeping. Either way the Blocks become the same page shape the local readers return:
 * lines laid out from positioned text (through the same layout step as PDF text and OCR), table
 * rows as " | "-joined cells, line geometry in points, and the mean word confidence.
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

/** Page size in points, when the caller knows it (the PDF's own pages). */
export interface PageSize {
  width: number;
  height: number;
}

/**
 * Textract gives positions as fractions of the page. Without the page's real size (an image, or
 * a PDF the caller did not measure), an A4 portrait page stands in: layout only needs the
 * proportions between gaps and glyph heights to be about right.
 */
export const NOMINAL_PAGE: PageSize = { width: 595, height: 842 };

/** A block's box on a page of `size`, in points from the top-left corner. */
function boxOf(block: Block, size: PageSize) {
  const b = block.Geometry?.BoundingBox;
  if (!b) return undefined;
  const x0 = (b.Left ?? 0) * size.width;
  const y0 = (b.Top ?? 0) * size.height;
  return { x0, y0, x1: x0 + (b.Width ?? 0) * size.width, y1: y0 + (b.Height ?? 0) * size.height };
}

/** A table's rows as laid-out lines: one cell per column, at the CELL's box (the table's when it has none). */
function tableLines(table: Block, rows: string[][], byId: Map<string, Block>, size: PageSize): Line[] {
  const area = boxOf(table, size) ?? { x0: 0, y0: 0, x1: size.width, y1: size.height };
  const boxes = new Map<string, ReturnType<typeof boxOf>>();
  for (const id of (table.Relationships ?? []).filter((r) => r.Type === "CHILD").flatMap((r) => r.Ids ?? [])) {
    const cell = byId.get(id);
    if (cell?.BlockType === "CELL" && cell.RowIndex && cell.ColumnIndex)
      boxes.set(`${cell.RowIndex} ${cell.ColumnIndex}`, boxOf(cell, size));
  }
  const lines: Line[] = [];
  rows.forEach((row, r) => {
    const texts = row.map((c) => c.replace(/\s+/g, " ").trim());
    while (texts.length > 0 && texts[texts.length - 1] === "") texts.pop();
    if (texts.every((t) => t === "")) return;
    const cells: Cell[] = texts.map((text, c) => ({ text, ...(boxes.get(`${r + 1} ${c + 1}`) ?? area) }));
    lines.push({
      cells,
      x0: Math.min(...cells.map((c) => c.x0)),
      y0: Math.min(...cells.map((c) => c.y0)),
      x1: Math.max(...cells.map((c) => c.x1)),
      y1: Math.max(...cells.map((c) => c.y1)),
    });
  });
  return lines;
}

/**
 * Turns Textract Blocks into pages. The LINEs outside tables go through layout as positioned
 * pieces of text (WORDs when a page has no LINEs), so columns and rows read as in every other
 * reader; each TABLE is read from its CELLs, one " | "-joined line per row, and placed before
 * the first line below its top. `confidence` is the mean of the page's WORD confidences.
 */
export function blocksToPages(blocks: Block[], pageSize: (page: number) => PageSize | undefined = () => undefined): TextractText {
  const byId = new Map<string, Block>();
  for (const block of blocks) if (block.Id) byId.set(block.Id, block);
  const numbers = [
    ...new Set(blocks.filter((b) => b.BlockType === "PAGE" || b.BlockType === "LINE" || b.BlockType === "WORD").map((b) => b.Page ?? 1)),
  ].sort((a, b) => a - b);
  const pages: Page[] = [];
  const tables: Table[] = [];
  for (const number of numbers) {
    const size = pageSize(number) ?? NOMINAL_PAGE;
    const onPage = blocks.filter((b) => (b.Page ?? 1) === number);
    const pageTables = onPage
      .filter((b) => b.BlockType === "TABLE")
      .map((block) => ({ block, rows: tableRows(block, byId), top: boxOf(block, size)?.y0 ?? 0 }));
    const hasLines = onPage.some((b) => b.BlockType === "LINE");
    const words: Word[] = [];
    for (const block of onPage) {
      if (block.BlockType !== (hasLines ? "LINE" : "WORD") || !block.Text) continue;
      if (pageTables.some((t) => inside(block, t.block))) continue;
      const box = boxOf(block, size);
      if (box) words.push({ text: block.Text, ...box });
    }
    const lines = layoutWords(words);
    for (const table of [...pageTables].sort((a, b) => b.top - a.top)) {
      const at = lines.findIndex((line) => line.y0 >= table.top);
      lines.splice(at < 0 ? lines.length : at, 0, ...tableLines(table.block, table.rows, byId, size));
    }
    for (const table of pageTables) tables.push({ page: number, rows: table.rows });
    const confidences = onPage.filter((b) => b.BlockType === "WORD" && typeof b.Confidence === "number").map((b) => b.Confidence!);
    const kept = lines.filter((line) => lineText(line) !== "");
    pages.push({
      page: number,
      text: pageText(kept),
      lines: kept,
      width: size.width,
      height: size.height,
      source: "textract",
      ...(confidences.length > 0 ? { confidence: confidences.reduce((a, b) => a + b, 0) / confidences.length } : {}),
    });
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
export async function analyzeWithTextract(bytes: Uint8Array, mode: TextractMode = "tables", pageSize?: PageSize): Promise<TextractText> {
  const Document = { Bytes: bytes };
  try {
    const result =
      mode === "tables"
        ? await textractClient().send(new AnalyzeDocumentCommand({ Document, FeatureTypes: ["TABLES"] }))
        : await textractClient().send(new DetectDocumentTextCommand({ Document }));
    return blocksToPages(result.Blocks ?? [], () => pageSize);
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
  options: { mode?: TextractMode; maxRequests?: number; pageSizes?: PageSize[] } = {},
): Promise<TextractResult> {
  const sizes = (page: number) => options.pageSizes?.[page - 1];
  const mode = options.mode ?? "tables";
  const blocks: Block[] = [];
  const warnings: string[] = [];
  let token = nextToken;
  for (let request = 0; ; request++) {
    if (options.maxRequests !== undefined && request >= options.maxRequests) {
      return { status: "SUCCEEDED", ...blocksToPages(blocks, sizes), nextToken: token, warnings };
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
  return { status: "SUCCEEDED", ...blocksToPages(blocks, sizes), warnings };
}

/** Joins results collected over several `getTextractResult` calls (a page may span two). */
export function mergeTextractPages(...parts: Page[][]): Page[] {
  const byNumber = new Map<number, Page[]>();
  for (const page of parts.flat()) byNumber.set(page.page, [...(byNumber.get(page.page) ?? []), page]);
  return [...byNumber.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([number, pieces]) => {
      const [first] = pieces;
      if (pieces.length === 1) return first!;
      const lines = pieces.flatMap((p) => p.lines ?? []);
      const scored = pieces.filter((p) => p.confidence !== undefined);
      return {
        ...first!,
        page: number,
        text: pieces
          .map((p) => p.text)
          .filter((t) => t !== "")
          .join("\n"),
        lines: pieces.every((p) => p.lines) ? lines : undefined,
        confidence: scored.length > 0 ? scored.reduce((sum, p) => sum + p.confidence!, 0) / scored.length : undefined,
      };
    });
}
