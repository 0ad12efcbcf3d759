import { callModel, toModelAnswer, type CallOutcome, type Recorder } from "./call";
import { COMPARISON_INSTRUCTIONS, isPointLine, mayStartPoint, parseComparison, splitComparison } from "./comparison";
import { clip, similarity } from "./lexical";
import { StopRequested } from "./failure";
import { HeldBackStream, type LiveEvents } from "./live";
import { offlineSynthesis, typeOut } from "./offline";
import { SYSTEM_PROMPT } from "./prompt";
import type { Agreement, Comparison, ModelAnswer } from "./schema";
import { addUsage, OFFLINE, type Generation, type GenerateOptions, type Message, type Model, type Usage } from "./types";

/**
 * Research mode, a Mixture-of-Agents: every active model answers in parallel
 * (each within its own timeout), then one model reads the answers, anonymised as
 * Response A, B, C..., and writes one answer. Total time is the slowest answer
 * plus the synthesis, never the sum. Failure is partial: a failing proposer is
 * left out and named, a failing synthesizer hands over to the next model, and
 * when none can synthesize the best single answer is returned with a note.
 */

export interface ResearchInput {
  messages: Message[];
  proposers: Model[];
  /** In the order they should try to synthesize. */
  synthesizers: Model[];
  /** Absolute time (ms) by which everything must be done. */
  deadline: number;
  proposerTimeoutMs: number;
  synthesisTimeoutMs: number;
  proposerMaxTokens: number;
  synthesisMaxTokens: number;
  recorder?: Recorder;
  /** Streams each model's answer to its card and the synthesis into the main answer. */
  live?: LiveEvents;
  /** Aborted with StopRequested when the person presses Stop. */
  signal?: AbortSignal;
  /** The asker's language and privacy choice, for every model call. */
  callSettings?: Pick<GenerateOptions, "language" | "shareData">;
  /** Shuffles the order answers are shown to the synthesizer (position bias); tests pin it. */
  shuffle?: <T>(items: T[]) => T[];
}

export interface ResearchResult {
  /** Null when no model answered at all (the caller falls back to the offline model). */
  response: string | null;
  answers: ModelAnswer[];
  synthesizer: (ModelAnswer & { role: "synthesizer" }) | null;
  /** Synthesis attempts that failed, in order. */
  synthesisFailures: ModelAnswer[];
  agreement: Agreement | null;
  /** Where the models agree and differ, as the synthesizer set it out; null when it did not. */
  comparison: Comparison | null;
  usage: Usage;
  notes: string[];
  /** The model whose words the response is: "quorum" (a synthesis), "offline", or a single model's choice. */
  producedBy: string;
  /** Stop was pressed: the response is what had been written by then. */
  stopped?: boolean;
}

const PROPOSER_SYSTEM = `${SYSTEM_PROMPT} Your answer will be compared with other AI models' answers: be concise (at most about 300 words) and precise.`;

const SYNTHESIS_SYSTEM =
  "You are the final editor in a panel of AI models. You read several models' answers to the user's question and write the one answer the user receives.";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export async function research(input: ResearchInput): Promise<ResearchResult> {
  const now = Date.now();
  // Time spent before (reading attachments) shortens the proposers' turn, never the synthesis's.
  const proposerTimeout = Math.min(input.proposerTimeoutMs, Math.max(1000, input.deadline - now - input.synthesisTimeoutMs));
  const live = input.live;
  const outcomes = await Promise.all(
    input.proposers.map(async (model) => {
      live?.modelStarted?.({ model: model.choice, service: model.service });
      const outcome = await callModel(
        model,
        input.messages,
        {
          system: PROPOSER_SYSTEM,
          ...input.callSettings,
          timeoutMs: proposerTimeout,
          maxTokens: input.proposerMaxTokens,
          signal: input.signal,
          ...(live?.modelText ? { onText: (delta: string) => live.modelText!(model.choice, delta) } : {}),
        },
        input.recorder,
      );
      live?.modelDone?.(toModelAnswer(outcome));
      return outcome;
    }),
  );
  const answers = outcomes.map(toModelAnswer);
  const notes = outcomes.filter((o) => !o.ok).map((o) => `${toModelAnswer(o).error}, so it was left out.`);
  const answered = outcomes.filter((o): o is Extract<CallOutcome, { ok: true }> => o.ok);
  const proposerUsage = addUsage(...answers.map((a) => a.usage));

  if (input.signal?.aborted) {
    const base = { answers, synthesizer: null, synthesisFailures: [], agreement: null, comparison: null, usage: proposerUsage, notes };
    return { ...base, response: "", producedBy: "quorum", stopped: true };
  }
  if (answered.length === 0) {
    return {
      response: null,
      answers,
      synthesizer: null,
      synthesisFailures: [],
      agreement: null,
      comparison: null,
      usage: proposerUsage,
      notes,
      producedBy: OFFLINE,
    };
  }

  const shuffle = input.shuffle ?? shuffled;
  const labelled = shuffle(answered).map((o, i) => ({ letter: LETTERS[i]!, outcome: o }));
  const question = lastUserMessage(input.messages);

  const synthesisFailures: ModelAnswer[] = [];
  const usable = new Set(answered.map((o) => o.model.choice));
  // A model that just failed as a proposer would most likely fail again: only those that answered synthesize.
  for (const synthesizer of input.synthesizers.filter((m) => usable.has(m.choice))) {
    const remaining = input.deadline - Date.now();
    if (remaining < 1000) break;
    const timeoutMs = Math.min(input.synthesisTimeoutMs, remaining);
    const stream = live?.text ? synthesisStream(labelled, live.text, live.comparison) : undefined;
    const outcome =
      synthesizer.choice === OFFLINE
        ? await offlineOutcome(
            synthesizer,
            labelled.map((l) => ({ service: l.outcome.model.service, text: l.outcome.generation.text })),
            live?.text,
            input.signal,
          )
        : await callModel(
            synthesizer,
            [{ role: "user", content: synthesisPrompt(question, input.messages, labelled) }],
            {
              system: SYNTHESIS_SYSTEM,
              ...input.callSettings,
              timeoutMs,
              maxTokens: input.synthesisMaxTokens,
              signal: input.signal,
              ...(stream ? { onText: (delta: string) => stream.push(delta) } : {}),
            },
            input.recorder,
          );
    if (!outcome.ok && outcome.failure instanceof StopRequested) {
      return {
        response: deanonymise(splitComparison(splitConsensus(outcome.partial).text).text, labelled),
        answers,
        synthesizer: { ...toModelAnswer(outcome), role: "synthesizer" },
        synthesisFailures,
        agreement: null,
        comparison: null,
        usage: proposerUsage,
        notes,
        producedBy: "quorum",
        stopped: true,
      };
    }
    if (!outcome.ok) {
      const failed = toModelAnswer(outcome);
      synthesisFailures.push(failed);
      live?.synthesisFailed?.(failed);
      notes.push(`${failed.error}, so it could not write the combined answer.`);
      if (stream?.started) live?.restart?.();
      continue;
    }
    const { text: written, consensus } = splitConsensus(outcome.generation.text);
    const { text, section } = splitComparison(written);
    const response = deanonymise(text, labelled);
    const comparison = comparisonReader(labelled)(section);
    if (comparison) live?.comparison?.(comparison);
    const agreement =
      consensus && synthesizer.choice !== OFFLINE
        ? agreementFromLetters(consensus, labelled)
        : agreementByWords(
            response,
            labelled.map((l) => l.outcome),
          );
    return {
      response,
      answers,
      synthesizer: { ...toModelAnswer(outcome), response, role: "synthesizer" },
      synthesisFailures,
      agreement,
      comparison,
      usage: addUsage(proposerUsage, outcome.generation.usage, ...synthesisFailures.map((f) => f.usage)),
      notes,
      producedBy: synthesizer.choice === OFFLINE ? OFFLINE : "quorum",
    };
  }

  // Nobody could synthesize: the answer closest to all the others is the best single one.
  const best = mostCentral(answered);
  const why = synthesisFailures.length
    ? "the combined answer could not be written"
    : "no model was left to write the combined answer in time";
  notes.push(`Because ${why}, this is ${best.model.service}'s answer alone, the one closest to the other models' answers.`);
  live?.text?.(best.generation.text);
  return {
    response: best.generation.text,
    answers,
    synthesizer: null,
    synthesisFailures,
    agreement: agreementByWords(best.generation.text, answered),
    comparison: null,
    usage: addUsage(proposerUsage, ...synthesisFailures.map((f) => f.usage)),
    notes,
    producedBy: best.model.choice,
  };
}

async function offlineOutcome(
  model: Model,
  responses: { service: string; text: string }[],
  onText: ((delta: string) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<CallOutcome> {
  const started = Date.now();
  const text = offlineSynthesis(responses);
  if (onText) {
    let partial = "";
    try {
      await typeOut(text, (delta) => ((partial += delta), onText(delta)), signal);
    } catch {
      return { ok: false, model, failure: new StopRequested(), latencyMs: Date.now() - started, partial };
    }
  }
  const generation: Generation = {
    text,
    usage: { inputTokens: 0, outputTokens: 0 },
    latencyMs: Date.now() - started,
    model: OFFLINE,
    provider: "offline",
  };
  return { ok: true, model, generation };
}

function lastUserMessage(messages: Message[]): Message {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === "user") return messages[i]!;
  return { role: "user", content: "" };
}

type Labelled = { letter: string; outcome: Extract<CallOutcome, { ok: true }> }[];

/** Reads a synthesis's closing point lines for this panel: letters become its models, and letters in a point's text their names. */
function comparisonReader(labelled: Labelled) {
  const models = new Map(labelled.map((l) => [l.letter, l.outcome.model.choice as string]));
  return (section: string | null) => parseComparison(section, models, (point) => deanonymise(point, labelled));
}

/**
 * The synthesis as the user will read it, while it is written: letters become
 * model names, and neither the closing point lines nor the "Consensus:" line show
 * in the text; the points go to `onComparison` as they are completed. The end of
 * the text waits while it could still be one of those.
 */
function synthesisStream(labelled: Labelled, emit: (delta: string) => void, onComparison?: (comparison: Comparison) => void) {
  // The complete lines already looked at, and where the point lines start once one was seen.
  let scanned = 0;
  let pointsFrom = Infinity;
  const pointsStart = (text: string) => {
    for (let end = text.indexOf("\n", scanned); pointsFrom === Infinity && end >= 0; end = text.indexOf("\n", scanned)) {
      if (isPointLine(text.slice(scanned, end))) pointsFrom = scanned;
      else scanned = end + 1;
    }
    return pointsFrom;
  };
  let raw = "";
  let shown = "";
  const readComparison = comparisonReader(labelled);
  const held = new HeldBackStream(
    (text) => deanonymise(text, labelled),
    emit,
    (text) => {
      const lineStart = text.lastIndexOf("\n") + 1;
      const last = text.slice(lineStart);
      let cut = /^[\s*_]*c/i.test(last) || mayStartPoint(last) ? lineStart : text.length;
      cut = Math.min(cut, pointsStart(text));
      // "Response A" or "Responses A, B and C" may still be unfinished after a word starting with R.
      const tail = text.slice(Math.max(0, cut - 40), cut);
      // redos-bounded: tail is at most 40 characters.
      const open = /(?:^|[^A-Za-z])(R[^\n.!?]*)$/.exec(tail);
      if (open) cut -= open[1]!.length;
      return cut;
    },
  );
  return {
    push(delta: string) {
      raw += delta;
      held.push(delta);
      const from = pointsStart(raw);
      if (!onComparison || from === Infinity) return;
      const complete = raw.slice(from, raw.lastIndexOf("\n") + 1);
      const comparison = readComparison(complete);
      const key = JSON.stringify(comparison);
      if (comparison && key !== shown) {
        shown = key;
        onComparison(comparison);
      }
    },
    get started() {
      return held.started;
    },
  };
}

/** The synthesizer sees the answers without the models' names, so no brand sways it. */
export function synthesisPrompt(question: Message, messages: Message[], labelled: Labelled): string {
  const earlier = messages.slice(0, -1).slice(-4);
  const attachments = [...(question.documents ?? []).map((d) => d.name), ...(question.images ?? []).map((i) => i.name)];
  const parts = [];
  if (earlier.length) {
    parts.push(
      `Recent conversation, for context:\n${earlier.map((m) => `${m.role === "user" ? "User" : "Assistant"}: ${clip(m.content, 500)}`).join("\n")}`,
    );
  }
  parts.push(`The user's question:\n<<<\n${question.content}\n>>>`);
  if (attachments.length) parts.push(`The user attached: ${attachments.join(", ")}. The models below were given their contents.`);
  parts.push(
    `${labelled.length} AI model${labelled.length === 1 ? "" : "s"} answered. Their answers, anonymised:\n\n` +
      labelled.map((l) => `### Response ${l.letter}\n${l.outcome.generation.text.trim()}`).join("\n\n"),
  );
  parts.push(
    [
      "Your task:",
      "1. Evaluate the responses critically. Check each claim against the other responses and against what you know; any of them may be wrong, outdated or incomplete.",
      "2. Do not copy any one response. Write one answer that is more accurate and complete than each of them.",
      "3. State what the responses agree on once, not once per response.",
      '4. Where they disagree, say so explicitly, naming them ("Response A says ..., Response C says ..."), and say which view is better supported and why.',
      "5. Write to the user directly, in Markdown. Do not describe this task.",
      ...(labelled.length > 1 ? [COMPARISON_INSTRUCTIONS] : []),
      'On the very last line write "Consensus: " followed by the letters of the responses whose main conclusion agrees with your final answer (for example "Consensus: A, C"), or "Consensus: none".',
    ].join("\n"),
  );
  return parts.join("\n\n");
}

/** Markup allowed before "Consensus" on its line, and the longest tail a consensus line is looked for in. */
const CONSENSUS_LINE_PREFIX = 20;
const MAX_CONSENSUS_TAIL = 400;

/** Removes the trailing "Consensus: A, C" line and returns its letters. */
export function splitConsensus(text: string): { text: string; consensus: string[] | null } {
  // The line is read from the last "consensus" on, and only when that tail is short: the regex on
  // the whole answer was quadratic on long runs of spaces or asterisks.
  const at = text.toLowerCase().lastIndexOf("consensus");
  const from = at < 0 ? -1 : Math.max(0, text.lastIndexOf("\n", at), at - CONSENSUS_LINE_PREFIX);
  const tail = from < 0 || text.length - from > MAX_CONSENSUS_TAIL ? "" : text.slice(from);
  // redos-bounded: tail is at most MAX_CONSENSUS_TAIL characters.
  const match = /\n?[ \t]*[*_]*Consensus[*_]*\s*:[*_]*\s*([^\n]*)\s*$/i.exec(tail);
  if (!match) return { text: text.trim(), consensus: null };
  const value = match[1]!.replace(/[*_.]/g, "").trim();
  const letters = /^none$/i.test(value) ? [] : (value.match(/\b[A-Z]\b/g) ?? []);
  return { text: text.slice(0, from + match.index).trim(), consensus: letters };
}

/** "Response A" becomes "Claude" in the text the user reads. */
export function deanonymise(text: string, labelled: Labelled): string {
  const names = new Map(labelled.map((l) => [l.letter, l.outcome.model.service]));
  const join = (letters: string[]) => {
    const services = letters.map((l) => names.get(l) ?? `Response ${l}`);
    return services.length <= 1 ? (services[0] ?? "") : `${services.slice(0, -1).join(", ")} and ${services[services.length - 1]}`;
  };
  return text
    .replace(/\bResponses\s+([A-Z](?:\s*(?:,|and|&|,\s*and)\s*[A-Z]\b)+)/g, (whole, list: string) => {
      const letters = list.match(/\b[A-Z]\b/g) ?? [];
      return letters.every((l) => names.has(l)) ? join(letters) : whole;
    })
    .replace(/\bResponse\s+([A-Z])\b/g, (whole, letter: string) => names.get(letter) ?? whole);
}

function agreementFromLetters(letters: string[], labelled: Labelled): Agreement {
  const agreed = new Set(letters);
  return {
    agreed: labelled.filter((l) => agreed.has(l.letter)).map((l) => l.outcome.model.choice),
    differed: labelled.filter((l) => !agreed.has(l.letter)).map((l) => l.outcome.model.choice),
    source: "synthesizer",
  };
}

const AGREES = 0.35;

function agreementByWords(final: string, answered: Extract<CallOutcome, { ok: true }>[]): Agreement {
  const agreed: string[] = [];
  const differed: string[] = [];
  for (const o of answered) (similarity(final, o.generation.text) >= AGREES ? agreed : differed).push(o.model.choice);
  return { agreed, differed, source: "lexical" };
}

function mostCentral(answered: Extract<CallOutcome, { ok: true }>[]) {
  let best = answered[0]!;
  let bestScore = -1;
  for (const candidate of answered) {
    const others = answered.filter((o) => o !== candidate);
    const score = others.length
      ? others.reduce((sum, o) => sum + similarity(candidate.generation.text, o.generation.text), 0) / others.length
      : 0;
    if (score > bestScore || (score === bestScore && candidate.generation.text.length > best.generation.text.length)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
