import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ConfigSchema } from "@quorum/core/config";
import { definitionText, STEPS, substitute } from "./steps";

const require = createRequire(import.meta.url);
const aslValidator = require("asl-validator") as (
  definition: unknown,
  options?: { checkArn?: boolean; checkPaths?: boolean },
) => {
  isValid: boolean;
  errorsText: (separator?: string) => string;
};

type State = {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Seconds?: number;
  Retry?: { ErrorEquals: string[]; MaxAttempts?: number; BackoffRate?: number; IntervalSeconds?: number; MaxDelaySeconds?: number }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Next?: string;
  Choices?: { Next: string }[];
  Default?: string;
  Branches?: { StartAt: string; States: Record<string, State> }[];
};

const arns = () =>
  Object.fromEntries(
    Object.entries(STEPS).map(([state, s]) => [s.placeholder, `arn:aws:lambda:us-east-1:123456789012:function:quorum-${state}`]),
  );
const definition = () =>
  JSON.parse(substitute(definitionText(), arns())) as { StartAt: string; TimeoutSeconds: number; States: Record<string, State> };

/** Every state by name, those inside a Parallel's branches too, with the state that catches its errors. */
function allStates(states: Record<string, State>, catcher?: State): Record<string, State & { catcher: State }> {
  return Object.fromEntries(
    Object.entries(states).flatMap(([name, state]) => [
      [name, { ...state, catcher: catcher ?? state }],
      ...(state.Branches ?? []).flatMap((b) => Object.entries(allStates(b.States, state))),
    ]),
  );
}

/**
 * The longest a Task can take: every attempt its retries allow runs until just before its
 * timeout and then fails (an error, not a timeout, so the retrier of States.ALL applies), with the
 * longest waits between attempts (no jitter).
 */
function longestSeconds(task: State): number {
  const retry = task.Retry?.find((r) => r.ErrorEquals.includes("States.ALL"));
  const attempts = 1 + (retry?.MaxAttempts ?? 0);
  let waits = 0;
  for (let i = 0; i < attempts - 1; i++) {
    const wait = (retry?.IntervalSeconds ?? 1) * (retry?.BackoffRate ?? 2) ** i;
    waits += Math.min(wait, retry?.MaxDelaySeconds ?? Infinity);
  }
  return attempts * task.TimeoutSeconds! + waits;
}

describe("the pipeline's state machine definition", () => {
  it("is valid Amazon States Language once the function ARNs are in (asl-validator)", () => {
    const result = aslValidator(definition());
    expect(result.errorsText("\n")).toBe("");
    expect(result.isValid).toBe(true);
    // and the validator does look: a dangling transition is refused
    const broken = definition();
    broken.States.Read!.Next = "Nowhere";
    expect(aslValidator(broken).isValid).toBe(false);
  });

  it("has a placeholder for exactly the step functions infra deploys, each bound to a Task of the same name", () => {
    const placeholders = [...definitionText().matchAll(/"Resource": "\$\{(\w+)\}"/g)].map((m) => m[1]).sort();
    expect(placeholders).toEqual(
      Object.values(STEPS)
        .map((s) => s.placeholder)
        .sort(),
    );
    const states = allStates(JSON.parse(definitionText()).States as Record<string, State>);
    for (const [name, step] of Object.entries(STEPS)) expect(states[name]?.Resource).toBe(`\${${step.placeholder}}`);
    expect(() => substitute(definitionText(), {})).toThrow(/no value for \$\{ValidateFunctionArn\}/);
  });

  it("retries every Task with backoff, never the file's own problems, and catches into a recorded failure", () => {
    const states = allStates(definition().States);
    const tasks = Object.entries(states).filter(([, s]) => s.Type === "Task");
    expect(tasks.length).toBe(Object.keys(STEPS).length);
    for (const [name, task] of tasks) {
      const all = task.Retry?.find((r) => r.ErrorEquals.includes("States.ALL"));
      expect(all, name).toBeDefined();
      expect(all!.BackoffRate, name).toBeGreaterThan(1);
      expect(all!.MaxAttempts, name).toBeGreaterThanOrEqual(3);
      // a Task inside a Parallel's branch is caught by the Parallel, which stops the other branch
      const caught = task.catcher.Catch;
      expect(
        caught?.some((c) => c.ErrorEquals.includes("States.ALL")),
        name,
      ).toBe(true);
      // the Lambda's own timeout never outlives the Task's
      expect(task.TimeoutSeconds, name).toBe(STEPS[name as keyof typeof STEPS].timeout);
      if (name === "RecordFailure" || name === "Discard") continue;
      expect(task.Retry![0]).toEqual({
        ErrorEquals: ["DocumentRejected", "Invalid", "TooLarge", "DocumentGone", "AlreadyClaimed"],
        MaxAttempts: 0,
      });
      const failed = states[caught!.find((c) => c.ErrorEquals.includes("States.ALL"))!.Next]!;
      expect(failed, name).toMatchObject({ Type: "Pass", ResultPath: "$.failedStep", Next: "RecordFailure" });
      expect(caught!.find((c) => c.ErrorEquals.includes("DocumentGone"))!.Next).toBe("Discard");
      expect(caught!.find((c) => c.ErrorEquals.includes("AlreadyClaimed"))!.Next).toBe("Skipped");
    }
  });

  it("a timed-out step is not retried: it would only time out again, using up the execution's time", () => {
    const states = allStates(definition().States);
    for (const [name, task] of Object.entries(states).filter(([n, s]) => s.Type === "Task" && n !== "RecordFailure" && n !== "Discard")) {
      const timeout = task.Retry!.findIndex((r) => r.ErrorEquals.includes("States.Timeout"));
      const all = task.Retry!.findIndex((r) => r.ErrorEquals.includes("States.ALL"));
      expect(timeout, name).toBeGreaterThanOrEqual(0);
      expect(timeout, name).toBeLessThan(all);
      expect(task.Retry![timeout]!.MaxAttempts, name).toBe(0);
    }
  });

  it("every step's timeouts and retries, the longest Textract polling and RecordFailure fit in the execution's timeout", () => {
    const { States: top, TimeoutSeconds } = definition();
    const states = allStates(top);
    const polls = ConfigSchema.shape.TEXTRACT_MAX_POLLS.parse(undefined);
    const longest =
      longestSeconds(states.Validate!) +
      longestSeconds(states.Extract!) +
      polls * (states.WaitForTextract!.Seconds! + longestSeconds(states.PollTextract!)) +
      // side by side: the slower of the two
      Math.max(longestSeconds(states.Analyze!), longestSeconds(states.Index!)) +
      longestSeconds(states.Complete!) +
      // the last step fails after all that: the failure is still recorded
      longestSeconds(states.RecordFailure!);
    expect(longest).toBeLessThan(TimeoutSeconds);
  });

  it("polls an asynchronous Textract job with a Wait and a Choice loop, not a sleeping Lambda", () => {
    const states = definition().States;
    expect(states.Extract!.Next).toBe("TextReady");
    expect(states.TextReady).toMatchObject({
      Type: "Choice",
      Choices: [{ Variable: "$.extract.status", StringEquals: "started", Next: "WaitForTextract" }],
      Default: "Read",
    });
    expect(states.WaitForTextract).toMatchObject({ Type: "Wait", Next: "PollTextract" });
    expect(states.PollTextract!.Next).toBe("TextReady");
  });

  it("analyses and indexes side by side: both read the stored text, neither needs the other's result", () => {
    const read = definition().States.Read!;
    expect(read.Type).toBe("Parallel");
    expect(read.Branches!.map((b) => [b.StartAt, Object.keys(b.States)])).toEqual([
      ["Analyze", ["Analyze"]],
      ["Index", ["Index"]],
    ]);
    for (const branch of read.Branches!)
      expect(branch.States[branch.StartAt]).toMatchObject({
        Type: "Task",
        End: true,
        Parameters: { "documentId.$": "$.document.documentId" },
      });
    expect(read.Next).toBe("Complete");
  });

  it("is accepted by aws-local-stepfunctions, the local runner", async () => {
    const { StateMachine } = await import("aws-local-stepfunctions");
    expect(() => new StateMachine(definition() as never, { validationOptions: { checkArn: true, checkPaths: true } })).not.toThrow();
  });
});
