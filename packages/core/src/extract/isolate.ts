import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Invalid, TooLarge, VisibleError } from "../error";
import { failure } from "./failure";
import { DEFAULT_LIMITS, EXTRACTION_HEAP_MB, EXTRACTION_TIMEOUT_MS, MAX_PARALLEL_EXTRACTIONS, EXTRACTION_START_MS } from "./limits";
import type { ExtractOptions, ExtractResult } from "./index";

/**
 * Extraction in a child process, so that no file can take the caller down with it: the child has
 * its own heap cap and a deadline, and a file that exhausts either (or crashes the child outright,
 * as native or WASM code can) ends as a clear error for that document while the process, and the
 * other documents of an upload, carry on. The readers bound their own work; this is the net under
 * them for what they do not foresee (a library looping, or allocating without end, on a crafted
 * file).
 *
 * A child process rather than a worker thread: a worker's `resourceLimits` give way to a
 * process-wide `--max-old-space-size` (which the Lambda runtime and many launch scripts set), so
 * its cap would silently not hold; a child's own flag does.
 *
 * The child runs this very module: started by `extractIsolated` with QUORUM_EXTRACT_CHILD set, it
 * serves one extraction. That works from the sources (through tsx, which the dev server and the
 * tests run on) and from a bundle: esbuild bundles each Lambda handler into one ESM file,
 * `import.meta.url` is then that file, and the child runs the bundle and serves from it (so a
 * handler module must do no work at its top level beyond defining the handler, which is how
 * Lambda handlers are written anyway). Where neither holds (a CommonJS bundle has no
 * `import.meta.url`, or the child cannot start), extraction runs in-process; in Lambda that still
 * leaves the function's own memory size and timeout, and the state machine records the failure.
 */

const CHILD_ENV = "QUORUM_EXTRACT_CHILD";

interface Request {
  buffer: Uint8Array;
  options: ExtractOptions;
}

type Reply =
  | { type: "ready" }
  | { type: "done"; result: ExtractResult }
  | { type: "failed"; error: { name: string; message: string; code?: string; status?: number } };

export interface IsolationLimits {
  /** Milliseconds the extraction may take once the child has loaded the readers. */
  timeoutMs: number;
  /** Megabytes of JavaScript heap the child may use. */
  heapMb: number;
}

/** The reading time plus, when OCR may run, the OCR budget of the extraction's own limits. */
function defaultIsolation(options: ExtractOptions): IsolationLimits {
  const ocrSeconds = options.ocr === false ? 0 : (options.limits?.maxOcrSeconds ?? DEFAULT_LIMITS.maxOcrSeconds);
  return { timeoutMs: EXTRACTION_TIMEOUT_MS + ocrSeconds * 1000, heapMb: EXTRACTION_HEAP_MB };
}

/** A few children at a time: each may use its whole heap cap. */
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

/** An error as the child reported it, as the class the caller (and the pipeline) knows. */
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
 * `Extract.fromBuffer` in a child process with a heap cap and a deadline; see the comment at the
 * top of this module. Rejects with TooLarge when the file needs more time or memory than allowed.
 */
export async function extractIsolated(
  buffer: Buffer,
  options: ExtractOptions,
  limits: IsolationLimits = defaultIsolation(options),
): Promise<ExtractResult> {
  const inProcess = async () => (await import("./index")).Extract.fromBuffer(buffer, options);
  const entry = typeof import.meta.url === "string" && import.meta.url.startsWith("file:") ? fileURLToPath(import.meta.url) : undefined;
  if (!entry) return inProcess();

  const release = await slot();
  try {
    const outcome = await runChild(entry, buffer, options, limits);
    if (outcome.started) return outcome.result;
    if (!warnedFallback) {
      warnedFallback = true;
      console.warn(`[extract] the extraction process could not start (${outcome.reason}); extracting in-process`);
    }
    return await inProcess();
  } finally {
    release();
  }
}

function runChild(
  entry: string,
  buffer: Buffer,
  options: ExtractOptions,
  limits: IsolationLimits,
): Promise<{ started: true; result: ExtractResult } | { started: false; reason: string }> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let settled = false;
    let stderr = "";
    let child: ChildProcess;
    try {
      // TypeScript sources load through tsx; a bundle is plain JavaScript
      child = fork(entry, [], {
        execArgv: [...(entry.endsWith(".ts") ? ["--import", "tsx"] : []), `--max-old-space-size=${limits.heapMb}`],
        env: { ...process.env, [CHILD_ENV]: "1" },
        serialization: "advanced",
        stdio: ["ignore", "inherit", "pipe", "ipc"],
      });
    } catch (error) {
      resolve({ started: false, reason: (error as Error).message });
      return;
    }
    child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8192)));

    // the deadline runs from the moment the child has loaded the readers; loading has its own
    let timer = setTimeout(() => finish(() => resolve({ started: false, reason: "it did not load in time" })), EXTRACTION_START_MS);
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };

    child.on("message", (reply: Reply) => {
      if (reply.type === "ready") {
        ready = true;
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => reject(failure("timeout", { seconds: limits.timeoutMs / 1000 }))), limits.timeoutMs);
        child.send({ buffer, options } satisfies Request);
      } else if (reply.type === "done") finish(() => resolve({ started: true, result: reply.result }));
      else finish(() => reject(revive(reply.error)));
    });
    child.on("error", (error) => {
      if (!ready) finish(() => resolve({ started: false, reason: error.message }));
      else finish(() => reject(new Error(`The extraction process failed: ${error.message}`)));
    });
    // "close", not "exit": the child's stderr is read to its end first
    child.on("close", (code, signal) => {
      // V8 aborts the process when the heap cap is reached; its report of that is noise in the logs
      const outOfMemory = /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr);
      if (!outOfMemory && stderr.trim()) process.stderr.write(stderr);
      if (outOfMemory) finish(() => reject(failure("memory", { megabytes: limits.heapMb })));
      else if (!ready) finish(() => resolve({ started: false, reason: `exit ${signal ?? code}` }));
      else finish(() => reject(new Error(`The extraction process stopped unexpectedly (${signal ?? `exit code ${code}`})`)));
    });
  });
}

/** Child side: extract the one file the parent sends, reply, and exit. */
async function serve() {
  const { Extract } = await import("./index");
  process.once("message", async ({ buffer, options }: Request) => {
    let reply: Reply;
    try {
      reply = { type: "done", result: await Extract.fromBuffer(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength), options) };
    } catch (error) {
      const e = error as Partial<VisibleError>;
      reply = { type: "failed", error: { name: e.name ?? "Error", message: e.message ?? String(error), code: e.code, status: e.status } };
    }
    process.send!(reply, () => process.exit(0));
  });
  process.send!({ type: "ready" } satisfies Reply);
}

if (process.env[CHILD_ENV] === "1" && process.send) void serve();
