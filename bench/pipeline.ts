/**
 * `npm run bench:pipeline`: how fast the LOCAL document pipeline reads a 100-page
 * PDF (a generated price list, 36 item rows per page), end to end: presigned POST
 * to s3rver -> s3rver's event -> definition.asl.json in aws-local-stepfunctions ->
 * validate, extract, analyze beside index, complete. Starts its own DynamoDB Local and
 * s3rver on free ports (no Auth Emulator: it calls core as a user directly).
 *
 * Prints pages per second (upload to completed) and the peak memory of this
 * process, which runs the pipeline (DynamoDB Local is a separate Java process).
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { startDataStack } from "./data-stack";

const { values: args } = parseArgs({ options: { pages: { type: "string", default: "100" }, runs: { type: "string", default: "3" } } });
const PAGES = Number(args.pages);
const RUNS = Number(args.runs);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const stack = await startDataStack("pipeline");
  const { s3 } = stack;

  // Core reads its configuration on first use: only now that the environment is set.
  const { Actor } = await import("../packages/core/src/actor");
  const { Project } = await import("../packages/core/src/project/index");
  const { Document } = await import("../packages/core/src/document/index");
  const { generatePdf } = await import("@quorum/testing/quote-files");
  const { startLocalPipeline } = await import("../packages/local/src/pipeline");

  const runner = await startLocalPipeline(s3);
  const userId = `bench-${randomUUID().slice(0, 8)}`;
  const as = <T>(run: () => Promise<T>) => Actor.provide({ userId }, run);
  const project = await as(() => Project.create({ name: "Benchmark" }));

  async function uploadAndWait(pdf: Buffer, fileName: string) {
    const ticket = await as(() =>
      Document.requestUpload({
        projectId: project.id,
        documentCategory: "vendor-quotes",
        fileName,
        contentType: "application/pdf",
        size: pdf.length,
      }),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.upload.fields)) form.append(k, v);
    form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), fileName);
    const key = ticket.upload.fields.key!;
    const finished = new Promise<Record<string, number>>((resolve) => runner.onResult((r) => r.key === key && resolve(r.steps)));
    const started = performance.now();
    const res = await fetch(ticket.upload.url, { method: "POST", body: form });
    if (res.status >= 300) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    // the execution s3rver's event started for this key
    const steps = await finished;
    const ms = performance.now() - started;
    const document = await as(() => Document.get(ticket.document.id));
    if (document.processingStatus !== "completed") throw new Error(`document ${document.processingStatus}: ${document.failureReason}`);
    return { ms, document, steps };
  }

  // warm up: module loading and pdf.js start-up are not per-document costs
  await uploadAndWait(generatePdf(2), "warm-up.pdf");

  const pdf = generatePdf(PAGES);
  console.log(`\n${PAGES}-page PDF: ${mb(pdf.length)} (${pdf.length.toLocaleString("en-US")} bytes), ${RUNS} runs`);
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { ms, document, steps } = await uploadAndWait(pdf, `price-list-${run}.pdf`);
    times.push(ms);
    const perStep = ["Validate", "Extract", "Analyze", "Index", "Complete"].map((s) => `${s} ${steps[s] ?? 0} ms`).join(", ");
    console.log(
      `  run ${run}: ${(ms / 1000).toFixed(2)} s  ${(PAGES / (ms / 1000)).toFixed(1)} pages/s  (${document.pageCount} pages; ${perStep})`,
    );
  }
  clearInterval(sampler);
  const best = Math.min(...times);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(
    `\npages per second (upload -> completed): median ${(PAGES / (median / 1000)).toFixed(1)}, best ${(PAGES / (best / 1000)).toFixed(1)}`,
  );
  console.log(
    `peak memory of the pipeline process: RSS ${mb(Math.max(peakRss, process.resourceUsage().maxRSS * 1024))}, JS heap ${mb(peakHeap)}`,
  );

  await stack.stop();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
