import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bedrockModel } from "./bedrock";
import { openAiModel, type OpenAiModelSpec } from "./openai";
import {
  bedrockConverse,
  bedrockError,
  bedrockModelOf,
  bedrockToolUse,
  openAiCompletion,
  openAiError,
  openAiReplies,
  startFakeServer,
  type FakeServer,
} from "@quorum/testing/fake-models";
import { useStaticAwsCredentials } from "@quorum/testing/model-config";
import { ModelFailure } from "../failure";
import type { Message } from "../types";

const png = { name: "chart.png", mediaType: "image/png" as const, data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) };

describe("OpenAI-compatible adapter", () => {
  let server: FakeServer;
  const spec = (over: Partial<OpenAiModelSpec> = {}): OpenAiModelSpec => ({
    choice: "gemini",
    service: "Gemini",
    id: "gemini-test",
    provider: "openai-compatible",
    baseURL: `${server.url}/v1beta/openai/`,
    apiKey: "key-123",
    vision: true,
    tokenParam: "max_tokens",
    extraBody: { reasoning_effort: "low" },
    structured: "json_schema",
    ...over,
  });

  beforeAll(async () => {
    server = await startFakeServer(openAiReplies("Paris is the capital of France."));
  });
  afterAll(() => server.close());

  it("sends the conversation as chat completions and returns text, usage, latency and model", async () => {
    server.reply((call) => ({ json: openAiCompletion("Paris.", { model: call.body.model, inputTokens: 30, outputTokens: 3 }) }));
    const messages: Message[] = [
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi! How can I help?" },
      { role: "user", content: "Capital of France?" },
    ];
    const result = await openAiModel(spec()).generate(messages, { system: "Be brief.", timeoutMs: 5000, maxTokens: 100 });
    expect(result).toMatchObject({
      text: "Paris.",
      usage: { inputTokens: 30, outputTokens: 3 },
      model: "gemini-test",
      provider: "openai-compatible",
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const call = server.calls.at(-1)!;
    expect(call.path).toBe("/v1beta/openai/chat/completions");
    expect(call.headers.authorization).toBe("Bearer key-123");
    expect(call.body).toMatchObject({
      model: "gemini-test",
      max_tokens: 100,
      reasoning_effort: "low",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hello" },
        { role: "assistant", content: "Hi! How can I help?" },
        { role: "user", content: "Capital of France?" },
      ],
    });
  });

  it("sends images as image_url parts to a model that sees images", async () => {
    server.reply(openAiReplies("A chart."));
    await openAiModel(spec()).generate([{ role: "user", content: "What is this?", images: [png] }], { timeoutMs: 5000 });
    const content = server.calls.at(-1)!.body.messages[0].content;
    expect(content[0]).toEqual({ type: "text", text: "What is this?" });
    expect(content[1]).toEqual({ type: "image_url", image_url: { url: `data:image/png;base64,${png.data.toString("base64")}` } });
  });

  it("tells a model that cannot see images only their names", async () => {
    server.reply(openAiReplies("I cannot see it."));
    await openAiModel(spec({ vision: false })).generate([{ role: "user", content: "What is this?", images: [png] }], { timeoutMs: 5000 });
    const content = server.calls.at(-1)!.body.messages[0].content;
    expect(typeof content).toBe("string");
    expect(content).toContain("Images attached that you cannot see: chart.png");
  });

  it("uses max_completion_tokens for OpenAI's own API", async () => {
    server.reply(openAiReplies("ok"));
    await openAiModel(spec({ provider: "openai", tokenParam: "max_completion_tokens" })).generate([{ role: "user", content: "x" }], {
      timeoutMs: 5000,
      maxTokens: 50,
    });
    expect(server.calls.at(-1)!.body.max_completion_tokens).toBe(50);
    expect(server.calls.at(-1)!.body.max_tokens).toBeUndefined();
  });

  it("explains a rejected key in plain words", async () => {
    server.reply(() => openAiError(401, "Incorrect API key provided"));
    const error = await openAiModel(spec())
      .generate([{ role: "user", content: "x" }], { timeoutMs: 5000 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ModelFailure);
    expect(error).toMatchObject({ kind: "auth", plain: "rejected the API key (HTTP 401)" });
  });

  it("gives up after the timeout", async () => {
    server.reply(openAiReplies("too late", 2000));
    const started = Date.now();
    const error = await openAiModel(spec())
      .generate([{ role: "user", content: "x" }], { timeoutMs: 200 })
      .catch((e) => e);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({ kind: "timeout", plain: "did not answer within 0.2 s" });
  });

  it("reports an unreachable server as a network error", async () => {
    const model = openAiModel(spec({ baseURL: "http://127.0.0.1:9/v1" }));
    const error = await model.generate([{ role: "user", content: "x" }], { timeoutMs: 5000 }).catch((e) => e);
    expect(error).toMatchObject({ kind: "network" });
  });

  it("treats an empty answer at the length limit as a failure", async () => {
    server.reply(() => ({ json: openAiCompletion("", { finishReason: "length" }) }));
    const error = await openAiModel(spec())
      .generate([{ role: "user", content: "x" }], { timeoutMs: 5000 })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "empty", plain: "used its whole output budget without writing an answer" });
  });

  it("produces structured output with a JSON schema response format", async () => {
    const Quote = z.object({ vendor: z.string(), total: z.number().nullable() });
    server.reply(() => ({ json: openAiCompletion(JSON.stringify({ vendor: "ACME", total: 1868.97 })) }));
    const result = await openAiModel(spec()).generateObject(Quote, [{ role: "user", content: "Extract" }], {
      name: "quote",
      timeoutMs: 5000,
    });
    expect(result.object).toEqual({ vendor: "ACME", total: 1868.97 });
    const format = server.calls.at(-1)!.body.response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.name).toBe("quote");
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.properties.vendor).toEqual({ type: "string" });
  });

  it("uses JSON mode and checks the shape itself where only JSON mode exists", async () => {
    const Quote = z.object({ vendor: z.string() });
    server.reply(() => ({ json: openAiCompletion(JSON.stringify({ vendor: "ACME" })) }));
    const result = await openAiModel(spec({ structured: "json_object" })).generateObject(Quote, [{ role: "user", content: "Extract" }], {
      name: "quote",
      timeoutMs: 5000,
    });
    expect(result.object).toEqual({ vendor: "ACME" });
    const body = server.calls.at(-1)!.body;
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0].content).toContain('"vendor"');

    server.reply(() => ({ json: openAiCompletion(JSON.stringify({ supplier: "ACME" })) }));
    const error = await openAiModel(spec({ structured: "json_object" }))
      .generateObject(Quote, [{ role: "user", content: "Extract" }], { name: "quote", timeoutMs: 5000 })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "invalid_output" });
  });
});

describe("Bedrock Converse adapter", () => {
  let server: FakeServer;
  const model = (vision = true) =>
    bedrockModel({
      choice: "claude",
      service: "Claude",
      id: "us.anthropic.claude-sonnet-4-6",
      region: "us-east-1",
      endpoint: server.url,
      vision,
    });

  beforeAll(async () => {
    useStaticAwsCredentials();
    server = await startFakeServer(() => ({ json: bedrockConverse("Hello from Claude.") }), { http2: true });
  });
  afterAll(() => server.close());

  it("calls POST /model/{modelId}/converse, signed, and returns text and usage", async () => {
    server.reply(() => ({ json: bedrockConverse("Four.", { inputTokens: 21, outputTokens: 2 }) }));
    const result = await model().generate([{ role: "user", content: "2+2?" }], { system: "Be brief.", timeoutMs: 5000, maxTokens: 64 });
    expect(result).toMatchObject({
      text: "Four.",
      usage: { inputTokens: 21, outputTokens: 2 },
      model: "us.anthropic.claude-sonnet-4-6",
      provider: "bedrock",
    });
    const call = server.calls.at(-1)!;
    expect(call.method).toBe("POST");
    expect(bedrockModelOf(call)).toBe("us.anthropic.claude-sonnet-4-6");
    expect(String(call.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
    expect(call.body).toEqual({
      messages: [{ role: "user", content: [{ text: "2+2?" }] }],
      system: [{ text: "Be brief." }],
      inferenceConfig: { maxTokens: 64 },
    });
  });

  it("sends images as image blocks", async () => {
    server.reply(() => ({ json: bedrockConverse("A small picture.") }));
    await model().generate([{ role: "user", content: "Describe", images: [png] }], { timeoutMs: 5000 });
    const content = server.calls.at(-1)!.body.messages[0].content;
    expect(content[1]).toEqual({ image: { format: "png", source: { bytes: png.data.toString("base64") } } });
  });

  it("makes the history valid for Converse: starts with the user, alternates, no empty turns", async () => {
    server.reply(() => ({ json: bedrockConverse("ok") }));
    await model().generate(
      [
        { role: "assistant", content: "Welcome!" },
        { role: "user", content: "first" },
        { role: "user", content: "second" },
        { role: "assistant", content: "   " },
        { role: "user", content: "third" },
      ],
      { timeoutMs: 5000 },
    );
    const roles = server.calls.at(-1)!.body.messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(["user", "assistant", "user"]);
    expect(server.calls.at(-1)!.body.messages[2].content).toEqual([{ text: "first" }, { text: "second" }, { text: "third" }]);
  });

  it("explains missing model access in plain words", async () => {
    server.reply(() => bedrockError(403, "AccessDeniedException", "You don't have access to the model with the specified model ID."));
    const error = await model()
      .generate([{ role: "user", content: "x" }], { timeoutMs: 5000 })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "access" });
    expect(error.plain).toContain("no access to the model");
  });

  it("names throttling", async () => {
    server.reply(() => bedrockError(429, "ThrottlingException", "Too many requests"));
    const error = await model()
      .generate([{ role: "user", content: "x" }], { timeoutMs: 5000 })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "rate_limit" });
  });

  it("gives up after the timeout", async () => {
    server.reply(() => ({ delayMs: 2000, json: bedrockConverse("late") }));
    const error = await model()
      .generate([{ role: "user", content: "x" }], { timeoutMs: 200 })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "timeout" });
  });

  it("produces structured output with a forced tool call whose schema is the zod schema", async () => {
    const Quote = z.object({ vendor: z.string(), total: z.number() });
    server.reply(() => ({ json: bedrockToolUse("quote", { vendor: "ACME", total: 12.5 }) }));
    const result = await model().generateObject(Quote, [{ role: "user", content: "Extract" }], { name: "quote", timeoutMs: 5000 });
    expect(result.object).toEqual({ vendor: "ACME", total: 12.5 });
    const toolConfig = server.calls.at(-1)!.body.toolConfig;
    expect(toolConfig.toolChoice).toEqual({ tool: { name: "quote" } });
    expect(toolConfig.tools[0].toolSpec.name).toBe("quote");
    expect(toolConfig.tools[0].toolSpec.inputSchema.json).toMatchObject({
      type: "object",
      properties: { vendor: { type: "string" }, total: { type: "number" } },
      required: ["vendor", "total"],
    });
  });
});
