import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeModels, modelSettings } from "./catalog";
import { testConfig } from "@quorum/testing/model-config";
import { openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";

describe("model catalog", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer(openAiReplies("ok"));
  });
  afterAll(() => server.close());

  it("offers a model only when it is configured", () => {
    expect(activeModels(testConfig())).toEqual([]);
    const c = testConfig({ BEDROCK_ENABLED: "true", DEEPSEEK_API_KEY: "k" });
    expect(activeModels(c).map((m) => [m.choice, m.provider, m.id])).toEqual([
      ["claude", "bedrock", "us.anthropic.claude-sonnet-4-6"],
      ["deepseek", "openai-compatible", "deepseek-v4-flash"],
    ]);
    expect(
      modelSettings(c)
        .filter((s) => !s.configured)
        .map((s) => s.service),
    ).toEqual(["GPT", "Gemini", "Grok"]);
  });

  it("maps other choices to Bedrock when the stage says so", () => {
    const c = testConfig({ BEDROCK_ENABLED: "true", BEDROCK_MODELS: "claude, deepseek", DEEPSEEK_MODEL: "us.deepseek.r1-v1:0" });
    expect(activeModels(c).map((m) => [m.choice, m.provider, m.id])).toEqual([
      ["claude", "bedrock", "us.anthropic.claude-sonnet-4-6"],
      ["deepseek", "bedrock", "us.deepseek.r1-v1:0"],
    ]);
  });

  it("a local OpenAI-compatible server stands in for GPT without a key", () => {
    const [gpt] = activeModels(testConfig({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", GPT_MODEL: "llama3.2" }));
    expect(gpt).toMatchObject({ choice: "gpt", service: "GPT", id: "llama3.2", provider: "openai-compatible", vision: false });
  });

  it("sends the provider's quick-answer settings, or the configured ones instead", async () => {
    const ask = async (env: Record<string, string>) => {
      const [model] = activeModels(testConfig(env));
      await model!.generate([{ role: "user", content: "x" }], { timeoutMs: 5000 });
      return server.calls.at(-1)!.body;
    };
    expect(await ask({ DEEPSEEK_API_KEY: "k", DEEPSEEK_BASE_URL: `${server.url}/v1` })).toMatchObject({ thinking: { type: "disabled" } });
    expect(await ask({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${server.url}/v1` })).toMatchObject({ reasoning_effort: "low" });
    const local = await ask({ OPENAI_BASE_URL: `${server.url}/v1` });
    expect(local.reasoning_effort).toBeUndefined();
    expect(
      await ask({ GROK_API_KEY: "k", GROK_BASE_URL: `${server.url}/v1`, GROK_EXTRA_BODY: '{"search_parameters":{"mode":"off"}}' }),
    ).toMatchObject({
      search_parameters: { mode: "off" },
    });
    expect(() => testConfig({ GROK_EXTRA_BODY: "[1]" })).toThrow(/must be a JSON object/);
  });
});
