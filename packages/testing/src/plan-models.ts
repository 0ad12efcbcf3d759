import { openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";

/**
 * The models the plan tests ask, as fake providers on their own ports: GPT (premium),
 * Gemini and DeepSeek (basic), and an organisation's own model (Acme GPT, Enterprise
 * only). `settings` points Quorum's configuration at them; each answers its fixed line.
 */
export interface PlanModels {
  gpt: FakeServer;
  gemini: FakeServer;
  deepseek: FakeServer;
  custom: FakeServer;
  settings: Record<string, string>;
  /** Forgets the calls each server has seen. */
  forget(): void;
  close(): Promise<void>;
}

export async function startPlanModels(replies: { gpt: string; gemini: string; deepseek: string; custom: string }): Promise<PlanModels> {
  const [gpt, gemini, deepseek, custom] = await Promise.all(
    [replies.gpt, replies.gemini, replies.deepseek, replies.custom].map((text) => startFakeServer(openAiReplies(text))),
  );
  const servers = [gpt!, gemini!, deepseek!, custom!];
  return {
    gpt: gpt!,
    gemini: gemini!,
    deepseek: deepseek!,
    custom: custom!,
    settings: {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: `${gpt!.url}/v1`,
      GEMINI_API_KEY: "k",
      GEMINI_BASE_URL: `${gemini!.url}/v1`,
      DEEPSEEK_API_KEY: "k",
      DEEPSEEK_BASE_URL: `${deepseek!.url}/v1`,
      CUSTOM_MODEL_BASE_URL: `${custom!.url}/v1`,
      CUSTOM_MODEL_ID: "acme-llm-7",
      CUSTOM_MODEL_NAME: "Acme GPT",
      CUSTOM_MODEL_API_KEY: "acme-secret",
    },
    forget: () => servers.forEach((s) => (s.calls.length = 0)),
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
