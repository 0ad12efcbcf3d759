import { z } from "zod";
import { Ai, OFFLINE, type AnswerResult, type Deps, type Message } from "../ai/index";
import { config } from "../config";
import { parseInput } from "../fn";
import { Quota, TITLES } from "../quota/index";
import { dynamoStatusStore } from "../ai/status";
import { UsageLog } from "../usage/index";
import type { Asker } from "./access";
import { boundedHistory } from "../ai/history";
import { readAttachments } from "./attachments";
import { ChatInput, FILES_ONLY_MESSAGE, HistoryItem, TitleInput as ChatTitleInput, type ChatAnswer } from "./schema";
import { HISTORY_MESSAGES } from "./limits";
import { continuation, withCard, type Continuation } from "./continue";

/** The spec: the last 10 messages of the conversation go with each question. */
export const HISTORY_LIMIT = HISTORY_MESSAGES;

export namespace Chat {
  export const Input = ChatInput;
  export type Input = ChatInput;
  export type Parsed = z.output<typeof ChatInput>;

  export type Answer = ChatAnswer;

  /**
   * Answers one chat message: reads the attachments, sends the last 10 messages with it, asks the chosen model(s).
   * With an `asker` (ChatAccess), the answer follows their plan's models, language and privacy, and is recorded for analytics.
   */
  export async function respond(
    input: Input,
    deps: Deps = { config: config(), store: dynamoStatusStore },
    asker?: Asker,
    continued?: Continuation,
  ): Promise<Answer> {
    const request = parseInput(Input, input);
    // The budget starts now: reading attachments counts against the gateway's 30 s.
    const deadline = Date.now() + deps.config.CHAT_DEADLINE_MS;
    const question = await prepareQuestion(request, continued ?? (await continuation(request)));
    const result = await Ai.answer(
      { model: request.model, synthesizer: request.synthesizer, messages: question.messages, deadline, policy: asker?.policy },
      deps,
    );
    if (asker) await recordUsage(asker, request.model, result, modelFailed(result));
    return question.finish(result);
  }

  /** One question for the analytics page (nothing when the asker turned analytics off). */
  export const recordUsage = (asker: Asker, model: string, answer: AnswerResult, failed: boolean) =>
    UsageLog.recordQuestion({ userId: asker.userId, model, failed, answer, analytics: asker.analytics });

  /** "Continue with this model": the research answer's card the question follows on from (checked before anything counts). */
  export const continuationOf = continuation;

  /**
   * The question with its attachments read and its history cut, and how an answer to it is completed.
   * A question that continues from a research answer's card has that card's answer in its history.
   */
  export async function prepareQuestion(
    { message, files, history }: Pick<Parsed, "message" | "files" | "history">,
    continued?: Continuation,
  ) {
    const text = message.trim() || FILES_ONLY_MESSAGE;
    const attachments = await readAttachments(files);
    const current: Message = {
      role: "user",
      content: text,
      ...(attachments.documents.length ? { documents: attachments.documents } : {}),
      ...(attachments.images.length ? { images: attachments.images } : {}),
      ...(attachments.unreadable.length ? { unreadable: attachments.unreadable } : {}),
    };
    const recent = recentHistory(history, text);
    const past = boundedHistory(continued ? withCard(recent, continued) : recent);
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
        ...(continued ? { continuedFrom: continued.messageId } : {}),
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

  export const TitleInput = ChatTitleInput;

  export async function generateTitle(input: z.input<typeof TitleInput>, deps?: Deps, asker?: Asker) {
    const { message } = TitleInput.parse(input);
    // Only a model's title costs anything: the offline heuristic is not counted.
    return {
      title: await Ai.generateTitle(message, deps, { beforeModelCall: () => Quota.consume(TITLES), allows: asker?.policy.allows }),
    };
  }
}
