import { z } from "zod";
import type { AnswerResult, ModelAnswer } from "./schema";
import { OFFLINE, type Choice } from "./types";

/**
 * What an answer costs: each model's tokens at its price. Prices are US dollars
 * per million tokens, in and out. The defaults are the providers' list prices
 * for the default models; a stage sets its own with MODEL_PRICES (JSON, keyed by
 * a choice such as "gpt" or by a concrete model id such as "gpt-5.5", the id
 * winning), e.g. when it configures another model or has negotiated rates.
 */
export const ModelPrice = z.object({
  input: z.number().nonnegative("a price cannot be negative"),
  output: z.number().nonnegative("a price cannot be negative"),
});
export type ModelPrice = z.infer<typeof ModelPrice>;
export const ModelPrices = z.record(z.string(), ModelPrice);

export const DEFAULT_MODEL_PRICES: Record<Choice, ModelPrice> = {
  claude: { input: 3, output: 15 },
  gpt: { input: 1.25, output: 10 },
  gemini: { input: 0.3, output: 2.5 },
  grok: { input: 3, output: 15 },
  deepseek: { input: 0.28, output: 0.42 },
};

const PER_TOKENS = 1_000_000;

/** The price of one model's tokens: its id's, else its choice's, else none (an unpriced model). */
export function priceOf(answer: Pick<ModelAnswer, "model" | "modelId">, prices: Record<string, ModelPrice> = {}): ModelPrice | undefined {
  if (answer.model === OFFLINE) return { input: 0, output: 0 };
  return prices[answer.modelId] ?? prices[answer.model] ?? DEFAULT_MODEL_PRICES[answer.model as Choice];
}

/**
 * The answer's cost in dollars: every model asked (research mode's proposers, the
 * synthesizers that broke off and the one that wrote it) at its price. Undefined
 * when a model that used tokens has no price: a partial sum would read as the whole cost.
 */
export function costOf(
  result: Pick<AnswerResult, "answers" | "synthesizer" | "synthesisFailures">,
  prices: Record<string, ModelPrice> = {},
): number | undefined {
  let usd = 0;
  for (const answer of [...result.answers, ...(result.synthesisFailures ?? []), ...(result.synthesizer ? [result.synthesizer] : [])]) {
    const tokens = answer.usage.inputTokens + answer.usage.outputTokens;
    if (tokens === 0) continue;
    const price = priceOf(answer, prices);
    if (!price) return undefined;
    usd += (answer.usage.inputTokens * price.input + answer.usage.outputTokens * price.output) / PER_TOKENS;
  }
  return Math.round(usd * 1e8) / 1e8;
}
