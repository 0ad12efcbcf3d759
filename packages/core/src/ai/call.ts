import { describeFailure, StopRequested, type ModelFailure } from "./failure";
import { withLanguage } from "./language";
import type { ModelAnswer } from "./schema";
import type { StatusStore } from "./status";
import { CUSTOM, OFFLINE, emptyUsage, type Generation, type GenerateOptions, type Message, type Model } from "./types";

export type CallOutcome =
  | { ok: true; model: Model; generation: Generation }
  /** `partial`: what a streamed answer had written before it failed or was stopped. */
  | { ok: false; model: Model; failure: ModelFailure; latencyMs: number; partial: string };

/**
 * Keeps each real model's last outcome in the status store. Writes run beside
 * the work and are awaited once at the end, so they never delay an answer.
 */
export class Recorder {
  private pending: Promise<unknown>[] = [];
  constructor(private readonly store: StatusStore | undefined) {}

  note(model: Model, ok: boolean, latencyMs: number, failure?: ModelFailure) {
    // The status lists the product's models; the organisation's own one and the offline model are not among them.
    if (!this.store || model.choice === OFFLINE || model.choice === CUSTOM) return;
    const write = this.store
      .record({ choice: model.choice, modelId: model.id, ok, error: failure?.plain, latencyMs, at: new Date().toISOString() })
      .catch((error: unknown) => console.error("[ai] recording model status failed", error));
    this.pending.push(write);
  }

  async flush() {
    const pending = this.pending;
    this.pending = [];
    await Promise.allSettled(pending);
  }
}

/** One call to one model: never throws; a failure comes back described in plain words and is logged with its cause. */
export async function callModel(model: Model, messages: Message[], options: GenerateOptions, recorder?: Recorder): Promise<CallOutcome> {
  const started = Date.now();
  let partial = "";
  const onText = options.onText;
  const system = withLanguage(options.system, options.language);
  const streaming = {
    ...options,
    ...(system ? { system } : {}),
    ...(onText
      ? {
          onText: (delta: string) => {
            partial += delta;
            onText(delta);
          },
        }
      : {}),
  };
  try {
    const generation = await model.generate(messages, streaming);
    recorder?.note(model, true, generation.latencyMs);
    return { ok: true, model, generation };
  } catch (error) {
    const latencyMs = Date.now() - started;
    // A Stop is the person's choice, not the model's failure: it is neither logged as one nor recorded.
    const reason: unknown = options.signal?.aborted ? options.signal.reason : undefined;
    if (reason instanceof StopRequested) return { ok: false, model, failure: reason, latencyMs, partial };
    const failure = describeFailure(error);
    // A provider's own error text may quote what was sent: it is logged only for people who share their data.
    const detail = options.shareData && failure.detail ? ` — ${failure.detail}` : "";
    console.warn(`[ai] ${model.service} (${model.id}) ${failure.plain}${detail}`);
    recorder?.note(model, false, latencyMs, failure);
    return { ok: false, model, failure, latencyMs, partial };
  }
}

export function toModelAnswer(outcome: CallOutcome): ModelAnswer {
  const { model } = outcome;
  const base = { model: model.choice, service: model.service, provider: model.provider };
  if (outcome.ok) {
    const g = outcome.generation;
    return {
      ...base,
      modelId: g.model,
      status: "answered",
      response: g.text,
      latencyMs: g.latencyMs,
      usage: g.usage,
      ...(g.truncated ? { truncated: true } : {}),
    };
  }
  const kind = outcome.failure.kind;
  return {
    ...base,
    modelId: model.id,
    status: kind === "timeout" ? "timed_out" : kind === "stopped" ? "stopped" : "failed",
    // What a streamed answer wrote before it ended stays visible.
    ...(outcome.partial ? { response: outcome.partial } : {}),
    error: `${model.service} ${outcome.failure.plain}`,
    latencyMs: outcome.latencyMs,
    usage: emptyUsage(),
  };
}
