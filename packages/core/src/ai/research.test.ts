import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Ai } from "./index";
import { memoryStatusStore } from "./status";
import { testConfig, useStaticAwsCredentials } from "@quorum/testing/model-config";
import {
  bedrockConverse,
  bedrockError,
  openAiError,
  openAiReplies,
  startFakeServer,
  type FakeCall,
  type FakeServer,
} from "@quorum/testing/fake-models";

/**
 * Research mode against five fake providers: Claude on a fake Bedrock (HTTP/2,
 * SigV4), GPT, Gemini, Grok and DeepSeek on fake OpenAI-compatible servers.
 */

const ANSWERS = {
  claude: "The Eiffel Tower is 330 metres tall including its antennas.",
  gpt: "It stands about 330 m high since the 2022 antenna was added.",
  gemini: "It is 300 metres.",
  grok: "Roughly 324 metres.",
  deepseek: "The tower measures 330 metres to the tip.",
};

const isSynthesis = (call: FakeCall) => JSON.stringify(call.body).includes("### Response A");

let claude: FakeServer, gpt: FakeServer, gemini: FakeServer, grok: FakeServer, deepseek: FakeServer;

function env(extra: Record<string, string> = {}) {
  return testConfig({
    BEDROCK_ENABLED: "true",
    BEDROCK_ENDPOINT: claude.url,
    OPENAI_API_KEY: "k",
    OPENAI_BASE_URL: `${gpt.url}/v1`,
    GEMINI_API_KEY: "k",
    GEMINI_BASE_URL: `${gemini.url}/v1`,
    GROK_API_KEY: "k",
    GROK_BASE_URL: `${grok.url}/v1`,
    DEEPSEEK_API_KEY: "k",
    DEEPSEEK_BASE_URL: `${deepseek.url}/v1`,
    RESEARCH_PROPOSER_TIMEOUT_MS: "3000",
    RESEARCH_SYNTHESIS_TIMEOUT_MS: "2000",
    ...extra,
  });
}

const question = [{ role: "user" as const, content: "How tall is the Eiffel Tower?" }];

function claudeAnswers(synthesis: string | ((call: FakeCall) => ReturnType<typeof bedrockError>)) {
  claude.reply((call) => {
    if (!isSynthesis(call)) return { json: bedrockConverse(ANSWERS.claude) };
    return typeof synthesis === "string" ? { json: bedrockConverse(synthesis) } : synthesis(call);
  });
}

beforeAll(async () => {
  useStaticAwsCredentials();
  [claude, gpt, gemini, grok, deepseek] = await Promise.all([
    startFakeServer(() => ({ json: bedrockConverse(ANSWERS.claude) }), { http2: true }),
    startFakeServer(openAiReplies(ANSWERS.gpt)),
    startFakeServer(openAiReplies(ANSWERS.gemini)),
    startFakeServer(openAiReplies(ANSWERS.grok)),
    startFakeServer(openAiReplies(ANSWERS.deepseek)),
  ]);
  // Loads the SDKs and opens the connections once, so timings below measure research mode only.
  await Ai.answer(
    { model: "quorum", messages: question },
    { config: env({ RESEARCH_PROPOSER_TIMEOUT_MS: "20000" }), store: memoryStatusStore() },
  );
});
afterAll(() => Promise.all([claude, gpt, gemini, grok, deepseek].map((s) => s.close())));
afterEach(() => {
  for (const s of [claude, gpt, gemini, grok, deepseek]) s.calls.length = 0;
  gpt.reply(openAiReplies(ANSWERS.gpt));
  gemini.reply(openAiReplies(ANSWERS.gemini));
  grok.reply(openAiReplies(ANSWERS.grok));
  deepseek.reply(openAiReplies(ANSWERS.deepseek));
});

describe("research mode", () => {
  it("leaves out a model that times out and one that fails, names them, and synthesizes the rest", async () => {
    gemini.reply(openAiReplies(ANSWERS.gemini, 9000));
    grok.reply(() => openAiError(401, "Incorrect API key provided"));
    claudeAnswers(
      "All agree on 330 metres. Response A and Response C give the same figure, while Response B adds the antenna.\nConsensus: A, B, C",
    );
    const store = memoryStatusStore();

    const started = Date.now();
    const result = await Ai.answer({ model: "quorum", messages: question }, { config: env(), store });
    const elapsed = Date.now() - started;

    expect(result.mode).toBe("research");
    expect(result.model).toBe("quorum");
    expect(result.offline).toBe(false);
    expect(result.response).not.toMatch(/Consensus/);
    expect(result.response).not.toMatch(/Response [A-C]/);
    expect(result.synthesizer).toMatchObject({ model: "claude", status: "answered" });

    const byModel = Object.fromEntries(result.answers.map((a) => [a.model, a]));
    expect(byModel.claude).toMatchObject({ status: "answered", response: ANSWERS.claude });
    expect(byModel.gpt).toMatchObject({ status: "answered", response: ANSWERS.gpt });
    expect(byModel.deepseek).toMatchObject({ status: "answered", response: ANSWERS.deepseek });
    expect(byModel.gemini).toMatchObject({ status: "timed_out", error: "Gemini did not answer within 3 s" });
    expect(byModel.grok).toMatchObject({ status: "failed", error: "Grok rejected the API key (HTTP 401)" });
    for (const a of [byModel.claude, byModel.gpt, byModel.deepseek]) {
      expect(a!.usage.outputTokens).toBeGreaterThan(0);
      expect(a!.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(result.notes).toEqual(
      expect.arrayContaining([
        "Gemini did not answer within 3 s, so it was left out.",
        "Grok rejected the API key (HTTP 401), so it was left out.",
      ]),
    );
    expect(result.agreement?.source).toBe("synthesizer");
    expect(result.agreement?.agreed.sort()).toEqual(["claude", "deepseek", "gpt"]);
    expect(result.usage.outputTokens).toBeGreaterThan(byModel.claude!.usage.outputTokens);
    // The slowest counted answer (the 3 s timeout) plus a fast synthesis, never the sum of the calls.
    expect(elapsed).toBeGreaterThanOrEqual(3000);
    expect(elapsed).toBeLessThan(5000);

    const records = Object.fromEntries((await store.all()).map((r) => [r.choice, r.ok]));
    expect(records).toEqual({ claude: true, gpt: true, deepseek: true, gemini: false, grok: false });
  });

  it("shows the synthesizer every contributing answer, anonymised, with the instruction to judge them", async () => {
    gemini.reply(() => openAiError(500, "boom"));
    claudeAnswers("Combined.\nConsensus: A");
    await Ai.answer({ model: "quorum", messages: question }, { config: env(), store: memoryStatusStore() });

    const synthesis = claude.calls.find(isSynthesis)!;
    const prompt: string = synthesis.body.messages[0].content[0].text;
    for (const text of [ANSWERS.claude, ANSWERS.gpt, ANSWERS.grok, ANSWERS.deepseek]) expect(prompt).toContain(text);
    expect(prompt).not.toContain(ANSWERS.gemini);
    for (const letter of ["A", "B", "C", "D"]) expect(prompt).toContain(`### Response ${letter}`);
    expect(prompt).not.toContain("### Response E");
    expect(prompt).toContain("How tall is the Eiffel Tower?");
    expect(prompt).toMatch(/critically/);
    expect(prompt).toMatch(/Do not copy any one response/);
    expect(prompt).toMatch(/agree on once/);
    expect(prompt).toMatch(/disagree, say so explicitly/);
    // Anonymised: no provider or model name reaches the synthesizer from us.
    for (const name of ["Claude", "GPT", "Gemini", "Grok", "DeepSeek", "fake-model", "anthropic"]) expect(prompt).not.toContain(name);
  });

  it("asks every model at once: the time is the slowest answer plus the synthesis, not the sum", async () => {
    gpt.reply(openAiReplies(ANSWERS.gpt, 800));
    gemini.reply(openAiReplies(ANSWERS.gemini, 800));
    grok.reply(openAiReplies(ANSWERS.grok, 800));
    deepseek.reply(openAiReplies(ANSWERS.deepseek, 800));
    claudeAnswers("Combined.");
    const started = Date.now();
    const result = await Ai.answer(
      { model: "quorum", messages: question },
      { config: env({ RESEARCH_PROPOSER_TIMEOUT_MS: "5000" }), store: memoryStatusStore() },
    );
    expect(result.answers.every((a) => a.status === "answered")).toBe(true);
    // One after the other the four would take 3.2 s before the synthesis even starts.
    expect(Date.now() - started).toBeLessThan(2400);
    // No Consensus line: agreement is judged by word overlap instead.
    expect(result.agreement?.source).toBe("lexical");
  });

  it("lets the next model synthesize when the synthesizer fails", async () => {
    claudeAnswers(() => bedrockError(500, "InternalServerException", "Internal error"));
    gpt.reply((call) =>
      isSynthesis(call) ? openAiReplies("The synthesis: 330 m.\nConsensus: A")(call) : openAiReplies(ANSWERS.gpt)(call),
    );
    const result = await Ai.answer({ model: "quorum", messages: question }, { config: env(), store: memoryStatusStore() });
    expect(result.model).toBe("quorum");
    expect(result.response).toBe("The synthesis: 330 m.");
    expect(result.synthesizer).toMatchObject({ model: "gpt" });
    expect(result.notes).toContain("Claude had a problem on its side, so it could not write the combined answer.");
  });

  it("returns the best single answer with a note when no model can synthesize", async () => {
    claudeAnswers(() => bedrockError(500, "InternalServerException", "Internal error"));
    for (const server of [gpt, gemini, grok, deepseek]) {
      const own = { [gpt.url]: ANSWERS.gpt, [gemini.url]: ANSWERS.gemini, [grok.url]: ANSWERS.grok, [deepseek.url]: ANSWERS.deepseek }[
        server.url
      ]!;
      server.reply((call) => (isSynthesis(call) ? openAiError(503, "overloaded") : openAiReplies(own)(call)));
    }
    const result = await Ai.answer({ model: "quorum", messages: question }, { config: env(), store: memoryStatusStore() });
    expect(result.synthesizer).toBeNull();
    // The three answers saying 330 m share the most words with the others.
    expect(["claude", "gpt", "deepseek"]).toContain(result.model);
    expect(result.response).toBe(ANSWERS[result.model as "claude" | "gpt" | "deepseek"]);
    expect(result.notes.at(-1)).toMatch(/^Because the combined answer could not be written, this is (Claude|GPT|DeepSeek)'s answer alone/);
  });

  it("falls back to the labelled offline model when no model answers at all", async () => {
    claude.reply(() => bedrockError(403, "AccessDeniedException", "no access"));
    for (const server of [gpt, gemini, grok, deepseek]) server.reply(() => openAiError(429, "quota"));
    const result = await Ai.answer({ model: "quorum", messages: question }, { config: env(), store: memoryStatusStore() });
    expect(result).toMatchObject({ model: "offline", offline: true, mode: "research" });
    expect(result.response).toMatch(/^\*\*Offline model\*\* — None of the models answered \(Claude refused access/);
    expect(result.answers.filter((a) => a.status === "failed")).toHaveLength(5);
  });

  it("works end to end with only the offline model, labelled as such", async () => {
    const result = await Ai.answer(
      {
        model: "quorum",
        messages: [
          {
            role: "user",
            content: "What is the total?",
            documents: [{ name: "quote.txt", pages: [{ page: 1, text: "Total: $1,868.97" }] }],
          },
        ],
      },
      { config: testConfig(), store: memoryStatusStore() },
    );
    expect(result).toMatchObject({ model: "offline", modelId: "offline", offline: true, mode: "research" });
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatchObject({ model: "offline", service: "Offline model", status: "answered" });
    expect(result.synthesizer).toMatchObject({ model: "offline" });
    expect(result.response).toMatch(/^\*\*Offline model\*\* — research mode without a language model/);
    expect(result.response).toContain("Total: $1,868.97");
  });
});

describe("the synthesizer's text", () => {
  const labelled = (["Claude", "GPT", "Gemini"] as const).map((service, i) => ({
    letter: "ABC"[i]!,
    outcome: {
      ok: true as const,
      model: { choice: service.toLowerCase(), service } as never,
      generation: { text: "", usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0, model: "", provider: "openai" as const },
    },
  }));

  it("names the models instead of the anonymous letters", async () => {
    const { deanonymise } = await import("./research");
    expect(deanonymise("Response A says 330 m; Responses B and C say 300 m. Responses A, B and C agree on Paris.", labelled)).toBe(
      "Claude says 330 m; GPT and Gemini say 300 m. Claude, GPT and Gemini agree on Paris.",
    );
    expect(deanonymise("Response D is unknown.", labelled)).toBe("Response D is unknown.");
  });

  it("reads and removes the closing Consensus line", async () => {
    const { splitConsensus } = await import("./research");
    expect(splitConsensus("The answer.\n\n**Consensus:** A, C")).toEqual({ text: "The answer.", consensus: ["A", "C"] });
    expect(splitConsensus("The answer.\nConsensus: none")).toEqual({ text: "The answer.", consensus: [] });
    expect(splitConsensus("No line here.")).toEqual({ text: "No line here.", consensus: null });
  });
});

describe("where the models agree and differ", () => {
  const letters = new Map([
    ["A", "claude"],
    ["B", "gpt"],
    ["C", "gemini"],
  ]);

  it("reads the closing AGREE and DIFFER lines off the end, the text before them kept", async () => {
    const { splitComparison, parseComparison } = await import("./comparison");
    const { text, section } = splitComparison("The tower is 330 m.\n\nAGREE [A, C] It is 330 m tall.\n**DIFFER** [B]: It is 300 m.\n");
    expect(text).toBe("The tower is 330 m.");
    expect(parseComparison(section, letters)).toEqual({
      agree: [{ point: "It is 330 m tall.", models: ["claude", "gemini"] }],
      differ: [{ point: "It is 300 m.", models: ["gpt"] }],
    });
    expect(splitComparison("No closing lines here.")).toEqual({ text: "No closing lines here.", section: null });
  });

  it("trusts nothing: unknown letters, one-model agreement, markup and overlong points are dropped or cut", async () => {
    const { parseComparison, MAX_COMPARISON_POINTS, MAX_POINT_CHARS } = await import("./comparison");
    const section = [
      "AGREE [A, Z] Only one known response agrees.",
      "DIFFER [Q] No such response.",
      'DIFFER [B] <img src=x onerror="alert(1)">Says <b>300</b> m.',
      `DIFFER [C] ${"long ".repeat(200)}`,
      ...Array.from({ length: 10 }, (_, i) => `AGREE [A, B] Point ${i}.`),
    ].join("\n");
    const comparison = parseComparison(section, letters)!;
    expect(comparison.agree).toHaveLength(MAX_COMPARISON_POINTS);
    expect(comparison.agree[0]).toEqual({ point: "Point 0.", models: ["claude", "gpt"] });
    expect(comparison.differ[0]).toEqual({ point: "Says 300 m.", models: ["gpt"] });
    expect(comparison.differ[1]!.point.length).toBeLessThanOrEqual(MAX_POINT_CHARS);
    expect(parseComparison("DIFFER [X] nobody.", letters)).toBeNull();
  });
});

describe("the closing lines while the synthesis streams", () => {
  it("an unfinished line is held back only while it may still become an AGREE or DIFFER line", async () => {
    const { mayStartPoint } = await import("./comparison");
    for (const line of ["", "- ", "AG", "**DIFF", "AGREE [A", "DIFFER [B] It is"]) expect(mayStartPoint(line), line).toBe(true);
    for (const line of ["Die Antwort", "A tower", "Das ist", "Agreed by all"]) expect(mayStartPoint(line), line).toBe(false);
  });
});
