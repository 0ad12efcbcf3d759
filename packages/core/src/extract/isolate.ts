import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Invalid, TooLarge, VisibleError } from "../error";
import { failure } from "./failure";
import { DEFAULT_LIMITS, EXTRACTION_HEAP_MB, EXTRACTION_TIMEOUT_MS, MAX_PARALLEL_EXTRACTIONS, WORKER_START_MS } from "./limits";
import type { ExtractOptions, ExtractResult } from "./index";

/**
 * Extraction in a worker thread, so that no file can take the process down with it: the worker
 * has its own heap cap (`resourceLimits`) and a deadline, and a file that exhausts either ends as
 * a clear error for that document while the process, and the other documents of an upload, carry
 * on. The readers bound their own work; this is the net under them for what they do not foresee
 * (a library looping, or allocating without end, on a crafted file).
 *
 * The worker runs this very module: when it is loaded in a worker started by `extractIsolated`,
 * it serves one extraction. That works from the sources (the worker loads the .ts file through
 * tsx, which the dev server and the tests run on) and from a bundle: esbuild bundles each Lambda handler
 * into one ESM file, `import.meta.url` is then that file, and the worker loads the bundle and
 * serves from it (so a handler module must do no work at its top level beyond defining the
 * handler, which is how Lambda handlers are written anyway). Where neither holds (a CommonJS
 * bundle has no `import.meta.url`, or the worker cannot start), extraction runs in-process; in
 * Lambda that still leaves the function's own memory size and timeout, and the state machine
 * records the failure.
 */

const ROLE = "quorum-extract";

interface Request {
  buffer: ArrayBuffer;
  options: ExtractOptions;
}

type Reply =
  | { type: "ready" }
  | { type: "done"; result: ExtractResult }
  | { type: "failed"; error: { name: string; message: string; code?: string; status?: number } };

export interface IsolationLimits {
  /** Milliseconds the extraction may take once the worker runs. */
  timeoutMs: number;
  /** Megabytes of JavaScript heap the worker may use. */
  heapMb: number;
}

/** The reading time plus, when OCR may run, the OCR budget of the extraction's own limits. */
function defaultIsolation(options: ExtractOptions): IsolationLimits {
  const ocrSeconds = options.ocr === false ? 0 : (options.limits?.maxOcrSeconds ?? DEFAULT_LIMITS.maxOcrSeconds);
  return { timeoutMs: EXTRACTION_TIMEOUT_MS + ocrSeconds * 1000, heapMb: EXTRACTION_HEAP_MB };
}

/** A few workers at a time: each may use its whole heap cap. */
let running = 0;
const waiting: (() => void)[] = [];
async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL_EXTRACTIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * How a worker loads this module. A bundle is plain JavaScript; the TypeScript sources go
 * through tsx's `tsImport` (a worker does not inherit the `--import tsx` loader of its parent).
 */
function workerScript(entry: URL): { script: string | URL; eval: boolean } {
  if (!entry.pathname.endsWith(".ts")) return { script: entry, eval: false };
  const require = createRequire(entry);
  const manifest = require.resolve("tsx/package.json");
  const exports = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports;
  const api = pathToFileURL(join(dirname(manifest), exports["./esm/api"]!.import.default)).href;
  const load = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return { script: load, eval: true };
}

/** An error as the worker reported it, as the class the caller (and the pipeline) knows. */
function revive(error: { name: string; message: string; code?: string; status?: number }): Error {
  if (error.name === "Invalid") return new Invalid(error.message);
  if (error.name === "TooLarge") return new TooLarge(error.message);
  if (error.status !== undefined && error.code !== undefined) {
    const visible = new VisibleError(error.code, error.message, error.status);
    visible.name = error.name;
    return visible;
  }
  return new Error(error.message);
}

let warnedFallback = false;

/**
 * `Extract.fromBuffer` in a worker thread with a heap cap and a deadline; see the comment at the
 * top of this module. Rejects with TooLarge when the file needs more time or memory than allowed.
 */
export async function extractIsolated(
  buffer: Buffer,
  options: ExtractOptions,
  limits: IsolationLimits = defaultIsolation(options),
): Promise<ExtractResult> {
  const inProcess = async () => (await import("./index")).Extract.fromBuffer(buffer, options);
  const entry = typeof import.meta.url === "string" && import.meta.url.startsWith("file:") ? new URL(import.meta.url) : undefined;
  if (!entry) return inProcess();

  const release = await slot();
  try {
    const outcome = await runWorker(entry, buffer, options, limits);
    if (outcome.started) return outcome.result;
    if (!warnedFallback) {
      warnedFallback = true;
      console.warn(`[extract] the extraction worker could not start (${outcome.reason}); extracting in-process`);
    }
    return await inProcess();
  } finally {
    release();
  }
}

function runWorker(
  entry: URL,
  buffer: Buffer,
  options: ExtractOptions,
  limits: IsolationLimits,
): Promise<{ started: true; result: ExtractResult } | { started: false; reason: string }> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let settled = false;
    let source: ReturnType<typeof workerScript>;
    try {
      source = workerScript(entry);
    } catch (error) {
      resolve({ started: false, reason: (error as Error).message });
      return;
    }
    const worker = new Worker(source.script, {
      eval: source.eval,
      workerData: { role: ROLE },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      stdout: false,
      stderr: false,
    });
    // the deadline runs from the moment the worker has loaded the readers; loading has its own
    let timer = setTimeout(() => finish(() => resolve({ started: false, reason: "it did not load in time" })), WORKER_START_MS);
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };

    worker.on("message", (reply: Reply) => {
      if (reply.type === "ready") {
        ready = true;
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => reject(failure("timeout", { seconds: limits.timeoutMs / 1000 }))), limits.timeoutMs);
        // a copy the worker can own: the caller's Buffer may share a pooled ArrayBuffer
        const copy = new Uint8Array(buffer).buffer;
        worker.postMessage({ buffer: copy, options } satisfies Request, [copy]);
      } else if (reply.type === "done") finish(() => resolve({ started: true, result: reply.result }));
      else finish(() => reject(revive(reply.error)));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") finish(() => reject(failure("memory", { megabytes: limits.heapMb })));
      else if (!ready) finish(() => resolve({ started: false, reason: error.message }));
      else finish(() => reject(new Error(`The extraction worker failed: ${error.message}`)));
    });
    worker.on("exit", (code) => {
      if (!ready) finish(() => resolve({ started: false, reason: `exit code ${code}` }));
      else finish(() => reject(new Error(`The extraction worker stopped unexpectedly (exit code ${code})`)));
    });
  });
}

/** Worker side: extract the one file the parent sends, reply, and wait to be terminated. */
async function serve() {
  const port = parentPort!;
  const { Extract } = await import("./index");
  port.once("message", async ({ buffer, options }: Request) => {
    let reply: Reply;
    try {
      reply = { type: "done", result: await Extract.fromBuffer(Buffer.from(buffer), options) };
    } catch (error) {
      const e = error as Partial<VisibleError>;
      reply = { type: "failed", error: { name: e.name ?? "Error", message: e.message ?? String(error), code: e.code, status: e.status } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: "ready" } satisfies Reply);
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) void serve();
