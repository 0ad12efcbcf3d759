import { ModelAnswer } from "../ai/schema";
import type { Message } from "../ai/types";
import { Conversation } from "../conversation/index";
import { Invalid } from "../error";
import { isModelChoice } from "../ai/plans";
import { HISTORY_MESSAGES } from "./limits";
import { serviceName } from "./models";
import type { ChatInput } from "./schema";
import type { z } from "zod";

/**
 * "Continue with this model": a single-model question that follows on from one
 * model's card of a research answer. That model then sees its own answer where
 * the combined one stood, so the thread goes on as a conversation with it.
 */
export interface Continuation {
  /** The research answer's message id. */
  messageId: string;
  /** The combined answer as stored (what the history holds in its place). */
  combined: string;
  /** The question it answered. */
  question: string;
  /** The card's own answer. */
  answer: string;
}

type Request = Pick<z.output<typeof ChatInput>, "continueFrom" | "conversationId" | "model">;

/** The card of `model` on the research answer `continueFrom` (404 when there is no such answer, 400 when it has no such card). */
export async function continuation({ continueFrom, conversationId, model }: Request): Promise<Continuation | undefined> {
  if (!continueFrom || !conversationId) return undefined;
  const { answer, question } = await Conversation.exchange("general", conversationId, continueFrom);
  const details = answer.details as { mode?: string; answers?: unknown[] } | undefined;
  const card = (details?.mode === "research" ? (details.answers ?? []) : [])
    .map((a) => ModelAnswer.safeParse(a).data)
    .find((a) => a?.model === model && a.status === "answered" && a.response);
  if (!card) {
    const name = isModelChoice(model) ? serviceName(model) : model;
    throw new Invalid(`That answer has no answer from ${name} to continue from.`);
  }
  return {
    messageId: answer.id,
    combined: answer.content,
    question: question?.type === "user" ? question.content : "",
    answer: card.response!,
  };
}

/**
 * The history with the card's answer where the combined answer stood; when the
 * combined answer is no longer among the recent messages, the exchange leads them.
 */
export function withCard(history: Message[], continued: Continuation): Message[] {
  const combined = continued.combined.trim();
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]!.role === "assistant" && history[i]!.content.trim() === combined) {
      return history.map((m, j) => (j === i ? { ...m, content: continued.answer } : m));
    }
  }
  const exchange: Message[] = [
    ...(continued.question ? [{ role: "user" as const, content: continued.question }] : []),
    { role: "assistant", content: continued.answer },
  ];
  // Room is made for it: the history is cut to HISTORY_MESSAGES from its oldest end afterwards.
  return [...exchange, ...history.slice(exchange.length - HISTORY_MESSAGES)];
}
