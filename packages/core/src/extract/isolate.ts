import { fork, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { Invalid, TooLarge, VisibleError } from "../error";
import { failure } from "./failure";
import {
  DEFAULT_LIMITS,
  EXTRACTION_CHILD_FILES,
  EXTRACTION_CHILD_IDLE_MS,
  EXTRACTION_HEAP_MB,
  EXTRACTION_START_MS,
  EXTRACTION_TIMEOUT_MS,
  MAX_PARALLEL_EXTRACTIONS,
  RULES_TIMEOUT_MS,
} from "./limits";
import type { PlacedAnalysis } from "../quote/schema";
import type { RulesInput } from "../quote/rules/index";
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
 * serves extractions one at a time and stays warm between them. That works from the sources (through tsx, which the dev server and the
 * tests run on) and from a bundle: esbuild bundles each Lambda handler into one ESM file,
 * `import.meta.url` is then that file, and the child runs the bundle and serves from it (so a
 * handler module must do no work at its top level beyond defining the handler, which is how
 * Lambda handlers are written anyway). Where neither holds (a CommonJS bundle has no
 * `import.meta.url`, or the child cannot start), extraction runs in-process; in Lambda that still
 * leaves the function's own memory size and timeout, and the state machine records the failure.
 */

const CHILD_ENV = "QUORUM_EXTRACT_CHILD";

/** A job for the child: a file to extract, or a document's text for the quote rules to read. */
type Request = { kind: "extract"; buffer: Uint8Array; options: ExtractOptions } | { kind: "rules"; input: RulesInput };

type Reply =
  | { type: "ready" }
  | { type: "done"; result: unknown }
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
 * One extraction process, kept warm between files: starting one (loading the readers, pdf.js,
 * the OCR worker) costs more than reading most documents, so it serves file after file until it
 * fails, overruns or grows, and is then replaced. Between files it is unreferenced, so an idle
 * child never keeps its parent alive.
 */
class Child {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  busy = false;
  served = 0;
  private stderr = "";
  private onReply?: (reply: Reply) => void;
  private onEnd?: (error: Error) => void;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    entry: string,
    readonly heapMb: number,
  ) {
    // TypeScript sources load through tsx; a bundle is plain JavaScript
    this.process = fork(entry, [], {
      execArgv: [...(entry.endsWith(".ts") ? ["--import", "tsx"] : []), `--max-old-space-size=${heapMb}`],
      env: { ...process.env, [CHILD_ENV]: "1" },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    this.process.stderr?.on("data", (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-8192)));
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("it did not load in time")), EXTRACTION_START_MS);
      this.onReply = (reply) => {
        if (reply.type !== "ready") return;
        clearTimeout(timer);
        resolve();
      };
      this.onEnd = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
    this.ready.catch(() => this.kill());
    this.process.on("message", (reply: Reply) => this.onReply?.(reply));
    this.process.on("error", (error) => this.onEnd?.(error));
    // "close", not "exit": the child's stderr is read to its end first
    this.process.on("close", (code, signal) => {
      pool.delete(this);
      // V8 aborts the process when the heap cap is reached; its report of that is noise in the logs
      const outOfMemory = /heap out of memory|Reached heap limit|Allocation failed/i.test(this.stderr);
      if (!outOfMemory && this.stderr.trim()) process.stderr.write(this.stderr);
      this.onEnd?.(
        outOfMemory
          ? failure("memory", { megabytes: this.heapMb })
          : new Error(`The extraction process stopped unexpectedly (${signal ?? `exit code ${code}`})`),
      );
    });
  }

  /** One job: the reply, or the error that ended it (the child is then replaced). */
  run(request: Request, timeoutMs: number): Promise<unknown> {
    this.busy = true;
    this.served++;
    clearTimeout(this.idleTimer);
    this.process.ref();
    this.process.channel?.ref();
    (this.process.stderr as Socket | null)?.ref();
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(failure("timeout", { seconds: timeoutMs / 1000 }));
      }, timeoutMs);
      const settle = (done: () => void) => {
        clearTimeout(timer);
        this.onReply = undefined;
        this.onEnd = undefined;
        done();
      };
      this.onReply = (reply) => {
        if (reply.type === "done") settle(() => resolve(reply.result));
        else if (reply.type === "failed") settle(() => reject(revive(reply.error)));
      };
      this.onEnd = (error) => settle(() => reject(error));
      this.process.send(request);
    }).finally(() => this.release());
  }

  private release() {
    this.busy = false;
    if (this.served >= EXTRACTION_CHILD_FILES) this.kill();
    if (!this.alive) return;
    this.process.unref();
    this.process.channel?.unref();
    (this.process.stderr as Socket | null)?.unref();
    this.idleTimer = setTimeout(() => this.kill(), EXTRACTION_CHILD_IDLE_MS).unref();
  }

  get alive() {
    return this.process.exitCode === null && this.process.signalCode === null && !this.process.killed;
  }

  kill() {
    pool.delete(this);
    clearTimeout(this.idleTimer);
    if (this.alive) this.process.kill("SIGKILL");
  }
}

/** The warm children, at most MAX_PARALLEL_EXTRACTIONS at once (each may fill its heap cap). */
const pool = new Set<Child>();
const waiting: (() => void)[] = [];

/** The process ids of the live extraction children (for diagnostics and tests). */
export const extractionProcesses = () => [...pool].filter((c) => c.alive).map((c) => c.process.pid!);

async function acquire(entry: string, heapMb: number): Promise<Child> {
  for (;;) {
    const idle = [...pool].find((c) => !c.busy && c.alive && c.heapMb === heapMb);
    if (idle) {
      idle.busy = true;
      return idle;
    }
    const busy = [...pool].filter((c) => c.busy).length;
    if (busy < MAX_PARALLEL_EXTRACTIONS) {
      // an idle child with another heap cap makes room for this one
      if (pool.size >= MAX_PARALLEL_EXTRACTIONS) [...pool].find((c) => !c.busy)?.kill();
      const child = new Child(entry, heapMb);
      child.busy = true;
      pool.add(child);
      return child;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

/** A job in a warm child under a deadline, or in-process when no child can run here. */
async function inChild<T>(request: Request, limits: IsolationLimits, inProcess: () => Promise<T>): Promise<T> {
  const entry = typeof import.meta.url === "string" && import.meta.url.startsWith("file:") ? fileURLToPath(import.meta.url) : undefined;
  if (!entry) return inProcess();

  let child: Child;
  try {
    child = await acquire(entry, limits.heapMb);
  } catch (error) {
    return fallBack(error, inProcess);
  }
  try {
    try {
      await child.ready;
    } catch (error) {
      child.kill();
      return await fallBack(error, inProcess);
    }
    return (await child.run(request, limits.timeoutMs)) as T;
  } finally {
    waiting.shift()?.();
  }
}

/**
 * `Extract.fromBuffer` in a child process with a heap cap and a deadline; see the comment at the
 * top of this module. Rejects with TooLarge when the file needs more time or memory than allowed.
 */
export function extractIsolated(
  buffer: Buffer,
  options: ExtractOptions,
  limits: IsolationLimits = defaultIsolation(options),
): Promise<ExtractResult> {
  return inChild({ kind: "extract", buffer, options }, limits, async () => (await import("./index")).Extract.fromBuffer(buffer, options));
}

/**
 * The quote rules over a document's text in the same kind of child, under their own deadline:
 * the rules bound their work, and this is the net under them, so no text the rules do not
 * foresee holds the pipeline's Analyze step (or the process serving other documents) past it.
 */
export function rulesIsolated(
  input: RulesInput,
  limits: IsolationLimits = { timeoutMs: RULES_TIMEOUT_MS, heapMb: EXTRACTION_HEAP_MB },
): Promise<PlacedAnalysis> {
  return inChild({ kind: "rules", input }, limits, async () => (await import("../quote/rules/index")).analyzeByRules(input));
}

function fallBack<T>(error: unknown, inProcess: () => Promise<T>): Promise<T> {
  if (!warnedFallback) {
    warnedFallback = true;
    console.warn(`[extract] the extraction process could not start (${(error as Error).message}); extracting in-process`);
  }
  return inProcess();
}

/** Child side: do each job the parent sends and reply, for as long as the parent keeps it. */
async function serve() {
  const { Extract } = await import("./index");
  const run = async (request: Request): Promise<unknown> => {
    if (request.kind === "rules") return (await import("../quote/rules/index")).analyzeByRules(request.input);
    const { buffer, options } = request;
    return Extract.fromBuffer(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength), options);
  };
  process.on("message", async (request: Request) => {
    let reply: Reply;
    try {
      reply = { type: "done", result: await run(request) };
    } catch (error) {
      const e = error as Partial<VisibleError>;
      reply = { type: "failed", error: { name: e.name ?? "Error", message: e.message ?? String(error), code: e.code, status: e.status } };
    }
    process.send!(reply);
  });
  // the parent going away (a crash, a kill) ends the child too
  process.on("disconnect", () => process.exit(0));
  process.send!({ type: "ready" } satisfies Reply);
}

if (process.env[CHILD_ENV] === "1" && process.send) void serve();
