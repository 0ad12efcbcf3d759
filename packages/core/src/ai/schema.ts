import { z } from "zod";

/**
 * What the API says about models and their answers, browser-safe (zod only): the
 * chat's answer details, the service status line, shared by the server and the web.
 */

export const Usage = z.object({ inputTokens: z.number(), outputTokens: z.number() });
export type Usage = z.infer<typeof Usage>;

const ANSWER_STATUSES = ["answered", "failed", "timed_out", "stopped"] as const;

/** Each model's own answer as the UI's "Individual answers" shows it. */
export const ModelAnswer = z.object({
  model: z.string(),
  service: z.string(),
  modelId: z.string(),
  provider: z.string(),
  status: z.enum(ANSWER_STATUSES),
  response: z.string().optional(),
  /** Plain words, e.g. "Grok did not answer within 16 s". */
  error: z.string().optional(),
  latencyMs: z.number(),
  usage: Usage,
  truncated: z.boolean().optional(),
});
export type ModelAnswer = z.infer<typeof ModelAnswer>;

/** Research mode: which models' answers agree with the combined one. */
export const Agreement = z.object({
  /** The models whose answer agrees with the final one. */
  agreed: z.array(z.string()),
  differed: z.array(z.string()),
  /** Who judged: the synthesizer's own "Consensus" line, or word overlap. */
  source: z.enum(["synthesizer", "lexical"]),
});
export type Agreement = z.infer<typeof Agreement>;

/** Research mode: one point of the synthesis, and the models (choices) that made it. */
export const ComparisonPoint = z.object({ point: z.string(), models: z.array(z.string()) });
export type ComparisonPoint = z.infer<typeof ComparisonPoint>;

/** Research mode: where the models agree and where they differ, as the synthesizer set it out. */
export const Comparison = z.object({ agree: z.array(ComparisonPoint), differ: z.array(ComparisonPoint) });
export type Comparison = z.infer<typeof Comparison>;

/**
 * active: configured and its last call succeeded; standby: configured but not
 * proven yet or its last call failed; offline: not configured.
 */
export const SERVICE_STATUSES = ["active", "standby", "offline"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** GET /api/ai-status. */
export const AiStatusReply = z.object({
  services: z.array(z.object({ service: z.string(), status: z.enum(SERVICE_STATUSES) })),
});
export type AiStatusReply = z.infer<typeof AiStatusReply>;

/** An answer's own account of itself: who wrote it, every model's answer, tokens and time. */
export const AnswerResult = z.object({
  response: z.string(),
  /** Who wrote the text: a choice, "quorum" for a research synthesis, or "offline". */
  model: z.string(),
  mode: z.enum(["single", "research"]),
  /** The concrete model id, e.g. "gpt-5.5"; "quorum" for a synthesis. */
  modelId: z.string(),
  provider: z.string(),
  /** True when the text comes from the offline model, which is no real model. */
  offline: z.boolean(),
  answers: z.array(ModelAnswer),
  /** Research mode: the model that wrote the combined answer. */
  synthesizer: ModelAnswer.nullable(),
  agreement: Agreement.nullable(),
  /** Research mode: the synthesis's points of agreement and difference; absent when the synthesizer gave none. */
  comparison: Comparison.optional(),
  /** Research mode: the models that tried to write the combined answer and failed, in order, each with why. */
  synthesisFailures: z.array(ModelAnswer).optional(),
  /** A single-model answer that continues a research answer: that answer's message id (its card's answer was the context). */
  continuedFrom: z.string().optional(),
  usage: Usage,
  /** What the answer cost in US dollars, every model asked at its price; absent when a model has no price. */
  cost: z.number().optional(),
  latencyMs: z.number(),
  /** Plain-words notes: which model was left out and why, fallbacks taken. */
  notes: z.array(z.string()),
  /** Stop was pressed: `response` is what had been written by then. */
  stopped: z.boolean().optional(),
  /** The model broke off part-way through a streamed answer: `response` is what it had written, this says why. */
  error: z.string().optional(),
});
export type AnswerResult = z.infer<typeof AnswerResult>;
