import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StopRequested } from "./failure";
import { Ai } from "./index";
import { offlineModel } from "./offline";
import { bedrockModel } from "./providers/bedrock";
import { openAiModel } from "./providers/openai";
import { memoryStatusStore } from "./status";
import { testConfig, useStaticAwsCredentials } from "@quorum/testing/model-config";
import { bedrockStreams, openAiStreams, startFakeServer, type FakeCall, type FakeServer } from "@quorum/testing/fake-models";

/** Answers written piece by piece: every provider's streaming API, the offline model, Stop, and a break mid-answer. */

const TEXT = "The Eiffel Tower is 330 metres tall including its antennas, and it was finished in 1889.";
const question = [{ role: "user" as const, content: "How tall is the Eiffel Tower?" }];

function collector() {
  const pieces: string[] = [];
  return { pieces, onText: (delta: string) => pieces.push(delta) };
}

describe("streamed answers", () => {
  let openai: FakeServer;
  let bedrock: FakeServer;
  beforeAll(async () => {
    useStaticAwsCredentials();
    [openai, bedrock] = await Promise.all([
      startFakeServer(openAiStreams(TEXT, { tokensPerSecond: 400 })),
      startFakeServer(bedrockStreams(TEXT, { tokensPerSecond: 400 }), { http2: true }),
    ]);
  });
  afterAll(() => Promise.all([openai.close(), bedrock.close()]));

  const gpt = () =>
    openAiModel({
      choice: "gpt",
      service: "GPT",
      id: "gpt-test",
      provider: "openai",
      baseURL: `${openai.url}/v1`,
      apiKey: "k",
      vision: true,
      tokenParam: "max_completion_tokens",
      structured: "json_schema",
    });

  it("an OpenAI-compatible model hands its answer over piece by piece, with the usage at the end", async () => {
    const { pieces, onText } = collector();
    const result = await gpt().generate(question, { timeoutMs: 5000, onText });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(TEXT);
    expect(result.text).toBe(TEXT);
    expect(result.usage.outputTokens).toBe(pieces.length);
    expect(openai.calls.at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("Claude on Bedrock streams through ConverseStream", async () => {
    const { pieces, onText } = collector();
    const claude = bedrockModel({
      choice: "claude",
      service: "Claude",
      id: "anthropic.claude-test",
      region: "us-east-1",
      endpoint: bedrock.url,
      vision: true,
    });
    const result = await claude.generate(question, { timeoutMs: 5000, onText });
    expect(bedrock.calls.at(-1)!.path).toBe("/model/anthropic.claude-test/converse-stream");
    expect(pieces.length).toBeGreaterThan(5);
    expect(result).toMatchObject({ text: TEXT, usage: { inputTokens: 15, outputTokens: pieces.length } });
  });

  it("the offline model types its answer out too", async () => {
    const { pieces, onText } = collector();
    const result = await offlineModel.generate(question, { timeoutMs: 5000, onText });
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(result.text);
  });

  it("Stop cancels the provider's request and keeps what was written", async () => {
    openai.reply(openAiStreams(TEXT, { tokensPerSecond: 40 }));
    const controller = new AbortController();
    const { pieces, onText } = collector();
    setTimeout(() => controller.abort(new StopRequested()), 150);
    const result = await Ai.answer(
      { model: "gpt", messages: question, live: { text: onText }, signal: controller.signal },
      { config: testConfig({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${openai.url}/v1` }), store: memoryStatusStore() },
    );
    expect(result.stopped, JSON.stringify(result)).toBe(true);
    expect(result.response).toBe(pieces.join(""));
    expect(result.response.length).toBeGreaterThan(0);
    expect(result.response.length).toBeLessThan(TEXT.length);
    openai.reply(openAiStreams(TEXT, { tokensPerSecond: 400 }));
  });

  it("a provider that breaks off mid-answer leaves the partial text and says why", async () => {
    openai.reply(openAiStreams(TEXT, { tokensPerSecond: 400, cutAfter: 4 }));
    const { pieces, onText } = collector();
    const result = await Ai.answer(
      { model: "gpt", messages: question, live: { text: onText } },
      { config: testConfig({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${openai.url}/v1` }), store: memoryStatusStore() },
    );
    expect(result.offline).toBe(false);
    expect(result.response).toBe(pieces.join(""));
    expect(result.response).toBe("The Eiffel Tower is ");
    expect(result.error).toMatch(/^GPT .+ part-way through its answer\.$/);
    openai.reply(openAiStreams(TEXT, { tokensPerSecond: 400 }));
  });

  it("research mode streams each model's answer to its card, then the synthesis with names instead of letters", async () => {
    const synth = "Response A and Response B agree: 330 metres.\nConsensus: A, B";
    const isSynthesis = (call: FakeCall) => JSON.stringify(call.body).includes("### Response A");
    openai.reply((call) => openAiStreams(isSynthesis(call) ? synth : TEXT, { tokensPerSecond: 400 })(call));
    const gemini = await startFakeServer(openAiStreams("It is 330 metres.", { tokensPerSecond: 400 }));
    const events: string[] = [];
    let main = "";
    const cards = new Map<string, string>();
    try {
      const result = await Ai.answer(
        {
          model: "quorum",
          messages: question,
          live: {
            modelStarted: (m) => events.push(`start ${m.model}`),
            modelText: (model, delta) => cards.set(model, (cards.get(model) ?? "") + delta),
            modelDone: (a) => events.push(`done ${a.model} ${a.status}`),
            text: (delta) => (main += delta),
          },
        },
        {
          config: testConfig({
            OPENAI_API_KEY: "k",
            OPENAI_BASE_URL: `${openai.url}/v1`,
            GEMINI_API_KEY: "k",
            GEMINI_BASE_URL: `${gemini.url}/v1`,
            RESEARCH_SYNTHESIZER: "gpt",
          }),
          store: memoryStatusStore(),
        },
      );
      expect(events.slice(0, 2).sort()).toEqual(["start gemini", "start gpt"]);
      expect(cards.get("gpt")).toBe(TEXT);
      expect(cards.get("gemini")).toBe("It is 330 metres.");
      expect(result.response).toMatch(/^(GPT|Gemini) and (GPT|Gemini) agree: 330 metres\.$/);
      expect(main.trim()).toBe(result.response);
      expect(main).not.toContain("Consensus");
    } finally {
      await gemini.close();
      openai.reply(openAiStreams(TEXT, { tokensPerSecond: 400 }));
    }
  });
});
