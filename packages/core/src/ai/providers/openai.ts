import type OpenAI from "openai";
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { z } from "zod";
import { describeFailure, ModelFailure, withTimeout } from "../failure";
import { renderUserText } from "../prompt";
import type { Generation, GenerateOptions, Message, Model, ModelChoice, ObjectGeneration } from "../types";

export interface OpenAiModelSpec {
  choice: ModelChoice;
  service: string;
  id: string;
  provider: "openai" | "openai-compatible";
  baseURL?: string;
  apiKey: string;
  vision: boolean;
  /** OpenAI's own API wants max_completion_tokens; most compatible servers know max_tokens. */
  tokenParam: "max_completion_tokens" | "max_tokens";
  /** Provider-specific request fields (reasoning effort, thinking mode), from configuration. */
  extraBody?: Record<string, unknown>;
  /** DeepSeek only offers JSON mode, not JSON schemas. */
  structured: "json_schema" | "json_object";
  /**
   * The API takes OpenAI's `store` flag: unless the person shares their data, each
   * call asks `store: false`. Servers that refuse unknown fields (Gemini's) must not get it.
   */
  storeFlag?: boolean;
}

const clients = new Map<string, OpenAI>();

/**
 * The SDK loads at the first call to a model it serves: the functions that list models, report
 * their status or hand out an upload address start without it (a Lambda bundle loads it from a
 * file of its own only then).
 */
const sdk = () => import("openai");
const structuredOutput = async () => (await import("openai/helpers/zod")).zodResponseFormat;

async function clientFor(spec: OpenAiModelSpec): Promise<OpenAI> {
  const key = `${spec.baseURL ?? "openai"}\u0000${spec.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    const { default: Client } = await sdk();
    // Retries would blow the answer's time budget; the engine decides what to do with a
    // failure instead. Each call's own timeout (withTimeout) is the one that counts.
    client = new Client({ apiKey: spec.apiKey, baseURL: spec.baseURL, maxRetries: 0, timeout: 900_000 });
    clients.set(key, client);
  }
  return client;
}

export function toOpenAiMessages(messages: Message[], system: string | undefined, vision: boolean): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: "system", content: system });
  for (const message of messages) {
    if (message.role === "assistant") {
      out.push({ role: "assistant", content: message.content });
      continue;
    }
    const text = renderUserText(message, vision);
    if (vision && message.images?.length) {
      const parts: ChatCompletionContentPart[] = [{ type: "text", text }];
      for (const image of message.images) {
        parts.push({ type: "image_url", image_url: { url: `data:${image.mediaType};base64,${image.data.toString("base64")}` } });
      }
      out.push({ role: "user", content: parts });
    } else {
      out.push({ role: "user", content: text });
    }
  }
  return out;
}

export function openAiModel(spec: OpenAiModelSpec): Model {
  const base = (options: GenerateOptions) => ({
    model: spec.id,
    ...(options.maxTokens ? { [spec.tokenParam]: options.maxTokens } : {}),
    ...spec.extraBody,
    ...(spec.storeFlag && options.shareData !== true ? { store: false } : {}),
  });

  return {
    choice: spec.choice,
    service: spec.service,
    id: spec.id,
    provider: spec.provider,
    vision: spec.vision,

    async generate(messages, options): Promise<Generation> {
      const started = Date.now();
      const request = { ...base(options), messages: toOpenAiMessages(messages, options.system, spec.vision) };
      const result = await withTimeout(options.timeoutMs, options.signal, async (signal) => {
        if (!options.onText) {
          const completion = await (await clientFor(spec)).chat.completions.create({ ...request, stream: false }, { signal });
          const choice = completion.choices?.[0];
          return { text: choice?.message?.content ?? "", finish: choice?.finish_reason, usage: completion.usage, model: completion.model };
        }
        // The usage arrives in a last chunk of its own when asked for.
        const stream = await (
          await clientFor(spec)
        ).chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal });
        let text = "";
        let finish: string | null | undefined;
        let usage: CompletionUsage | undefined;
        let model = "";
        for await (const chunk of stream) {
          model ||= chunk.model;
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices?.[0];
          if (choice?.finish_reason) finish = choice.finish_reason;
          const delta = choice?.delta?.content;
          if (delta) {
            text += delta;
            options.onText!(delta);
          }
        }
        // An aborted stream may simply end: what it wrote is not a whole answer.
        if (signal.aborted) throw signal.reason;
        return { text, finish, usage, model };
      }).catch((error) => {
        throw describeFailure(error);
      });
      if (!result.text.trim()) {
        throw new ModelFailure(
          "empty",
          result.finish === "length" ? "used its whole output budget without writing an answer" : "answered with an empty message",
        );
      }
      return {
        text: result.text,
        usage: { inputTokens: result.usage?.prompt_tokens ?? 0, outputTokens: result.usage?.completion_tokens ?? 0 },
        latencyMs: Date.now() - started,
        model: result.model || spec.id,
        provider: spec.provider,
        truncated: result.finish === "length",
      };
    },

    async generateObject<S extends z.ZodType>(
      schema: S,
      messages: Message[],
      options: GenerateOptions & { name: string },
    ): Promise<ObjectGeneration<z.output<S>>> {
      const started = Date.now();
      const client = await clientFor(spec);
      const run = async (signal: AbortSignal) => {
        if (spec.structured === "json_schema") {
          const zodResponseFormat = await structuredOutput();
          const completion = await client.chat.completions.parse(
            {
              ...base(options),
              messages: toOpenAiMessages(messages, options.system, spec.vision),
              response_format: zodResponseFormat(schema as never, options.name),
            },
            { signal },
          );
          const message = completion.choices?.[0]?.message;
          if (message?.refusal) throw new ModelFailure("invalid_output", `refused to answer (${message.refusal})`);
          return { value: message?.parsed as unknown, completion };
        }
        // JSON mode only: the schema goes into the instructions, zod checks the answer.
        const instructions =
          `${options.system ?? ""}\n\nAnswer with one JSON object only, matching this JSON schema:\n${JSON.stringify(z.toJSONSchema(schema))}`.trim();
        const completion = await client.chat.completions.create(
          {
            ...base(options),
            messages: toOpenAiMessages(messages, instructions, spec.vision),
            response_format: { type: "json_object" },
            stream: false,
          },
          { signal },
        );
        const text = completion.choices?.[0]?.message?.content ?? "";
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new ModelFailure("invalid_output", "answered with something that is not JSON");
        }
        return { value, completion };
      };
      const { value, completion } = await withTimeout(options.timeoutMs, options.signal, run).catch((error) => {
        throw describeFailure(error);
      });
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new ModelFailure(
          "invalid_output",
          "answered with data that does not match the expected shape",
          undefined,
          parsed.error.message,
        );
      return {
        object: parsed.data,
        usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
        latencyMs: Date.now() - started,
        model: completion.model || spec.id,
        provider: spec.provider,
      };
    },
  };
}
