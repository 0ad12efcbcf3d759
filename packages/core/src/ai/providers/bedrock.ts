import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ContentBlock,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  type Message as BedrockMessage,
} from "@aws-sdk/client-bedrock-runtime";
import { z } from "zod";
import { describeFailure, ModelFailure, withTimeout } from "../failure";
import { renderUserText } from "../prompt";
import type { Choice, Generation, GenerateOptions, Message, Model, ObjectGeneration } from "../types";

export interface BedrockModelSpec {
  choice: Choice;
  service: string;
  /** A Bedrock model id or inference profile id. */
  id: string;
  region: string;
  /** Set locally and in tests; in the cloud the SDK finds the regional endpoint. */
  endpoint?: string;
  vision: boolean;
}

const clients = new Map<string, BedrockRuntimeClient>();

function clientFor(spec: BedrockModelSpec) {
  const key = `${spec.region}\u0000${spec.endpoint ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    // One attempt: a retry would not fit the answer's time budget; the engine handles failures.
    client = new BedrockRuntimeClient({ region: spec.region, endpoint: spec.endpoint, maxAttempts: 1 });
    clients.set(key, client);
  }
  return client;
}

/**
 * Converse wants strictly alternating turns that start with the user, and no
 * empty text blocks; the product's history can break all three rules.
 */
export function toBedrockMessages(messages: Message[], vision: boolean): BedrockMessage[] {
  const out: BedrockMessage[] = [];
  for (const message of messages) {
    const content: ContentBlock[] = [];
    const text = message.role === "user" ? renderUserText(message, vision) : message.content;
    if (text.trim()) content.push({ text });
    if (message.role === "user" && vision) {
      for (const image of message.images ?? []) {
        content.push({
          image: { format: image.mediaType === "image/png" ? "png" : "jpeg", source: { bytes: new Uint8Array(image.data) } },
        });
      }
    }
    if (content.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === message.role) last.content = [...(last.content ?? []), ...content];
    else out.push({ role: message.role, content });
  }
  if (out[0]?.role === "assistant") out.unshift({ role: "user", content: [{ text: "(The conversation so far follows.)" }] });
  return out;
}

function usageOf(output: ConverseCommandOutput) {
  return { inputTokens: output.usage?.inputTokens ?? 0, outputTokens: output.usage?.outputTokens ?? 0 };
}

/**
 * Privacy: Bedrock neither stores prompts and answers nor uses them for training
 * (only an account's own invocation logging would keep them), so Converse has no
 * flag for it and a call sends nothing extra whatever the person's setting.
 */
export function bedrockModel(spec: BedrockModelSpec): Model {
  const send = (input: ConverseCommandInput, options: GenerateOptions) =>
    withTimeout(options.timeoutMs, options.signal, (signal) =>
      clientFor(spec).send(new ConverseCommand(input), { abortSignal: signal }),
    ).catch((error) => {
      throw describeFailure(error);
    });

  const whole = async (input: ConverseCommandInput, options: GenerateOptions) => {
    const output = await send(input, options);
    const text = (output.output?.message?.content ?? []).map((block) => block.text ?? "").join("");
    return { text, usage: usageOf(output), stopReason: output.stopReason as string | undefined };
  };

  /** ConverseStream: text deltas as the model writes them, the usage and stop reason at the end. */
  const streamed = (input: ConverseCommandInput, options: GenerateOptions) =>
    withTimeout(options.timeoutMs, options.signal, async (signal) => {
      const output = await clientFor(spec).send(new ConverseStreamCommand(input), { abortSignal: signal });
      let text = "";
      let usage = { inputTokens: 0, outputTokens: 0 };
      let stopReason: string | undefined;
      for await (const event of output.stream ?? []) {
        const delta = event.contentBlockDelta?.delta?.text;
        if (delta) {
          text += delta;
          options.onText!(delta);
        }
        if (event.messageStop) stopReason = event.messageStop.stopReason;
        if (event.metadata?.usage)
          usage = { inputTokens: event.metadata.usage.inputTokens ?? 0, outputTokens: event.metadata.usage.outputTokens ?? 0 };
        const failure =
          event.internalServerException ??
          event.modelStreamErrorException ??
          event.throttlingException ??
          event.validationException ??
          event.serviceUnavailableException;
        if (failure) throw failure;
      }
      // An aborted stream may simply end: what it wrote is not a whole answer.
      if (signal.aborted) throw signal.reason;
      return { text, usage, stopReason };
    }).catch((error) => {
      throw describeFailure(error);
    });

  const baseInput = (messages: Message[], options: GenerateOptions): ConverseCommandInput => ({
    modelId: spec.id,
    messages: toBedrockMessages(messages, spec.vision),
    system: options.system ? [{ text: options.system }] : undefined,
    inferenceConfig: options.maxTokens ? { maxTokens: options.maxTokens } : undefined,
  });

  return {
    choice: spec.choice,
    service: spec.service,
    id: spec.id,
    provider: "bedrock",
    vision: spec.vision,

    async generate(messages, options): Promise<Generation> {
      const started = Date.now();
      const result = options.onText
        ? await streamed(baseInput(messages, options), options)
        : await whole(baseInput(messages, options), options);
      if (!result.text.trim()) {
        throw new ModelFailure(
          "empty",
          result.stopReason === "max_tokens" ? "used its whole output budget without writing an answer" : "answered with an empty message",
        );
      }
      return {
        text: result.text,
        usage: result.usage,
        latencyMs: Date.now() - started,
        model: spec.id,
        provider: "bedrock",
        truncated: result.stopReason === "max_tokens",
      };
    },

    /** A forced call of one tool whose input schema is the wanted shape (works on any tool-capable model). */
    async generateObject<S extends z.ZodType>(
      schema: S,
      messages: Message[],
      options: GenerateOptions & { name: string },
    ): Promise<ObjectGeneration<z.output<S>>> {
      const started = Date.now();
      const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
      const output = await send(
        {
          ...baseInput(messages, options),
          toolConfig: {
            tools: [
              { toolSpec: { name: options.name, description: `Record the ${options.name}.`, inputSchema: { json: jsonSchema as never } } },
            ],
            toolChoice: { tool: { name: options.name } },
          },
        },
        options,
      );
      const call = (output.output?.message?.content ?? []).find((block) => block.toolUse?.name === options.name)?.toolUse;
      if (!call) throw new ModelFailure("invalid_output", "did not return the requested data");
      const parsed = schema.safeParse(call.input);
      if (!parsed.success)
        throw new ModelFailure(
          "invalid_output",
          "answered with data that does not match the expected shape",
          undefined,
          parsed.error.message,
        );
      return { object: parsed.data, usage: usageOf(output), latencyMs: Date.now() - started, model: spec.id, provider: "bedrock" };
    },
  };
}
