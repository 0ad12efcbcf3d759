import { z } from "zod";
import { Ai, CHOICES, CUSTOM, OFFLINE, RESEARCH, type AnswerResult, type Deps, type Message } from "../ai/index";
import { config } from "../config";
import { parseInput } from "../fn";
import { Quota, TITLES } from "../quota/index";
import { dynamoStatusStore } from "../ai/status";
import { UsageLog } from "../usage/index";
import type { Asker } from "./access";
import { boundedHistory } from "../ai/history";
import { FileInput, readAttachments, type AttachmentReport } from "./attachments";
import {
  HISTORY_MESSAGES,
  MAX_RESEARCH_BUDGET_SECONDS,
  MAX_ATTACHMENTS,
  MAX_MESSAGE_CHARS,
  MESSAGE_TOO_LONG,
  TOO_MANY_ATTACHMENTS,
} from "./limits";

/** The spec: the last 10 messages of the conversation go with each question. */
export const HISTORY_LIMIT = HISTORY_MESSAGES;
/** The spec's text when only files are sent. */
export const FILES_ONLY_MESSAGE = "Please analyze the uploaded file(s)";
export const MODEL_VALUES = [...CHOICES, CUSTOM, RESEARCH] as const;

export namespace Chat {
  export const HistoryItem = z.object({
    // "assistant" is what other clients call the model's turn.
    type: z
      .enum(["user", "ai", "assistant"], { message: "history type must be user or ai" })
      .transform((t) => (t === "assistant" ? "ai" : t)),
    content: z.string().max(MAX_MESSAGE_CHARS, "A history message is too long").default(""),
  });

  export const Input = z
    .object({
      model: z
        .string()
        .trim()
        .toLowerCase()
        // The message names the spec's values: the custom model is only Enterprise's to know.
        .pipe(z.enum(MODEL_VALUES, { message: `model must be one of ${[...CHOICES, RESEARCH].join(", ")}` }))
        .default("gemini"),
      message: z.string().max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG).default(""),
      files: z.array(FileInput).max(MAX_ATTACHMENTS, TOO_MANY_ATTACHMENTS).default([]),
      // The client sends 10; more is accepted and cut, far more is refused.
      history: z.array(HistoryItem).max(500, "History is too long").default([]),
      userId: z.string().max(128).optional(),
      // A streamed answer is stored by the server: into this conversation, or a new one.
      conversationId: z
        .string()
        .trim()
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/, "Invalid conversation id")
        .nullish(),
      sessionId: z.string().trim().max(200, "Session id is too long").nullish(),
      budgetSeconds: z.coerce
        .number({ message: "budgetSeconds must be a number" })
        .int("budgetSeconds must be a whole number")
        .min(10, "budgetSeconds must be at least 10")
        .max(MAX_RESEARCH_BUDGET_SECONDS, `budgetSeconds can be at most ${MAX_RESEARCH_BUDGET_SECONDS}`)
        .optional(),
    })
    // Refused while parsing, before anything counts against the plan's daily questions.
    .refine((input) => input.message.trim() !== "" || input.files.length > 0, { message: "Please enter a message", path: ["message"] });
  export type Input = z.input<typeof Input>;
  export type Parsed = z.output<typeof Input>;

  export type Answer = AnswerResult & {
    attachments: AttachmentReport[];
    timestamp: string;
  };

  /**
   * Answers one chat message: reads the attachments, sends the last 10 messages with it, asks the chosen model(s).
   * With an `asker` (ChatAccess), the answer follows their plan's models, language and privacy, and is recorded for analytics.
   */
  export async function respond(input: Input, deps: Deps = { config: config(), store: dynamoStatusStore }, asker?: Asker): Promise<Answer> {
    const request = parseInput(Input, input);
    // The budget starts now: reading attachments counts against the gateway's 30 s.
    const deadline = Date.now() + deps.config.CHAT_DEADLINE_MS;
    const question = await prepareQuestion(request);
    const result = await Ai.answer({ model: request.model, messages: question.messages, deadline, policy: asker?.policy }, deps);
    if (asker) await recordUsage(asker, request.model, result, modelFailed(result));
    return question.finish(result);
  }

  /** One question for the analytics page (nothing when the asker turned analytics off). */
  export const recordUsage = (asker: Asker, model: string, answer: AnswerResult, failed: boolean) =>
    UsageLog.recordQuestion({ userId: asker.userId, model, failed, answer, analytics: asker.analytics });

  /** The question with its attachments read and its history cut, and how an answer to it is completed. */
  export async function prepareQuestion({ message, files, history }: Pick<z.output<typeof Input>, "message" | "files" | "history">) {
    const text = message.trim() || FILES_ONLY_MESSAGE;
    const attachments = await readAttachments(files);
    const current: Message = {
      role: "user",
      content: text,
      ...(attachments.documents.length ? { documents: attachments.documents } : {}),
      ...(attachments.images.length ? { images: attachments.images } : {}),
      ...(attachments.unreadable.length ? { unreadable: attachments.unreadable } : {}),
    };
    const past = boundedHistory(recentHistory(history, text));
    const fileNotes = [
      ...(past.note ? [past.note] : []),
      ...attachments.unreadable.map((f) => `The attachment "${f.name}" could not be read: ${f.reason}.`),
      // Cut-short text changes what the models could see: say so.
      ...attachments.reports.flatMap((r) => (r.warnings ?? []).map((w) => `"${r.name}": ${w}`)),
    ];
    return {
      messages: [...past.messages, current],
      finish: (result: AnswerResult): Answer => ({
        ...result,
        notes: [...fileNotes, ...result.notes],
        attachments: attachments.reports,
        timestamp: new Date().toISOString(),
      }),
    };
  }

  /** A configured model failed and the offline model answered instead: not the user's question to pay for. */
  export const modelFailed = (answer: Pick<AnswerResult, "offline" | "answers">) =>
    answer.offline && answer.answers.some((a) => a.model !== OFFLINE && a.status !== "answered");

  /** The last HISTORY_LIMIT messages, without a copy of the question the client may have put at the end. */
  export function recentHistory(history: z.output<typeof HistoryItem>[], question: string): Message[] {
    const items = [...history];
    const last = items[items.length - 1];
    if (last && last.type === "user" && last.content.trim() === question.trim()) items.pop();
    return items
      .slice(-HISTORY_LIMIT)
      .filter((h) => h.content.trim())
      .map((h) => ({ role: h.type === "user" ? "user" : "assistant", content: h.content }));
  }

  export const TitleInput = z.object({
    message: z.string().max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG).default(""),
    userId: z.string().max(128).optional(),
  });

  export async function generateTitle(input: z.input<typeof TitleInput>, deps?: Deps) {
    const { message } = TitleInput.parse(input);
    // Only a model's title costs anything: the offline heuristic is not counted.
    return { title: await Ai.generateTitle(message, deps, { beforeModelCall: () => Quota.consume(TITLES) }) };
  }
}
