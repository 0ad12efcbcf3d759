import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Unavailable } from "../error";
import { Ai } from "./index";
import { memoryStatusStore } from "./status";
import { testConfig, useStaticAwsCredentials } from "@quorum/testing/model-config";
import {
  bedrockError,
  bedrockToolUse,
  openAiCompletion,
  openAiError,
  openAiReplies,
  startFakeServer,
  type FakeServer,
} from "@quorum/testing/fake-models";

let gemini: FakeServer;
let claude: FakeServer;
beforeAll(async () => {
  useStaticAwsCredentials();
  gemini = await startFakeServer(openAiReplies("From Gemini."));
  claude = await startFakeServer(() => bedrockError(500, "InternalServerException", "down"), { http2: true });
});
afterAll(() => Promise.all([gemini.close(), claude.close()]));
afterEach(() => {
  gemini.calls.length = 0;
  claude.calls.length = 0;
});

const geminiOnly = () => testConfig({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${gemini.url}/v1` });
const hi = [{ role: "user" as const, content: "Hi there" }];

describe("answering with one model", () => {
  it("answers with the chosen model, its own answer kept with latency and usage", async () => {
    gemini.reply(openAiReplies("From Gemini."));
    const result = await Ai.answer({ model: "gemini", messages: hi }, { config: geminiOnly(), store: memoryStatusStore() });
    expect(result).toMatchObject({
      response: "From Gemini.",
      model: "gemini",
      mode: "single",
      modelId: "gemini-3.5-flash",
      offline: false,
      notes: [],
    });
    expect(result.answers).toEqual([
      expect.objectContaining({ model: "gemini", service: "Gemini", status: "answered", response: "From Gemini." }),
    ]);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    // The system prompt and the user's turn went to the model.
    expect(gemini.calls[0]!.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
  });

  it("lets the offline model answer, labelled, when the chosen model is not configured", async () => {
    const result = await Ai.answer({ model: "claude", messages: hi }, { config: geminiOnly(), store: memoryStatusStore() });
    expect(result).toMatchObject({ model: "offline", modelId: "offline", offline: true });
    expect(result.response).toMatch(
      /^\*\*Offline model\*\* — Claude is not configured on this server \(configured: Gemini\), so Quorum's built-in offline model is answering instead\./,
    );
    expect(result.notes).toEqual(["Claude is not configured on this server (set BEDROCK_ENABLED=true)."]);
  });

  it("with nothing configured, the offline model answers and says how to configure a real one", async () => {
    const result = await Ai.answer({ model: "gemini", messages: hi }, { config: testConfig(), store: memoryStatusStore() });
    expect(result).toMatchObject({ model: "offline", offline: true });
    expect(result.response).toMatch(/^\*\*Offline model\*\* — No AI model is configured on this server/);
    expect(result.response).toContain("GEMINI_API_KEY");
  });

  it("when the chosen model fails, says why in plain words and lets the offline model answer", async () => {
    claude.reply(() => bedrockError(500, "InternalServerException", "down"));
    const config = testConfig({ BEDROCK_ENABLED: "true", BEDROCK_ENDPOINT: claude.url });
    const store = memoryStatusStore();
    const result = await Ai.answer({ model: "claude", messages: hi }, { config, store });
    expect(result).toMatchObject({ model: "offline", offline: true, notes: ["Claude had a problem on its side."] });
    expect(result.response).toMatch(
      /^\*\*Offline model\*\* — Claude had a problem on its side, so Quorum's built-in offline model is answering instead/,
    );
    expect(result.answers[0]).toMatchObject({ model: "claude", status: "failed", error: "Claude had a problem on its side" });
    expect(await store.all()).toEqual([expect.objectContaining({ choice: "claude", ok: false })]);
  });

  it("gives a single model no more than the time left before the deadline", async () => {
    gemini.reply(openAiReplies("late", 3000));
    const started = Date.now();
    const result = await Ai.answer(
      { model: "gemini", messages: hi, deadline: Date.now() + 1200 },
      { config: geminiOnly(), store: memoryStatusStore() },
    );
    expect(Date.now() - started).toBeLessThan(2800);
    expect(result.notes).toEqual(["Gemini did not answer within 1.2 s."]);
  });
});

describe("titles", () => {
  it("asks a configured model and cleans its answer", async () => {
    gemini.reply(() => ({ json: openAiCompletion('Title: "Comparing Steel Bracket Quotes."\n') }));
    const title = await Ai.generateTitle("Compare these quotes for steel brackets", { config: geminiOnly(), store: memoryStatusStore() });
    expect(title).toBe("Comparing Steel Bracket Quotes");
    expect(gemini.calls[0]!.body.messages[0].content).toContain("Compare these quotes for steel brackets");
  });

  it("falls back to the offline title when the model fails or answers nothing usable", async () => {
    gemini.reply(() => openAiError(500, "down"));
    expect(await Ai.generateTitle("Could you compare the quotes?", { config: geminiOnly(), store: memoryStatusStore() })).toBe(
      "Compare the quotes",
    );
    gemini.reply(() => ({ json: openAiCompletion("New Conversation") }));
    expect(await Ai.generateTitle("Could you compare the quotes?", { config: geminiOnly(), store: memoryStatusStore() })).toBe(
      "Compare the quotes",
    );
  });

  it("works offline", async () => {
    expect(await Ai.generateTitle("What is the lead time for pumps?", { config: testConfig(), store: memoryStatusStore() })).toBe(
      "What is the lead time for pumps",
    );
  });
});

describe("structured output", () => {
  const Quote = z.object({ vendor: z.string(), total: z.number().nullable() });

  it("tries the preferred model, then the next configured one", async () => {
    claude.reply(() => bedrockError(500, "InternalServerException", "down"));
    gemini.reply(() => ({ json: openAiCompletion(JSON.stringify({ vendor: "ACME", total: 10 })) }));
    const config = testConfig({
      BEDROCK_ENABLED: "true",
      BEDROCK_ENDPOINT: claude.url,
      GEMINI_API_KEY: "k",
      GEMINI_BASE_URL: `${gemini.url}/v1`,
    });
    const result = await Ai.generateObject(
      Quote,
      [{ role: "user", content: "Extract the quote" }],
      { name: "quote", model: "claude" },
      { config, store: memoryStatusStore() },
    );
    expect(result).toMatchObject({ object: { vendor: "ACME", total: 10 }, service: "Gemini" });
    expect(claude.calls).toHaveLength(1);

    claude.reply(() => ({ json: bedrockToolUse("quote", { vendor: "Bolt", total: null }) }));
    const fromClaude = await Ai.generateObject(
      Quote,
      [{ role: "user", content: "Extract" }],
      { name: "quote", model: "claude" },
      { config, store: memoryStatusStore() },
    );
    expect(fromClaude).toMatchObject({ object: { vendor: "Bolt", total: null }, service: "Claude", provider: "bedrock" });
  });

  it("refuses plainly when no model is configured or none succeeds", async () => {
    await expect(
      Ai.generateObject(Quote, [{ role: "user", content: "x" }], { name: "quote" }, { config: testConfig(), store: memoryStatusStore() }),
    ).rejects.toThrow(new Unavailable("No AI model is configured, so this cannot be done automatically."));
    gemini.reply(() => openAiError(429, "quota"));
    await expect(
      Ai.generateObject(Quote, [{ role: "user", content: "x" }], { name: "quote" }, { config: geminiOnly(), store: memoryStatusStore() }),
    ).rejects.toThrow("No model could produce the quote: Gemini is rate limited or out of credit (HTTP 429).");
  });
});
