import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { wordDocument, wParagraph, xlsxWithSharedStringEverywhere } from "@quorum/testing/nasty-files";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { Extract } from "./index";
import { analyzeByRules } from "../quote/rules/index";
import { extractionProcesses, rulesIsolated } from "./isolate";

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Files that are legitimate but need far more time (a workbook whose text fills the whole
 * budget) or heap (200,000 CSV rows) than the tiny limits the tests set, so they play the hostile
 * file (a reader that loops or allocates without end) without depending on a bug.
 */
const slow = xlsxWithSharedStringEverywhere(1_000_000, 12_000);
const hungry = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `item ${i},pump model ${i},${i * 3.5}`).join("\n"));
const memoryMessage = (mb: number) =>
  `Reading the file needed more than ${mb} MB of memory, the most allowed, and was stopped. The file may be damaged or unusually complex.`;
const quote = wordDocument(wParagraph("Quotation 17") + wParagraph("Total: $20.00"));

describe("the quote rules in the child process", () => {
  const text = [
    "Harbor Rigging Ltd",
    "QUOTATION Q-88",
    "Description | Qty | Price | Amount",
    "Inspection | 2 | 600.00 | 1,200.00",
    "Total | 1,200.00",
  ];
  const input = { pages: [{ page: 1, text: text.join("\n") }], category: "vendor-quotes" };

  it("read the same quote as in-process", async () => {
    expect(await rulesIsolated(input)).toEqual(analyzeByRules(input));
  });

  it("are stopped at their deadline with a clear error, and the next document is read", async () => {
    const long = { pages: [{ page: 1, text: "Total 1 | a 2 | ".repeat(60_000) }] };
    const refused = await rulesIsolated(long, { timeoutMs: 20, heapMb: 1024 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "TooLarge", message: expect.stringMatching(/^Reading the file took longer than 0.02 seconds/) });
    expect((await rulesIsolated(input)).quote?.total).toBe(1200);
  });
});

describe("extraction in a child process", () => {
  it("returns the same text as extracting in-process", async () => {
    const isolated = await Extract.isolated(quote, { fileName: "q.docx" });
    const direct = await Extract.fromBuffer(quote, { fileName: "q.docx" });
    expect(isolated).toEqual(direct);
  });

  it("keeps its child warm for the next file, and replaces a child that overran", async () => {
    await Extract.isolated(quote, { fileName: "q.docx" });
    const [warm] = extractionProcesses();
    await Extract.isolated(quote, { fileName: "q.docx" });
    expect(extractionProcesses()).toEqual([warm]);
    await Extract.isolated(slow, { fileName: "slow.xlsx" }, { timeoutMs: 20, heapMb: 1024 }).catch(() => undefined);
    await Extract.isolated(quote, { fileName: "q.docx" });
    expect(extractionProcesses()).toHaveLength(1);
    expect(extractionProcesses()).not.toContain(warm);
  });

  it("stops a file that needs more time than allowed with a clear error, and the process carries on", async () => {
    const refused = await Extract.isolated(slow, { fileName: "slow.xlsx" }, { timeoutMs: 20, heapMb: 1024 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      name: "TooLarge",
      status: 413,
      message:
        "Reading the file took longer than 0.02 seconds, the most allowed, and was stopped. The file may be damaged or unusually complex.",
    });
    expect((await Extract.isolated(quote, { fileName: "q.docx" })).pages[0]!.text).toBe("Quotation 17\nTotal: $20.00");
  });

  it("stops a file that needs more memory than allowed with a clear error, and the process carries on", async () => {
    const refused = await Extract.isolated(hungry, { fileName: "big.csv" }, { timeoutMs: 60_000, heapMb: 64 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "TooLarge", status: 413, message: memoryMessage(64) });
    expect((await Extract.isolated(quote, { fileName: "q.docx" })).kind).toBe("docx");
  });

  it("passes a reader's refusal through as the same visible error", async () => {
    await expect(Extract.isolated(Buffer.from([0, 1, 2, 3]), { fileName: "a.bin" })).rejects.toMatchObject({
      name: "Invalid",
      status: 400,
      message: "The file's content is not a PDF, Word, Excel, CSV, text or image (PNG, JPEG, TIFF) file.",
    });
  });

  describe("from a Lambda-style bundle", () => {
    // inside the repository, so the packages left out of the bundle resolve as they would in a Lambda's node_modules
    const dir = join(here, "../../node_modules/.cache/isolate-bundle");
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("runs the child from the one bundled file and survives a file that exhausts its heap", async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "quote.docx"), quote);
      writeFileSync(join(dir, "hungry.csv"), hungry);
      const entry = join(dir, "handler.ts");
      // like a handler module: no work at the top level (here: none in the extraction child)
      writeFileSync(
        entry,
        `import { readFileSync } from "node:fs";
import { Extract } from ${JSON.stringify(join(here, "index.ts"))};
if (process.env.QUORUM_EXTRACT_CHILD !== "1") {
  const quote = readFileSync(${JSON.stringify(join(dir, "quote.docx"))});
  const hungry = readFileSync(${JSON.stringify(join(dir, "hungry.csv"))});
  const ok = await Extract.isolated(quote, { fileName: "q.docx" });
  const refused = await Extract.isolated(hungry, { fileName: "big.csv" }, { timeoutMs: 60000, heapMb: 64 }).catch((e) => e.message);
  const again = await Extract.isolated(quote, { fileName: "q.docx" });
  console.log(JSON.stringify({ ok: ok.pages[0].text, refused, again: again.kind }));
}
`,
      );
      // what SST does for a Node function: one ESM file, a require() shim for CommonJS dependencies
      await build({
        entryPoints: [entry],
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        outfile: join(dir, "handler.mjs"),
        external: ["tesseract.js", "@embedpdf/pdfium"],
        banner: {
          js: `import { createRequire as topLevelCreateRequire } from "module"; const require = topLevelCreateRequire(import.meta.url);`,
        },
        logLevel: "error",
      });
      // a process-wide heap flag, as the Lambda runtime sets one: the child's own cap must still hold
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--max-old-space-size=4096", join(dir, "handler.mjs")], {
        maxBuffer: 16 * 1024 * 1024,
      });
      // the bundle ran the child itself, not the in-process fallback
      expect(stderr).not.toContain("could not start");
      expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({
        ok: "Quotation 17\nTotal: $20.00",
        refused: memoryMessage(64),
        again: "docx",
      });
    }, 120_000);
  });
});
