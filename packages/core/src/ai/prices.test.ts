import { describe, expect, it } from "vitest";
import { ConfigSchema } from "../config";
import { costOf, DEFAULT_MODEL_PRICES } from "./prices";
import type { ModelAnswer } from "./schema";

const answer = (model: string, modelId: string, inputTokens: number, outputTokens: number): ModelAnswer => ({
  model,
  service: model,
  modelId,
  provider: "test",
  status: "answered",
  latencyMs: 1,
  usage: { inputTokens, outputTokens },
});

describe("the cost of an answer", () => {
  it("is each model's tokens at its price per million, the synthesizer's included", () => {
    const cost = costOf({
      answers: [answer("gpt", "gpt-5.5", 1000, 500), answer("gemini", "gemini-3.5-flash", 2000, 0)],
      synthesizer: answer("claude", "us.anthropic.claude-sonnet-4-6", 3000, 1000),
    });
    const { gpt, gemini, claude } = DEFAULT_MODEL_PRICES;
    const expected = (1000 * gpt.input + 500 * gpt.output + 2000 * gemini.input + 3000 * claude.input + 1000 * claude.output) / 1e6;
    expect(cost).toBeCloseTo(expected, 10);
  });

  it("counts a synthesizer that broke off part-way: its tokens were spent", () => {
    const prices = { gpt: { input: 2, output: 4 }, gemini: { input: 1, output: 1 } };
    const failed = { ...answer("gemini", "gemini-3.5-flash", 1_000_000, 1_000_000), status: "failed" as const };
    expect(costOf({ answers: [], synthesisFailures: [failed], synthesizer: answer("gpt", "gpt-5.5", 1_000_000, 0) }, prices)).toBe(4);
  });

  it("follows the stage's prices, a model id's before its choice's", () => {
    const prices = { gpt: { input: 2, output: 4 }, "gpt-mini": { input: 1, output: 1 } };
    expect(costOf({ answers: [answer("gpt", "gpt-5.5", 1_000_000, 1_000_000)], synthesizer: null }, prices)).toBe(6);
    expect(costOf({ answers: [answer("gpt", "gpt-mini", 1_000_000, 1_000_000)], synthesizer: null }, prices)).toBe(2);
  });

  it("is nothing for the offline model, and unknown when a model that used tokens has no price", () => {
    expect(costOf({ answers: [answer("offline", "offline", 0, 0)], synthesizer: null })).toBe(0);
    expect(costOf({ answers: [answer("custom", "our-llm", 10, 10)], synthesizer: null })).toBeUndefined();
    // A model that failed before using a token costs nothing, priced or not.
    expect(costOf({ answers: [answer("custom", "our-llm", 0, 0)], synthesizer: null })).toBe(0);
  });

  it("MODEL_PRICES is JSON of prices per model; a negative price or other JSON is refused", () => {
    const parse = (MODEL_PRICES: string) => ConfigSchema.shape.MODEL_PRICES.safeParse(MODEL_PRICES);
    expect(parse('{"gpt":{"input":1,"output":2}}').data).toEqual({ gpt: { input: 1, output: 2 } });
    expect(parse("").data).toBeUndefined();
    expect(parse('{"gpt":{"input":-1,"output":2}}').success).toBe(false);
    expect(parse('{"gpt":3}').success).toBe(false);
  });
});
