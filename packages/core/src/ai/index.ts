import type { z } from "zod";
import { costOf } from "./prices";
import { config, type Config } from "../config";
import { Forbidden, Unavailable } from "../error";
import { callModel, Recorder, toModelAnswer } from "./call";
import { activeModels, configuredChoice, customModelSetting, modelSettings, modelsAllowed } from "./catalog";
import { describeFailure, StopRequested } from "./failure";
import type { LiveEvents } from "./live";
import { clip } from "./lexical";
import { NOT_CONFIGURED_NOTICE, offlineModel, offlineTitle } from "./offline";
import { SYSTEM_PROMPT } from "./prompt";
import { research } from "./research";
import type { AnswerResult, ModelAnswer } from "./schema";
import { AiStatus, dynamoStatusStore, type StatusStore } from "./status";
import {
  addUsage,
  CUSTOM,
  OFFLINE,
  RESEARCH,
  type Choice,
  type Message,
  type Model,
  type ModelChoice,
  type ObjectGeneration,
} from "./types";

export { CUSTOM, RESEARCH, OFFLINE };
export type { ModelChoice, Message, AnswerResult, LiveEvents };
export { StopRequested };

export interface Deps {
  config: Config;
  /** Where each model's last outcome is kept (DynamoDB by default). */
  store?: StatusStore;
}

/** What the asker's plan and settings decide about an answer. */
export interface AnswerPolicy {
  /** The models the asker's plan includes; unset, the spec's five (never the custom model). */
  allows?: (model: ModelChoice) => boolean;
  /** The asker's language (settings): answers default to it. */
  language?: string;
  /** The asker lets providers keep what is sent (settings privacy.shareData). */
  shareData?: boolean;
}

export interface AnswerRequest {
  /** One of the spec's choices, the custom model, or "quorum" for research mode. */
  model: ModelChoice | typeof RESEARCH;
  /** Research mode: the model the asker chose to write the combined answer (see synthesisOrder). */
  synthesizer?: ModelChoice;
  policy?: AnswerPolicy;
  /** The conversation to answer: history, then the current user message last. */
  messages: Message[];
  /** Absolute time (ms) by which the answer must be ready. */
  deadline?: number;
  /** Research mode: how long the models may take to answer before the synthesis starts. */
  researchBudgetMs?: number;
  /** Research mode: how long the synthesis may take to write. */
  synthesisTimeoutMs?: number;
  /** Set to stream the answer as it is written. */
  live?: LiveEvents;
  /** Aborted with StopRequested when the person presses Stop. */
  signal?: AbortSignal;
}

const defaultDeps = (): Deps => ({ config: config(), store: dynamoStatusStore });

const offlineNotice = (why: string) =>
  `${why}, so Quorum's built-in offline model is answering instead. It cannot reason or write an answer; it can only find and quote what is relevant in your message, this conversation and your attachments.`;

export namespace Ai {
  /** Answers a conversation with one model or, for "quorum", with research mode. Never fails for a model's sake. */
  export async function answer(request: AnswerRequest, deps: Deps = defaultDeps()): Promise<AnswerResult> {
    const started = Date.now();
    const c = deps.config;
    const deadline = request.deadline ?? started + c.CHAT_DEADLINE_MS;
    const recorder = new Recorder(deps.store);
    try {
      const result =
        request.model === RESEARCH
          ? await researchAnswer(request, deadline, c, recorder)
          : await singleAnswer(request.model, request, deadline, c, recorder);
      const cost = costOf(result, c.MODEL_PRICES);
      return { ...result, latencyMs: Date.now() - started, ...(cost === undefined ? {} : { cost }) };
    } finally {
      await recorder.flush();
    }
  }

  /** A short title for a conversation from its first message; the offline model's heuristic when no model helps. */
  export async function generateTitle(
    message: string,
    deps: Deps = defaultDeps(),
    hooks: { beforeModelCall?: () => Promise<unknown>; allows?: AnswerPolicy["allows"] } = {},
  ): Promise<string> {
    const text = message.trim();
    if (!text) return "";
    const c = deps.config;
    // Only a model of the asker's plan writes their title (never the organisation's own: titles are cheap work).
    const model = preferred(
      modelsAllowed(c, hooks.allows).filter((m) => m.choice !== CUSTOM),
      "gemini",
    )[0];
    if (!model) return offlineTitle(text);
    // The caller meters model calls: it may refuse this one (a limit) before anything is spent.
    await hooks.beforeModelCall?.();
    const recorder = new Recorder(deps.store);
    const outcome = await callModel(
      model,
      [
        {
          role: "user",
          content: `Write a title of at most six words for a conversation that starts with the message below. Answer with the title only: no quotes, no trailing punctuation.\n\n<<<\n${clip(text, 2000)}\n>>>`,
        },
      ],
      { timeoutMs: Math.min(c.MODEL_TIMEOUT_MS, 10_000), maxTokens: 256 },
      recorder,
    );
    await recorder.flush();
    const title = outcome.ok ? cleanTitle(outcome.generation.text) : "";
    return title && title !== "New Conversation" ? title : offlineTitle(text);
  }

  export interface ObjectOptions {
    /** Names the data for the model (a tool or schema name: letters, digits, _ and -). */
    name: string;
    system?: string;
    /** Tried first; the other configured models follow if it fails. */
    model?: Choice;
    timeoutMs?: number;
    maxTokens?: number;
  }

  /**
   * Structured output validated by `schema`: chat.completions.parse with a JSON
   * schema for OpenAI-compatible models, a forced tool call on Bedrock. Throws
   * Unavailable when no configured model can produce it: the offline model
   * cannot, so callers decide what to do without a model.
   */
  export async function generateObject<S extends z.ZodType>(
    schema: S,
    messages: Message[],
    options: ObjectOptions,
    deps: Deps = defaultDeps(),
  ): Promise<ObjectGeneration<z.output<S>> & { service: string }> {
    const c = deps.config;
    const models = preferred(activeModels(c), options.model ?? c.RESEARCH_SYNTHESIZER);
    if (models.length === 0) throw new Unavailable("No AI model is configured, so this cannot be done automatically.");
    const recorder = new Recorder(deps.store);
    const reasons: string[] = [];
    try {
      for (const model of models) {
        const started = Date.now();
        try {
          const result = await model.generateObject(schema, messages, {
            name: options.name,
            system: options.system,
            timeoutMs: options.timeoutMs ?? c.MODEL_TIMEOUT_MS,
            maxTokens: options.maxTokens ?? c.MODEL_MAX_OUTPUT_TOKENS,
          });
          recorder.note(model, true, result.latencyMs);
          return { ...result, service: model.service };
        } catch (error) {
          const failure = describeFailure(error);
          console.warn(
            `[ai] ${model.service} (${model.id}) could not produce ${options.name}: ${failure.plain}${failure.detail ? ` — ${failure.detail}` : ""}`,
          );
          // Output that does not fit the schema says nothing about the model's health.
          recorder.note(model, failure.kind === "invalid_output", Date.now() - started, failure);
          reasons.push(`${model.service} ${failure.plain}`);
        }
      }
    } finally {
      await recorder.flush();
    }
    throw new Unavailable(`No model could produce the ${options.name}: ${reasons.join("; ")}.`);
  }

  export const status = (deps: Deps = defaultDeps()) => AiStatus.services(deps.store, deps.config);
}

type Draft = Omit<AnswerResult, "latencyMs">;

type Live = Pick<AnswerRequest, "messages" | "live" | "signal" | "researchBudgetMs" | "synthesisTimeoutMs" | "policy" | "synthesizer">;

/** What every model call of an answer carries from the asker's settings. */
const callSettings = (policy: AnswerPolicy | undefined) => ({ language: policy?.language, shareData: policy?.shareData });

async function singleAnswer(choice: ModelChoice, request: Live, deadline: number, c: Config, recorder: Recorder): Promise<Draft> {
  const { messages, live, signal, policy } = request;
  // The route refuses first with the plan's words; this keeps any other caller honest.
  if (policy?.allows && !policy.allows(choice)) throw new Forbidden("Your plan does not include this model.");
  const setting = choice === CUSTOM ? customModelSetting(c) : modelSettings(c).find((s) => s.choice === choice)!;
  const model = configuredChoice(choice, c);
  if (!model) {
    const others = modelSettings(c)
      .filter((s) => s.configured)
      .map((s) => s.service);
    const why = `${setting.service} is not configured on this server${others.length ? ` (configured: ${others.join(", ")})` : ""}`;
    const notes = [`${setting.service} is not configured on this server (set ${setting.howToEnable}).`];
    return offlineResult(request, others.length ? offlineNotice(why) : NOT_CONFIGURED_NOTICE, [], notes, "single");
  }
  // A streamed answer is not held to the buffered gateway's time: it may take the whole deadline.
  const timeoutMs = Math.max(1000, live ? deadline - Date.now() : Math.min(c.MODEL_TIMEOUT_MS, deadline - Date.now()));
  const outcome = await callModel(
    model,
    messages,
    {
      system: SYSTEM_PROMPT,
      timeoutMs,
      maxTokens: c.MODEL_MAX_OUTPUT_TOKENS,
      signal,
      ...callSettings(policy),
      ...(live?.text ? { onText: live.text } : {}),
    },
    recorder,
  );
  const own = toModelAnswer(outcome);
  if (!outcome.ok && (outcome.partial || outcome.failure instanceof StopRequested)) {
    // What was already on screen is kept, and says how it ended; no other model takes over half-way.
    const stopped = outcome.failure instanceof StopRequested;
    return {
      response: outcome.partial,
      model: model.choice,
      mode: "single",
      modelId: model.id,
      provider: model.provider,
      offline: false,
      answers: [own],
      synthesizer: null,
      agreement: null,
      usage: own.usage,
      notes: stopped ? [] : [`${own.error} part-way through its answer.`],
      ...(stopped ? { stopped: true } : { error: `${own.error} part-way through its answer.` }),
    };
  }
  if (!outcome.ok) return offlineResult(request, offlineNotice(own.error!), [own], [`${own.error}.`], "single");
  const g = outcome.generation;
  return {
    response: g.text,
    model: model.choice,
    mode: "single",
    modelId: g.model,
    provider: g.provider,
    offline: false,
    answers: [own],
    synthesizer: null,
    agreement: null,
    usage: g.usage,
    notes: g.truncated ? [`${model.service}'s answer was cut off at the length limit.`] : [],
  };
}

async function researchAnswer(request: Live, deadline: number, c: Config, recorder: Recorder): Promise<Draft> {
  const { messages, policy } = request;
  // Research mode asks every configured model the asker's plan includes.
  const models = modelsAllowed(c, policy?.allows);
  const offlineOnly = models.length === 0;
  const proposers = offlineOnly ? [noticed(offlineModel, NOT_CONFIGURED_NOTICE)] : models;
  if (request.synthesizer && policy?.allows && !policy.allows(request.synthesizer))
    throw new Forbidden("Your plan does not include this model.");
  const synthesizers = offlineOnly ? [offlineModel] : synthesisOrder(models, request.synthesizer, c.RESEARCH_SYNTHESIZER);
  const result = await research({
    messages,
    proposers,
    synthesizers,
    deadline,
    proposerTimeoutMs: request.researchBudgetMs ?? c.RESEARCH_PROPOSER_TIMEOUT_MS,
    synthesisTimeoutMs: request.synthesisTimeoutMs ?? c.RESEARCH_SYNTHESIS_TIMEOUT_MS,
    proposerMaxTokens: c.RESEARCH_PROPOSER_MAX_TOKENS,
    synthesisMaxTokens: c.MODEL_MAX_OUTPUT_TOKENS,
    recorder,
    live: request.live,
    signal: request.signal,
    callSettings: callSettings(policy),
  });
  if (result.response === null) {
    const reasons = result.answers.map((a) => a.error).join("; ");
    return offlineResult(request, offlineNotice(`None of the models answered (${reasons})`), result.answers, result.notes, "research");
  }
  const synthesized = result.producedBy === "quorum" || result.producedBy === OFFLINE;
  const notes = [...result.notes, ...choiceNotes(request.synthesizer, result)];
  const single = result.answers.find((a) => a.model === result.producedBy);
  return {
    response: result.response,
    model: result.producedBy,
    mode: "research",
    modelId: synthesized ? (result.producedBy === OFFLINE ? OFFLINE : RESEARCH) : (single?.modelId ?? result.producedBy),
    provider: synthesized ? (result.producedBy === OFFLINE ? "offline" : RESEARCH) : (single?.provider ?? ""),
    offline: result.producedBy === OFFLINE,
    answers: result.answers,
    synthesizer: result.synthesizer,
    agreement: result.agreement,
    ...(result.comparison ? { comparison: result.comparison } : {}),
    ...(result.synthesisFailures.length ? { synthesisFailures: result.synthesisFailures } : {}),
    usage: result.usage,
    notes,
    ...(result.stopped ? { stopped: true } : {}),
  };
}

async function offlineResult(
  request: Live,
  notice: string,
  earlier: ModelAnswer[],
  notes: string[],
  mode: "single" | "research",
): Promise<Draft> {
  const { live, signal } = request;
  const outcome = await callModel(offlineModel, request.messages, {
    // Typing the answer out takes a moment of its own.
    timeoutMs: live ? 60_000 : 5000,
    notice,
    signal,
    ...(live?.text ? { onText: live.text } : {}),
  });
  const own = toModelAnswer(outcome);
  const stopped = !outcome.ok && outcome.failure instanceof StopRequested;
  return {
    ...(stopped ? { stopped: true } : {}),
    response: own.response ?? (stopped ? "" : notice),
    model: OFFLINE,
    mode,
    modelId: OFFLINE,
    provider: "offline",
    offline: true,
    answers: [...earlier, own],
    synthesizer: null,
    agreement: null,
    usage: addUsage(...earlier.map((a) => a.usage)),
    notes,
  };
}

/** The offline model with a fixed notice (it is the only proposer in offline research mode). */
function noticed(model: Model, notice: string): Model {
  return { ...model, generate: (messages, options) => model.generate(messages, { ...options, notice: options.notice ?? notice }) };
}

/**
 * Research mode's synthesizers, in the order they try; each only if its own answer
 * came back (one that just failed would most likely fail again), the next taking
 * over when one fails:
 * 1. the model the asker chose, when they chose one;
 * 2. the deployment's RESEARCH_SYNTHESIZER;
 * 3. the others, strongest first (SYNTHESIS_STRENGTH).
 * All of them among the configured models the asker's plan includes.
 */
export const SYNTHESIS_STRENGTH: readonly ModelChoice[] = ["claude", "gpt", "grok", "gemini", "deepseek", CUSTOM];

function synthesisOrder(models: Model[], chosen: ModelChoice | undefined, deployment: ModelChoice): Model[] {
  const rank = (m: Model) => {
    if (m.choice === chosen) return -2;
    if (m.choice === deployment) return -1;
    const i = SYNTHESIS_STRENGTH.indexOf(m.choice as ModelChoice);
    return i < 0 ? SYNTHESIS_STRENGTH.length : i;
  };
  return [...models].sort((a, b) => rank(a) - rank(b));
}

/** The chosen synthesizer did not write the combined answer because it had no answer of its own (its card says why). */
function choiceNotes(chosen: ModelChoice | undefined, result: Awaited<ReturnType<typeof research>>): string[] {
  if (!chosen || result.producedBy === OFFLINE) return [];
  if (result.synthesizer?.model === chosen || result.synthesisFailures.some((f) => f.model === chosen)) return [];
  const own = result.answers.find((a) => a.model === chosen);
  if (!own) return [];
  const by = result.synthesizer ? `, so ${result.synthesizer.service} wrote it instead` : "";
  return [`${own.service} was chosen to write the combined answer, but it did not answer${by}.`];
}

/** `first` leads when it is configured; the others keep the product's order. */
function preferred(models: Model[], first: string): Model[] {
  return [...models.filter((m) => m.choice === first), ...models.filter((m) => m.choice !== first)];
}

function cleanTitle(raw: string): string {
  const line =
    raw
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? "";
  return clip(
    line
      .replace(/^(?:title\s*:\s*)/i, "")
      .replace(/[*_#`]/g, "")
      // (?<!…) before a trailing run: the match starts only at the run's first character, so a long
      // run is read once instead of once per character (quadratic).
      .replace(/^["'“‘«]+|(?<!["'”’»])["'”’»]+$/g, "")
      .replace(/(?<![\s.!?,;:])[\s.!?,;:]+$/, "")
      .trim(),
    80,
  );
}
