import { callModel, Recorder } from "../ai/call";
import { activeModels } from "../ai/catalog";
import type { StatusStore } from "../ai/status";
import { OFFLINE, type Message, type Model } from "../ai/types";
import type { Config } from "../config";
import type { Hit } from "../search/engine";
import { excerpt } from "../search/excerpt";
import { citedNumbers, toCitation, type Citation } from "./citations";
import { boundedHistory } from "../ai/history";
import { HISTORY_MESSAGES } from "../chat/limits";
import type { ChatMessage } from "./history";
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

/** Configured models, the preferred one first (the research synthesizer: usually the strongest). */
function candidates(c: Config): Model[] {
  const models = activeModels(c);
  return [...models.filter((m) => m.choice === c.RESEARCH_SYNTHESIZER), ...models.filter((m) => m.choice !== c.RESEARCH_SYNTHESIZER)];
}

/**
 * Answers from the project's data: the first configured model that answers in
 * time (the next one if it fails), else the offline model. Never fails for a
 * model's sake.
 */
export async function answerWithSources(context: AnswerContext, deadline: number, deps: AnswerDeps): Promise<ChatAnswer> {
  const passages = context.hits.slice(0, MODEL_PASSAGES);
  const history = boundedHistory(
    context.history
      .slice(-HISTORY_MESSAGES)
      // The offline model's quotes are not answers a model should build on; the questions stay.
      .filter((m) => m.content.trim() && m.model !== OFFLINE)
      .map((m): Message => ({ role: m.type === "user" ? "user" : "assistant", content: m.content })),
  );
  const messages: Message[] = [...history.messages, { role: "user", content: renderContext(context, passages) }];

  const recorder = new Recorder(deps.store);
  const failures: string[] = [];
  const historyNotes = history.note ? [history.note] : [];
  try {
    for (const model of candidates(deps.config)) {
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
          timeoutMs: Math.min(deps.config.MODEL_TIMEOUT_MS, left),
          maxTokens: deps.config.MODEL_MAX_OUTPUT_TOKENS,
        },
        recorder,
      );
      if (!outcome.ok) {
        failures.push(`${model.service} ${outcome.failure.plain}`);
        continue;
      }
      const text = outcome.generation.text.trim();
      if (!text) {
        failures.push(`${model.service} answered with no text`);
        continue;
      }
      const citations = citedNumbers(text, passages.length).map((n) => {
        const hit = passages[n - 1]!;
        return toCitation(hit, n, excerpt(hit.text, context.question, 280), context.projectNames?.get(hit.projectId));
      });
      return { response: text, citations, model: model.choice, offline: false, notes: [...historyNotes, ...failures] };
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
  return { ...offline, model: OFFLINE, offline: true, notes: failures };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
