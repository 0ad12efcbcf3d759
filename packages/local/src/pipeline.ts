/**
 * The document pipeline on one machine: the SAME definition.asl.json the cloud's
 * Step Functions state machine runs, executed in-process by aws-local-stepfunctions,
 * its Task states bound by name to the same handlers the Lambdas run, started by
 * s3rver's "object created" events as S3's notification starts the cloud's.
 */
import { randomUUID } from "node:crypto";
import { pipelineStarts, type ObjectCreatedRecord, type PipelineStart } from "@quorum/core/document/starts";
import { parseHandler } from "@quorum/functions/routes";
import { definitionText, STEPS, substitute, type StepName } from "@quorum/functions/pipeline/steps";
import type { S3Service } from "./services";

/** aws-local-stepfunctions calls Promise.withResolvers (Node 22); Node 20 needs it supplied. */
function polyfillWithResolvers() {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  if (typeof P.withResolvers === "function") return;
  P.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type StepHandler = (input: Json) => Promise<Json> | Json;

const REGION = "us-east-1";
const ACCOUNT = "000000000000";
const MACHINE = "quorum-local-pipeline";

/** Any well-formed Lambda ARN passes the local validator; the handlers are bound by state name anyway. */
const localArns = () =>
  Object.fromEntries(
    Object.entries(STEPS).map(([state, step]) => [step.placeholder, `arn:aws:lambda:${REGION}:${ACCOUNT}:function:quorum-local-${state}`]),
  );

export interface ExecutionResult {
  name: string;
  key: string;
  /** "Completed", "Skipped", "Discarded" (a Succeed state), or "Failed". */
  outcome: string;
  output: unknown;
  error?: string;
  ms: number;
  /** Milliseconds spent in each state (summed over a polling loop's visits). */
  steps: Record<string, number>;
}

export interface PipelineRunnerOptions {
  /** Replace a step's handler (tests make one throw). */
  handlers?: Partial<Record<StepName, StepHandler>>;
  /** How long the Wait between Textract polls lasts locally (ms); the definition says 5 s. */
  textractWaitMs?: number;
  /** Retry back-off locally (ms per retry); default: the definition's own intervals. */
  retryDelayMs?: number;
  /** Executions at once; more wait in line (two cores here). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface PipelineRunner {
  /** Runs one execution to its end. */
  execute(start: PipelineStart): Promise<ExecutionResult>;
  /** Queues executions for S3 records (uploads of documents only); returns their names. */
  enqueue(records: ObjectCreatedRecord[]): string[];
  /** Resolves when nothing is queued or running. */
  idle(): Promise<void>;
  /** Every finished execution, oldest first. */
  results: ExecutionResult[];
  onResult(listener: (result: ExecutionResult) => void): void;
}

async function loadHandler(handler: string): Promise<StepHandler> {
  const { module, exportName } = parseHandler(handler);
  const loaded = (await import(`@quorum/functions/${module}`)) as Record<string, unknown>;
  const fn = loaded[exportName];
  if (typeof fn !== "function") throw new Error(`${handler} is not exported`);
  return fn as StepHandler;
}

export async function createPipelineRunner(options: PipelineRunnerOptions = {}): Promise<PipelineRunner> {
  polyfillWithResolvers();
  const { StateMachine, ExecutionError } = await import("aws-local-stepfunctions");
  const definition = JSON.parse(substitute(definitionText(), localArns()));
  const machine = new StateMachine(definition, { validationOptions: { checkArn: true, checkPaths: true } });
  const log = options.log ?? (() => {});

  const handlers: Record<string, StepHandler> = {};
  for (const [state, step] of Object.entries(STEPS) as [StepName, (typeof STEPS)[StepName]][]) {
    const override = options.handlers?.[state];
    handlers[state] = override ?? (await loadHandler(step.handler));
  }
  const retryIntervalOverrides =
    options.retryDelayMs === undefined ? undefined : Object.fromEntries(Object.keys(STEPS).map((state) => [state, options.retryDelayMs!]));

  const results: ExecutionResult[] = [];
  const listeners: ((r: ExecutionResult) => void)[] = [];
  const queue: PipelineStart[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];
  const concurrency = options.concurrency ?? 2;

  async function execute(start: PipelineStart): Promise<ExecutionResult> {
    const started = Date.now();
    const executionId = `arn:aws:states:${REGION}:${ACCOUNT}:execution:${MACHINE}:${start.name}`;
    const input = start.input as unknown as Json;
    const execution = machine.run(input, {
      overrides: {
        taskResourceLocalHandlers: handlers,
        waitTimeOverrides: options.textractWaitMs === undefined ? undefined : { WaitForTextract: options.textractWaitMs },
        retryIntervalOverrides,
      },
      context: { Execution: { Id: executionId, Name: start.name, Input: input, StartTime: new Date(started).toISOString() } },
    });
    // The last state entered names the outcome: Completed, Skipped or Discarded.
    let last = "";
    const steps: Record<string, number> = {};
    const entered = new Map<string, number>();
    const events = (async () => {
      for await (const event of execution.eventLogs) {
        if (event.type === "StateEntered") {
          last = event.state.name;
          entered.set(event.state.name, event.timestamp);
        } else if (event.type === "StateExited" || event.type === "StateFailed") {
          const since = entered.get(event.state.name);
          if (since !== undefined) steps[event.state.name] = (steps[event.state.name] ?? 0) + event.timestamp - since;
        }
      }
    })();
    let result: ExecutionResult;
    try {
      const output = await execution.result;
      await events.catch(() => {});
      result = { name: start.name, key: start.input.key, outcome: last || "Completed", output, ms: Date.now() - started, steps };
    } catch (error) {
      await events.catch(() => {});
      const message =
        error instanceof ExecutionError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      result = { name: start.name, key: start.input.key, outcome: "Failed", output: null, error: message, ms: Date.now() - started, steps };
    }
    log(`pipeline ${result.outcome.toLowerCase()} in ${result.ms} ms: ${start.input.key}${result.error ? ` (${result.error})` : ""}`);
    results.push(result);
    for (const l of listeners) l(result);
    return result;
  }

  function pump() {
    while (running < concurrency && queue.length > 0) {
      const start = queue.shift()!;
      running++;
      void execute(start).finally(() => {
        running--;
        pump();
      });
    }
    if (running === 0 && queue.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  return {
    execute,
    enqueue(records) {
      const starts = pipelineStarts(records).map((s) => ({ ...s, name: `${s.name}-${randomUUID().slice(0, 8)}` }));
      queue.push(...starts);
      pump();
      return starts.map((s) => s.name);
    },
    idle: () => (running === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    results,
    onResult: (listener) => listeners.push(listener),
  };
}

/**
 * `npm run dev` and the test stack: s3rver's upload events start the pipeline,
 * as S3's notification starts the state machine in the cloud.
 */
export async function startLocalPipeline(s3: Pick<S3Service, "onEvent">, options: PipelineRunnerOptions = {}): Promise<PipelineRunner> {
  const runner = await createPipelineRunner({ textractWaitMs: 200, ...options });
  s3.onEvent((record) => runner.enqueue([record as ObjectCreatedRecord]));
  return runner;
}
