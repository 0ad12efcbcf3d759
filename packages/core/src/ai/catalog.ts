import { config, type Config } from "../config";
import { bedrockModel } from "./providers/bedrock";
import { openAiModel } from "./providers/openai";
import { CHOICES, CUSTOM, OFFLINE, type Choice, type Model, type ModelChoice } from "./types";

/**
 * Which concrete model each of the spec's choices uses, and through which
 * provider, is configuration. A model is active only when configured.
 */

export const SERVICE_NAMES: Record<Choice, string> = {
  claude: "Claude",
  gpt: "GPT",
  gemini: "Gemini",
  grok: "Grok",
  deepseek: "DeepSeek",
};

export interface ModelSetting {
  choice: Choice;
  service: string;
  /** The concrete model id from configuration. */
  id: string;
  configured: boolean;
  /** What to set to turn it on, for people reading the status. */
  howToEnable: string;
  build(): Model;
}

const CHOICE_ENV = {
  claude: "CLAUDE",
  gpt: "GPT",
  gemini: "GEMINI",
  grok: "GROK",
  deepseek: "DEEPSEEK",
} as const satisfies Record<Choice, string>;

/**
 * Request fields that keep answers quick enough for the gateway's 30 s: little
 * reasoning where the model would otherwise think at length. A local server
 * standing in for GPT gets none (it may not know them).
 */
function extraBody(choice: Exclude<Choice, "claude">, c: Config, compatible: boolean): Record<string, unknown> {
  const configured = c[`${CHOICE_ENV[choice]}_EXTRA_BODY`];
  if (configured) return configured;
  switch (choice) {
    case "gpt":
      return compatible ? {} : { reasoning_effort: "low" };
    case "gemini":
      return { reasoning_effort: "low" };
    case "grok":
      return {};
    case "deepseek":
      return { thinking: { type: "disabled" } };
  }
}

export function modelSettings(c: Config = config()): ModelSetting[] {
  const onBedrock = new Set(
    c.BEDROCK_MODELS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  return CHOICES.map((choice): ModelSetting => {
    const service = SERVICE_NAMES[choice];
    const id = c[`${CHOICE_ENV[choice]}_MODEL`];
    if (onBedrock.has(choice)) {
      return {
        choice,
        service,
        id,
        configured: c.BEDROCK_ENABLED,
        howToEnable: "BEDROCK_ENABLED=true",
        // Bedrock's Converse takes images for Claude; other Bedrock models vary, so they get the names only.
        build: () => bedrockModel({ choice, service, id, region: c.AWS_REGION, endpoint: c.BEDROCK_ENDPOINT, vision: choice === "claude" }),
      };
    }
    switch (choice) {
      case "claude":
        return {
          choice,
          service,
          id,
          configured: false,
          howToEnable: "BEDROCK_ENABLED=true with claude in BEDROCK_MODELS",
          build: unavailable(service),
        };
      case "gpt": {
        const compatible = !!c.OPENAI_BASE_URL;
        return {
          choice,
          service,
          id,
          configured: !!c.OPENAI_API_KEY || compatible,
          howToEnable: "OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)",
          build: () =>
            openAiModel({
              choice,
              service,
              id,
              provider: compatible ? "openai-compatible" : "openai",
              baseURL: c.OPENAI_BASE_URL,
              // A local server such as Ollama needs no key, but the client insists on one.
              apiKey: c.OPENAI_API_KEY ?? "local",
              vision: !compatible,
              tokenParam: compatible ? "max_tokens" : "max_completion_tokens",
              extraBody: extraBody("gpt", c, compatible),
              structured: "json_schema",
              // OpenAI's own API takes `store`; local servers such as Ollama ignore fields they do not know.
              storeFlag: true,
            }),
        };
      }
      case "gemini":
      case "grok":
      case "deepseek": {
        const env = CHOICE_ENV[choice];
        const apiKey = c[`${env}_API_KEY`];
        return {
          choice,
          service,
          id,
          configured: !!apiKey,
          howToEnable: `${env}_API_KEY`,
          build: () =>
            openAiModel({
              choice,
              service,
              id,
              provider: "openai-compatible",
              baseURL: c[`${env}_BASE_URL`],
              apiKey: apiKey ?? "",
              vision: choice !== "deepseek",
              tokenParam: "max_tokens",
              extraBody: extraBody(choice, c, true),
              structured: choice === "deepseek" ? "json_object" : "json_schema",
              // No `store` here: Gemini refuses fields it does not know; xAI's chat completions and
              // DeepSeek's API keep nothing on request and have no such flag.
              storeFlag: false,
            }),
        };
      }
    }
  });
}

function unavailable(service: string) {
  return (): Model => {
    throw new Error(`${service} is not configured`);
  };
}

/**
 * Enterprise's custom AI model: the organisation's own OpenAI-compatible endpoint.
 * Not one of the spec's five, so not in `activeModels`: titles, extraction and the
 * status never use it; a question does, when the asker's plan includes it.
 */
export function customModelSetting(c: Config = config()) {
  const configured = !!c.CUSTOM_MODEL_BASE_URL && !!c.CUSTOM_MODEL_ID;
  return {
    choice: CUSTOM,
    service: c.CUSTOM_MODEL_NAME,
    id: c.CUSTOM_MODEL_ID ?? "",
    configured,
    howToEnable: "CUSTOM_MODEL_BASE_URL and CUSTOM_MODEL_ID (and CUSTOM_MODEL_API_KEY)",
    build: (): Model =>
      openAiModel({
        choice: CUSTOM,
        service: c.CUSTOM_MODEL_NAME,
        id: c.CUSTOM_MODEL_ID ?? "",
        provider: "openai-compatible",
        baseURL: c.CUSTOM_MODEL_BASE_URL,
        // A server inside the organisation may need no key, but the client insists on one.
        apiKey: c.CUSTOM_MODEL_API_KEY || "none",
        vision: false,
        tokenParam: "max_tokens",
        structured: "json_schema",
        storeFlag: true,
      }),
  } as const;
}

/** The configured model for any choice a question can name, the custom one included. */
export function configuredChoice(choice: ModelChoice, c: Config = config()): Model | undefined {
  if (choice !== CUSTOM) return configuredModel(choice, c);
  const custom = customModelSetting(c);
  return custom.configured ? custom.build() : undefined;
}

/** The configured models, in the product's order. */
export function activeModels(c: Config = config()): Model[] {
  return modelSettings(c)
    .filter((s) => s.configured)
    .map((s) => s.build());
}

/**
 * The configured models a plan includes (`allows`; unset, the spec's five), the
 * organisation's own model after them when the plan has it.
 */
export function modelsAllowed(c: Config, allows: ((model: ModelChoice) => boolean) | undefined): Model[] {
  const custom = customModelSetting(c);
  const all = [...activeModels(c), ...(custom.configured && allows?.(CUSTOM) ? [custom.build()] : [])];
  return allows ? all.filter((m) => m.choice !== OFFLINE && allows(m.choice)) : all;
}

export function configuredModel(choice: Choice, c: Config = config()): Model | undefined {
  const setting = modelSettings(c).find((s) => s.choice === choice);
  return setting?.configured ? setting.build() : undefined;
}
