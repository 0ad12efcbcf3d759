import { Actor } from "../actor";
import { callModel, Recorder } from "../ai/call";
import { modelsAllowed } from "../ai/catalog";
import type { AnswerPolicy } from "../ai/index";
import { ChatAccess } from "../chat/access";
import type { StatusStore } from "../ai/status";
import { OFFLINE, type Message, type Model } from "../ai/types";
import { StopRequested } from "../ai/failure";
import type { LiveEvents } from "../ai/live";
import { typeOut } from "../ai/offline";
import type { Config } from "../config";
import type { Hit } from "../search/engine";
import { excerpt } from "../search/excerpt";
import { citedNumbers, toCitation } from "./citations";
import { boundedHistory } from "../ai/history";
import { HISTORY_MESSAGES } from "../chat/limits";
import type { ChatMessage, Citation } from "./schema";
import { offlineProjectAnswer } from "./offline";

/** Passages a model reads with each question (~10k characters of chunks). */
export const MODEL_PASSAGES = 8;
/** Below this much time left, a model is not started: the offline answer comes instead. */
const MIN_MODEL_MS = 3000;

export const PROJECT_SYSTEM_PROMPT =
  "You are Quorum's assistant for sales and quoting professionals. Answer questions about the user's projects " +
  "using only the records and the numbered document excerpts you are given, in Markdown. " +
  "After each fact taken from an excerpt, cite it with its number in square brackets, e.g. [2]; cite only numbers you were given. " +
  "Facts from the records need no citation. If the excerpts and records do not contain the answer, say so plainly instead of guessing. " +
  "Quote amounts, dates and part numbers exactly as written.";

export interface AnswerContext {
  question: string;
  history: ChatMessage[];
  /** Records: the project, its customer, contact and quotes (or every project, in the all-projects chat). */
  facts: string[];
  hits: Hit[];
  /** "this project's documents and records" ... used in the offline notice. */
  scope: string;
  documentCount: number;
  projectNames?: Map<number, string>;
}

export interface ChatAnswer {
  response: string;
  citations: Citation[];
  /** The model choice that wrote it, or "offline". */
  model: string;
  offline: boolean;
  /** Plain words about models that failed before one answered. */
  notes: string[];
  /** Stop was pressed: `response` is what had been written by then. */
  stopped?: boolean;
  /** The model broke off part-way through a streamed answer: `response` is what it had written. */
  error?: string;
}

/** A streamed answer: its text as it is written, and Stop. */
export interface LiveOptions {
  live?: LiveEvents;
  signal?: AbortSignal;
}

/**
 * The asker's plan (its models only), language (answers are in it unless the
 * question is in another) and privacy choice, as the general chat follows them.
 */
async function askerPolicy(): Promise<AnswerPolicy> {
  if (!Actor.maybe()) return {};
  return (await ChatAccess.asker()).policy;
}

export interface AnswerDeps {
  config: Config;
  store?: StatusStore;
}

/** The text a model reads: the records, the numbered excerpts, then the question. */
export function renderContext(context: AnswerContext, passages: Hit[]): string {
  const records = context.facts.length ? context.facts.map((f) => `- ${f}`).join("\n") : "(none)";
  const excerpts = passages.length
    ? passages
        .map((h, i) => {
          const project = context.projectNames?.get(h.projectId);
          return `[${i + 1}] ${project ? `project "${project}", ` : ""}"${h.fileName}", page ${h.page}:\n${h.text}`;
        })
        .join("\n\n")
    : "(no document passage matches the question)";
  return `Records:\n${records}\n\nDocument excerpts:\n${excerpts}\n\nQuestion: ${context.question}`;
}

/**
 * Configured models the asker's plan includes, the preferred one first (the research
 * synthesizer: usually the strongest), the organisation's own model last when the plan has it.
 */
function candidates(c: Config, allows: AnswerPolicy["allows"]): Model[] {
  const models = modelsAllowed(c, allows);
  return [...models.filter((m) => m.choice === c.RESEARCH_SYNTHESIZER), ...models.filter((m) => m.choice !== c.RESEARCH_SYNTHESIZER)];
}

/**
 * Answers from the project's data: the first configured model that answers in
 * time (the next one if it fails), else the offline model. Never fails for a
 * model's sake.
 */
export async function answerWithSources(
  context: AnswerContext,
  deadline: number,
  deps: AnswerDeps,
  { live, signal }: LiveOptions = {},
): Promise<ChatAnswer> {
  const passages = context.hits.slice(0, MODEL_PASSAGES);
  const history = boundedHistory(
    context.history
      .slice(-HISTORY_MESSAGES)
      // The offline model's quotes are not answers a model should build on; the questions stay.
      .filter((m) => m.content.trim() && m.model !== OFFLINE)
      .map((m): Message => ({ role: m.type === "user" ? "user" : "assistant", content: m.content })),
  );
  const messages: Message[] = [...history.messages, { role: "user", content: renderContext(context, passages) }];

  const withCitations = (text: string, model: string, notes: string[]): ChatAnswer => {
    const citations = citedNumbers(text, passages.length).map((n) => {
      const hit = passages[n - 1]!;
      return toCitation(hit, n, excerpt(hit.text, context.question, 280), context.projectNames?.get(hit.projectId));
    });
    return { response: text, citations, model, offline: false, notes };
  };
  const { allows, language, shareData } = await askerPolicy();
  const recorder = new Recorder(deps.store);
  const failures: string[] = [];
  const historyNotes = history.note ? [history.note] : [];
  try {
    for (const model of candidates(deps.config, allows)) {
      const left = deadline - Date.now();
      if (left < MIN_MODEL_MS) {
        failures.push(`there was no time left to ask ${model.service}`);
        break;
      }
      const outcome = await callModel(
        model,
        messages,
        {
          system: PROJECT_SYSTEM_PROMPT,
          language,
          shareData,
          // A streamed answer is not held to the buffered gateway's time.
          timeoutMs: live ? left : Math.min(deps.config.MODEL_TIMEOUT_MS, left),
          maxTokens: deps.config.MODEL_MAX_OUTPUT_TOKENS,
          signal,
          ...(live?.text ? { onText: live.text } : {}),
        },
        recorder,
      );
      if (!outcome.ok && (outcome.partial || outcome.failure instanceof StopRequested)) {
        // What is on screen stays, with how it ended; no other model takes over half-way.
        const stopped = outcome.failure instanceof StopRequested;
        const error = stopped ? undefined : `${model.service} ${outcome.failure.plain} part-way through its answer.`;
        const answer = withCitations(outcome.partial, model.choice, [...historyNotes, ...failures, ...(error ? [error] : [])]);
        return { ...answer, ...(stopped ? { stopped: true } : { error }) };
      }
      if (!outcome.ok) {
        failures.push(`${model.service} ${outcome.failure.plain}`);
        continue;
      }
      const text = outcome.generation.text.trim();
      if (!text) {
        failures.push(`${model.service} answered with no text`);
        continue;
      }
      return withCitations(text, model.choice, [...historyNotes, ...failures]);
    }
  } finally {
    await recorder.flush();
  }

  const offline = offlineProjectAnswer({
    question: context.question,
    hits: context.hits,
    facts: context.facts,
    scope: context.scope,
    why: failures.length ? capitalize(failures.join("; ")) : undefined,
    documentCount: context.documentCount,
    projectNames: context.projectNames,
  });
  if (live?.text) {
    let written = "";
    try {
      await typeOut(offline.response, (delta) => ((written += delta), live.text!(delta)), signal);
    } catch {
      return { ...offline, response: written, model: OFFLINE, offline: true, notes: failures, stopped: true };
    }
  }
  return { ...offline, model: OFFLINE, offline: true, notes: failures };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
