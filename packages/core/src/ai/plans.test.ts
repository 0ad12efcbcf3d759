import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Forbidden } from "../error";
import { Ai, type AnswerPolicy } from "./index";
import { planAllows } from "./plans";
import { memoryStatusStore } from "./status";
import { testConfig } from "@quorum/testing/model-config";
import type { FakeServer } from "@quorum/testing/fake-models";
import { startPlanModels, type PlanModels } from "@quorum/testing/plan-models";

/**
 * What the asker's plan and settings change about model calls, over the wire to
 * fake providers: which models answer, the language line, and `store: false`.
 */

let models: PlanModels;
beforeAll(async () => {
  models = await startPlanModels({
    gpt: "From GPT.",
    gemini: "From Gemini.",
    deepseek: "From DeepSeek.",
    custom: "From Acme's own model.",
  });
});
afterAll(() => models.close());
afterEach(() => models.forget());

const deps = () => ({ config: testConfig(models.settings), store: memoryStatusStore() });
const question = [{ role: "user" as const, content: "Which supplier is cheaper?" }];
const policyOf = (plan: "starter" | "professional" | "enterprise", extra: Partial<AnswerPolicy> = {}): AnswerPolicy => ({
  allows: (model) => planAllows(plan, model),
  ...extra,
});
const systemOf = (server: FakeServer) => server.calls.at(-1)!.body.messages[0] as { role: string; content: string };

describe("plan tiers", () => {
  it("Starter has the basic models only; Professional all five; the custom model is Enterprise's alone", () => {
    const allowed = (plan: "starter" | "professional" | "enterprise") =>
      ["claude", "gpt", "gemini", "grok", "deepseek", "custom", "quorum"].filter((m) => planAllows(plan, m));
    expect(allowed("starter")).toEqual(["gemini", "deepseek", "quorum"]);
    expect(allowed("professional")).toEqual(["claude", "gpt", "gemini", "grok", "deepseek", "quorum"]);
    expect(allowed("enterprise")).toEqual(["claude", "gpt", "gemini", "grok", "deepseek", "custom", "quorum"]);
  });

  it("research mode for Starter fans out to the basic models only", async () => {
    const result = await Ai.answer({ model: "quorum", messages: question, policy: policyOf("starter") }, deps());
    expect(result.answers.map((a) => a.model).sort()).toEqual(["deepseek", "gemini"]);
    expect(models.gpt.calls).toHaveLength(0);
    expect(models.custom.calls).toHaveLength(0);
  });

  it("research mode for Enterprise asks the organisation's model too", async () => {
    const result = await Ai.answer({ model: "quorum", messages: question, policy: policyOf("enterprise") }, deps());
    expect(result.answers.map((a) => a.model).sort()).toEqual(["custom", "deepseek", "gemini", "gpt"]);
  });

  it("a model outside the plan is refused before any provider is called", async () => {
    await expect(Ai.answer({ model: "gpt", messages: question, policy: policyOf("starter") }, deps())).rejects.toBeInstanceOf(Forbidden);
    expect(models.gpt.calls).toHaveLength(0);
  });

  it("the custom model answers as one more model, with its own id, at its own endpoint", async () => {
    const result = await Ai.answer({ model: "custom", messages: question, policy: policyOf("enterprise") }, deps());
    expect(result).toMatchObject({ response: "From Acme's own model.", model: "custom", offline: false });
    expect(result.answers[0]).toMatchObject({ service: "Acme GPT", status: "answered" });
    expect(models.custom.calls.at(-1)!.body).toMatchObject({ model: "acme-llm-7", store: false });
  });
});

describe("privacy", () => {
  it("without share data, an OpenAI-compatible call asks the provider not to store it", async () => {
    await Ai.answer({ model: "gpt", messages: question, policy: policyOf("professional") }, deps());
    expect(models.gpt.calls.at(-1)!.body.store).toBe(false);
  });

  it("with share data on, the flag is left to the provider's default", async () => {
    await Ai.answer({ model: "gpt", messages: question, policy: policyOf("professional", { shareData: true }) }, deps());
    expect(models.gpt.calls.at(-1)!.body).not.toHaveProperty("store");
  });

  it("providers that refuse unknown fields (Gemini) never get it", async () => {
    await Ai.answer({ model: "gemini", messages: question, policy: policyOf("starter") }, deps());
    expect(models.gemini.calls.at(-1)!.body).not.toHaveProperty("store");
  });
});

describe("answer language", () => {
  it("the system prompt asks for the person's language unless the question is in another one", async () => {
    await Ai.answer({ model: "gemini", messages: question, policy: policyOf("starter", { language: "fr" }) }, deps());
    const system = systemOf(models.gemini);
    expect(system.role).toBe("system");
    expect(system.content).toContain(
      "Write your answer in French, unless the user's latest message is written in another language: then answer in the language of that message.",
    );
  });

  it("research mode's models and synthesis get the same line", async () => {
    await Ai.answer({ model: "quorum", messages: question, policy: policyOf("starter", { language: "de" }) }, deps());
    const systems = [...models.gemini.calls, ...models.deepseek.calls].map((c) => c.body.messages[0].content as string);
    expect(systems.length).toBeGreaterThanOrEqual(3);
    for (const system of systems) expect(system).toContain("Write your answer in German");
  });

  it("no language, no line", async () => {
    await Ai.answer({ model: "gemini", messages: question }, deps());
    expect(systemOf(models.gemini).content).not.toContain("Write your answer in");
  });
});
