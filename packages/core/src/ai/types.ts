import type { z } from "zod";
import type { Usage } from "./schema";

/** The spec's single-model choices, in the order the product lists them. */
export const CHOICES = ["claude", "gpt", "gemini", "grok", "deepseek"] as const;
export type Choice = (typeof CHOICES)[number];
/** The product's own multi-model value: research mode. */
export const RESEARCH = "quorum";
/** An organisation's own OpenAI-compatible model (Enterprise): one more model beside the spec's five. */
export const CUSTOM = "custom";
/** Every model a question can be sent to on its own. */
export type ModelChoice = Choice | typeof CUSTOM;
/** How the built-in offline model labels what it produced. */
export const OFFLINE = "offline";
/** The offline model's name in the service status list (the screens show it in their language). */
export const OFFLINE_SERVICE = "Offline model";

export type ProviderName = "bedrock" | "openai" | "openai-compatible" | "offline";

/** An image as bytes; models that see images get it, the others are told its name. */
export interface ImageInput {
  name: string;
  mediaType: "image/png" | "image/jpeg";
  data: Buffer;
}

/** A document's extracted text, page by page. */
export interface DocumentText {
  name: string;
  pages: { page: number; text: string }[];
}

/**
 * One turn of a conversation. Attachments travel as structure, not pre-rendered
 * text: real models get the passages that fit their context, the offline model
 * quotes from them.
 */
export interface Message {
  role: "user" | "assistant";
  content: string;
  documents?: DocumentText[];
  images?: ImageInput[];
  /** Attachments that could not be read, so the model can say so instead of guessing. */
  unreadable?: { name: string; reason: string }[];
}

export interface GenerateOptions {
  system?: string;
  /** Upper bound on the answer's length. */
  maxTokens?: number;
  /** The call is abandoned (and counted as failed) after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * When set, the answer is streamed: each piece of text is handed over as the
   * model writes it (the returned Generation still holds the whole text).
   */
  onText?: (delta: string) => void;
  /**
   * Read only by the offline model, which cannot reason: the plain sentence it
   * shows first to say why it is the one answering.
   */
  notice?: string;
  /** The person's language: the answer is in it unless the question is written in another one. */
  language?: string;
  /**
   * The person allowed providers to keep what is sent (Settings privacy.shareData).
   * Unless it is true, providers whose API allows it are asked not to store it.
   */
  shareData?: boolean;
}

export type { Usage };

export interface Generation {
  text: string;
  usage: Usage;
  latencyMs: number;
  /** The concrete model id that answered, e.g. "gpt-5.5" or "offline". */
  model: string;
  provider: ProviderName;
  /** The answer stopped at the output limit. */
  truncated?: boolean;
}

export interface ObjectGeneration<T> {
  object: T;
  usage: Usage;
  latencyMs: number;
  model: string;
  provider: ProviderName;
}

/** A model behind one interface, whatever its provider. */
export interface Model {
  /** The spec's choice ("claude" ...), "custom" or "offline". */
  choice: ModelChoice | typeof OFFLINE;
  /** The name people see: "Claude", "GPT", ..., "Offline model". */
  service: string;
  /** The concrete model id. */
  id: string;
  provider: ProviderName;
  /** Whether images can be sent to it. */
  vision: boolean;
  generate(messages: Message[], options: GenerateOptions): Promise<Generation>;
  generateObject<S extends z.ZodType>(
    schema: S,
    messages: Message[],
    options: GenerateOptions & { name: string },
  ): Promise<ObjectGeneration<z.output<S>>>;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0 });

export function addUsage(...usages: (Usage | undefined)[]): Usage {
  const total = emptyUsage();
  for (const u of usages) {
    if (!u) continue;
    total.inputTokens += u.inputTokens;
    total.outputTokens += u.outputTokens;
  }
  return total;
}
