/**
 * `npm run bench:retrieval`: the project chat's retrieval over a project with
 * 10,000 chunks. Starts its own DynamoDB Local and s3rver on free ports and runs
 * the LOCAL document pipeline: the labelled documents (two vendor quotes, a
 * three-page specification, a supply agreement) and filler text (price lists and
 * specification prose with the same vocabulary, as near misses) are uploaded and
 * processed like any upload, until the project holds 10,000 chunks.
 *
 * The questions are answered in a child process of their own, as a Lambda would answer
 * them (this process runs the pipeline that fills the project): its peak RSS is the
 * memory a project chat function needs.
 *
 * Prints:
 * - building the index from the chunk files (first question, nothing cached),
 *   its gzipped size in S3, and loading it back (a cold Lambda);
 * - retrieval latency p50/p99 with the index in memory (the document list query
 *   included, as every question checks for changed documents), and the ranking alone;
 * - an incremental update after one more document;
 * - recall@1/@5 and MRR of the labelled questions (fixtures.ts) among the 10,000 chunks;
 * - an offline project chat answer end to end (retrieval, records, history, storage).
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startDataStack } from "./data-stack";

const { values: args } = parseArgs({
  options: {
    chunks: { type: "string", default: "10000" },
    queries: { type: "string", default: "400" },
    // Internal: run as the answering process, for this user's project.
    probe: { type: "string" },
  },
});
const TARGET_CHUNKS = Number(args.chunks);
const QUERIES = Number(args.queries);
/** Characters of filler per document (~1 MB of text, ~1,000 chunks). */
const FILLER_CHARS = 1_000_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const peakRss = () => `peak RSS so far ${mb(process.resourceUsage().maxRSS * 1024)}`;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Messages between the filling process and the answering one. */
type ProbeMessage = { upload: "late-addendum" } | { uploaded: true };

/** Fills the project through the local pipeline, then lets the answering process measure. */
async function fill() {
  const stack = await startDataStack("retrieval");
  const { s3 } = stack;

  // Core reads its configuration on first use: only now that the environment is set.
  const { Actor } = await import("../packages/core/src/actor");
  const { Project } = await import("../packages/core/src/project/index");
  const { Document } = await import("../packages/core/src/document/index");
  const { Extract } = await import("../packages/core/src/extract/index");
  const { chunkPages } = await import("../packages/core/src/document/chunks");
  const { fillerText, projectDocuments } = await import("@quorum/testing/project-documents");
  const { startLocalPipeline } = await import("../packages/local/src/pipeline");

  const runner = await startLocalPipeline(s3);
  const userId = `bench-${randomUUID().slice(0, 8)}`;
  const as = <T>(run: () => Promise<T>) => Actor.provide({ userId }, run);
  const project = await as(() => Project.create({ name: "Riverside Warehouse" }));

  async function upload(
    fileName: string,
    contentType: string,
    category: "vendor-quotes" | "customer-quotes" | "contracts" | "specifications",
    data: Buffer,
  ) {
    const ticket = await as(() =>
      Document.requestUpload({ projectId: project.id, documentCategory: category, fileName, contentType, size: data.length }),
    );
    const key = ticket.upload.fields.key!;
    const finished = new Promise<void>((resolve) => runner.onResult((r) => r.key === key && resolve()));
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.upload.fields)) form.append(k, v);
    form.append("file", new Blob([new Uint8Array(data)], { type: contentType }), fileName);
    const res = await fetch(ticket.upload.url, { method: "POST", body: form });
    if (res.status >= 300) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    await finished;
    const document = await as(() => Document.get(ticket.document.id));
    if (document.processingStatus !== "completed") throw new Error(`${fileName} ${document.processingStatus}: ${document.failureReason}`);
    return document;
  }

  /** Chunks a document becomes, by the pipeline's own extraction and chunking. */
  async function chunksOf(data: Buffer, fileName = "f.txt", contentType = "text/plain") {
    const extracted = await Extract.fromBuffer(data, { fileName, contentType });
    return chunkPages(extracted.pages).length;
  }

  console.log(`\nfilling a project with ${TARGET_CHUNKS.toLocaleString("en-US")} chunks through the local pipeline ...`);
  const fillStarted = performance.now();
  let chunks = 0;
  for (const doc of projectDocuments()) {
    const data = doc.build();
    await upload(doc.fileName, doc.contentType, doc.category, data);
    chunks += await chunksOf(data, doc.fileName, doc.contentType);
  }
  let seed = 1;
  while (chunks < TARGET_CHUNKS) {
    let data = Buffer.from(fillerText(seed, FILLER_CHARS));
    let count = await chunksOf(data);
    if (chunks + count > TARGET_CHUNKS) {
      // The last file is cut so the project ends at the target.
      const share = (TARGET_CHUNKS - chunks) / count;
      data = Buffer.from(fillerText(seed, Math.floor(FILLER_CHARS * share)));
      count = await chunksOf(data);
      while (chunks + count > TARGET_CHUNKS) {
        data = data.subarray(0, data.lastIndexOf(10, data.length - 2) + 1);
        count = await chunksOf(data);
      }
    }
    await upload(`price-list-${seed}.txt`, "text/plain", "specifications", data);
    chunks += count;
    seed++;
    process.stdout.write(`  ${chunks.toLocaleString("en-US")} chunks\r`);
  }
  console.log(
    `  ${chunks.toLocaleString("en-US")} chunks in ${seed - 1 + 4} documents (${((performance.now() - fillStarted) / 1000).toFixed(0)} s)`,
  );
  console.log(`  peak RSS of the filling process (pipeline runner): ${mb(process.resourceUsage().maxRSS * 1024)}`);

  // The answering process: the environment points it at the same DynamoDB and S3.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--probe", `${userId}:${project.id}`, "--queries", String(QUERIES)], {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  child.on("message", (message: ProbeMessage) => {
    if (!("upload" in message)) return;
    const addendum = Buffer.from("Addendum 3\nThe mezzanine guard rail shall be 42 inches high.\n");
    upload("late-addendum.txt", "text/plain", "specifications", addendum).then(
      () => child.send({ uploaded: true } satisfies ProbeMessage),
      (error: unknown) => child.kill() && console.error(error),
    );
  });
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  await stack.stop();
  process.exit(code);
}

/** Answers questions as a project chat function would: every measured figure comes from here. */
async function probe(spec: string) {
  const [userId, projectId] = [spec.slice(0, spec.lastIndexOf(":")), Number(spec.slice(spec.lastIndexOf(":") + 1))];
  const { Actor } = await import("../packages/core/src/actor");
  const { Storage } = await import("../packages/core/src/storage/index");
  const { Search, clearMemoryCache, indexKey } = await import("../packages/core/src/search/index");
  const { loadProjectIndex } = await import("../packages/core/src/search/project-index");
  const { LABELLED_QUESTIONS } = await import("@quorum/testing/project-documents");
  const { ProjectChat } = await import("../packages/core/src/project-chat/index");
  const { testConfig } = await import("../packages/testing/src/model-config");
  const as = <T>(run: () => Promise<T>) => Actor.provide({ userId }, run);
  console.log(`\nanswering process started, code loaded: ${peakRss()}`);

  // 1. Nothing cached: the first question builds the index from the chunk files.
  await Storage.remove([indexKey(userId, projectId)]);
  const built = await as(() => loadProjectIndex(projectId));
  const saveStarted = performance.now();
  await built.saved;
  const saveMs = performance.now() - saveStarted;
  const stored = await Storage.head(indexKey(userId, projectId));
  console.log(`\nindex of ${built.chunkCount.toLocaleString("en-US")} chunks (measured in the answering process)`);
  console.log(`  build from chunk files (nothing cached):   ${ms(built.loadMs)}  (source ${built.source})`);
  console.log(`  serialize, gzip and save to S3:            ${ms(saveMs)}  (${mb(stored.ContentLength ?? 0)}; runs beside the answer)`);
  console.log(`  ${peakRss()}`);

  // 2. A cold Lambda: the index comes from S3.
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) {
    clearMemoryCache();
    const loaded = await as(() => loadProjectIndex(projectId));
    if (loaded.source !== "storage") throw new Error(`expected the stored index, got ${loaded.source}`);
    loads.push(loaded.loadMs);
  }
  console.log(`  load from S3 (cold process), median of 3:  ${ms(percentile(loads, 50))}  (${peakRss()})`);

  // 3. Warm: every question checks the project's documents (one Query) and ranks in memory.
  const questions = LABELLED_QUESTIONS.map((q) => q.question);
  const extra = [
    "hydraulic pump price",
    "relief valve",
    "warranty period",
    "delivery schedule",
    "LED fixture",
    "gasket",
    "installation labor hours",
    "concrete",
  ];
  const pool = [...questions, ...extra];
  for (const q of pool) await as(() => Search.inProject(projectId, q, 8)); // warm-up
  const total: number[] = [];
  const ranking: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const question = pool[i % pool.length]!;
    const started = performance.now();
    const result = await as(() => Search.inProject(projectId, question, 8));
    total.push(performance.now() - started);
    ranking.push(result.searchMs);
  }
  console.log(`\nretrieval latency over ${QUERIES} questions (index in memory, top 8)`);
  console.log(`  with the document check (Query + rank):   p50 ${ms(percentile(total, 50))}   p99 ${ms(percentile(total, 99))}`);
  console.log(`  ranking alone (BM25 in memory):            p50 ${ms(percentile(ranking, 50))}   p99 ${ms(percentile(ranking, 99))}`);

  // 4. One more document (uploaded by the filling process): only its chunks are indexed.
  const uploaded = new Promise<void>((resolve) => process.once("message", () => resolve()));
  process.send!({ upload: "late-addendum" } satisfies ProbeMessage);
  await uploaded;
  const updated = await as(() => loadProjectIndex(projectId));
  await updated.saved;
  console.log(`\nincremental update after one more document:  ${ms(updated.loadMs)}  (source ${updated.source}, ${updated.added} added)`);

  // 5. Quality: where the labelled answer ranks among all chunks.
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const q of LABELLED_QUESTIONS) {
    const { hits } = await as(() => Search.inProject(projectId, q.question, 10));
    const rank = hits.findIndex((h) => h.fileName === q.fileName && h.page === q.page && h.text.includes(q.contains));
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 5) at5++;
    else misses.push(`    "${q.question}" -> ${rank < 0 ? "not in the top 10" : `rank ${rank + 1}`}`);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  const n = LABELLED_QUESTIONS.length;
  console.log(`\nlabelled questions (${n}) among ${updated.chunkCount.toLocaleString("en-US")} chunks`);
  console.log(`  recall@1 ${(at1 / n).toFixed(2)}   recall@5 ${(at5 / n).toFixed(2)}   MRR@10 ${(reciprocal / n).toFixed(2)}`);
  if (misses.length) console.log(`  outside the top 5:\n${misses.join("\n")}`);

  // 6. The whole offline answer: project, quotes, retrieval, history, two messages stored.
  const deps = { config: testConfig({ TABLE_NAME: process.env.TABLE_NAME!, BUCKET_NAME: process.env.BUCKET_NAME! }) };
  const answers: number[] = [];
  for (const q of questions.slice(0, 10)) {
    const started = performance.now();
    await as(() => ProjectChat.send(projectId, { message: q }, deps));
    answers.push(performance.now() - started);
  }
  console.log(
    `\noffline project chat answer end to end (10 questions): p50 ${ms(percentile(answers, 50))}   max ${ms(Math.max(...answers))}`,
  );
  const usage = process.memoryUsage();
  console.log(
    `peak RSS of the answering process: ${mb(process.resourceUsage().maxRSS * 1024)}  (now: RSS ${mb(usage.rss)}, heap ${mb(usage.heapUsed)})`,
  );
  process.exit(0);
}

(args.probe ? probe(args.probe) : fill()).catch((error) => {
  console.error(error);
  process.exit(1);
});
