import { Ai, RESEARCH, StopRequested, type Deps, type LiveEvents } from "../ai/index";
import { dynamoStatusStore } from "../ai/status";
import { config } from "../config";
import { Conversation, type ListType, type Message, type Summary } from "../conversation/index";
import { parseInput } from "../fn";
import { Actor } from "../actor";
import type { Asker } from "./access";
import type { Continuation } from "./continue";
import { Chat } from "./index";
import { DEFAULT_RESEARCH_BUDGET_SECONDS, STOP_POLL_MS, STREAM_WRITING_SECONDS } from "./limits";
import { FILES_ONLY_MESSAGE, RegenerateInput, type AnswerState } from "./schema";
import { answerJournal, type NumberedEmit } from "./journal";
import { autoTitle, detailsOf, STREAM_EVENTS } from "./stored";

/**
 * Streamed answers. The server stores the exchange itself: the question and a
 * placeholder answer before the first word, the answer when it is complete,
 * stopped or broken off. The browser only watches: leaving the page neither stops
 * nor loses the answer, and nothing is half-written.
 */

/**
 * Sends one event of the stream, with its number (the SSE id) once the answer's
 * events are kept; after a disconnect it does nothing (the answer is still stored).
 */
export type Emit = NumberedEmit;

/** An answer that is ready to be written, checked beforehand (a bad request fails before anything is counted). */
export interface LiveAnswer {
  run(emit: Emit): Promise<LiveOutcome>;
}

/** How a streamed answer ended: `failed` when it failed for a server or model reason (not the asker's question to pay for). */
export interface LiveOutcome {
  failed: boolean;
}

/** A stored message as the conversations API has it, plus the state of a streamed answer. */
export interface StoredAnswer {
  id: string;
  type: "ai";
  content: string;
  timestamp: string;
  files: [];
  state?: AnswerState;
  error?: string;
  [field: string]: unknown;
}

/** Stop may be pressed on another server than the one writing: the request is read from the conversation. */
function watchStop(conversationId: string, messageId: string, controller: AbortController): () => void {
  const timer = setInterval(() => {
    Conversation.stopRequestedFor(conversationId, messageId)
      .then((stop) => {
        if (stop && !controller.signal.aborted) controller.abort(new StopRequested());
      })
      .catch((error: unknown) => console.warn("[chat] reading a stop request failed", error));
  }, STOP_POLL_MS);
  return () => clearInterval(timer);
}

/** The placeholder stored before the first word, so a reload shows the answer is being written. */
export function placeholderAnswer(id: string, at: string): StoredAnswer {
  return { id, type: "ai", content: "", timestamp: at, files: [], state: "streaming" };
}

/**
 * What every streamed answer shares: the question and placeholder stored while
 * the models already work (so storing never delays the first word), the events
 * after `start`, Stop, and the one final write.
 */
export async function writeLive<R extends { response: string; stopped?: boolean; error?: string }>(options: {
  listType: ListType;
  answerId: string;
  /** Stores the question and the placeholder, sends `start`, and answers the conversation's id. */
  store: () => Promise<string>;
  emit: Emit;
  generate: (live: LiveEvents, signal: AbortSignal) => Promise<R>;
  /** The stored answer's fields beyond id, type, content, timestamp and files. */
  fields: (reply: R) => Record<string, unknown>;
  /** True when the configured models failed and the offline model stood in. */
  failedForModel: (reply: R) => boolean;
}): Promise<LiveOutcome> {
  const startedAt = Date.now();
  const controller = new AbortController();
  // Events of the answer wait for `start`, which the client needs first; from then on each is
  // numbered and kept, so a reader elsewhere can replay and follow it.
  let held: [string, unknown][] | null = [];
  let journal: ReturnType<typeof answerJournal> | undefined;
  const send = (event: string, data: unknown) => options.emit(event, data, journal?.record(event, data));
  const emit: Emit = (event, data) => (held ? held.push([event, data]) : send(event, data));
  let stopWatch = () => {};
  const stored = options.store().then((conversationId) => {
    journal = answerJournal(conversationId, options.answerId);
    for (const [event, data] of held ?? []) send(event, data);
    held = null;
    stopWatch = watchStop(conversationId, options.answerId, controller);
    return conversationId;
  });
  // Nothing to write into: the models are stopped and the stream says so.
  stored.catch(() => controller.abort(new StopRequested()));
  let written = "";
  const live: LiveEvents = {
    modelStarted: (model) => emit(STREAM_EVENTS.model, model),
    modelText: (model, text) => emit(STREAM_EVENTS.modelText, { model, text }),
    modelDone: (answer) => emit(STREAM_EVENTS.modelDone, answer),
    text: (text) => {
      written += text;
      emit(STREAM_EVENTS.text, { text });
    },
    restart: () => {
      written = "";
      emit(STREAM_EVENTS.restart, {});
    },
    synthesisFailed: (answer) => emit(STREAM_EVENTS.synthesisFailed, answer),
    comparison: (comparison) => emit(STREAM_EVENTS.comparison, comparison),
  };
  let reply: R | undefined;
  let failure: string | undefined;
  let conversationId: string;
  try {
    [reply, conversationId] = await Promise.all([options.generate(live, controller.signal), stored]);
  } catch (error) {
    stopWatch();
    const storedId = await stored.catch((cause: unknown) => {
      console.error("[chat] storing the question failed", cause);
      return null;
    });
    if (storedId === null) {
      options.emit(STREAM_EVENTS.error, { error: "The question could not be saved. Please try again." });
      return { failed: true };
    }
    conversationId = storedId;
    console.error("[chat] a streamed answer failed", error);
    failure = "The answer could not be completed. Please try again.";
  } finally {
    stopWatch();
  }
  const error = reply?.error ?? failure;
  const state: AnswerState | undefined = reply?.stopped ? "stopped" : error ? "error" : undefined;
  const message: StoredAnswer = {
    id: options.answerId,
    type: "ai",
    content: reply?.response ?? written,
    timestamp: new Date().toISOString(),
    files: [],
    ...(reply ? options.fields(reply) : {}),
    ...(state ? { state } : {}),
    ...(error ? { error } : {}),
  };
  try {
    // Every piece of text is kept before the message says the answer is over.
    await journal?.settle();
    const saved = await Conversation.appendMessages({ listType: options.listType, id: conversationId, messages: [message] });
    const payload = { ...reply, response: message.content, conversationId, version: saved.version, message };
    emit(error ? STREAM_EVENTS.error : STREAM_EVENTS.done, error ? { ...payload, error } : payload);
    if (!error && !reply?.stopped) {
      // loaded once the answer is out: the notifications (mail, push) are no part of a chat function's cold start
      const { Notify } = await import("../notify/index");
      await Notify.answerReady({ userId: Actor.userId(), conversationId, listType: options.listType, title: saved.title, startedAt });
    }
  } catch (cause) {
    console.error("[chat] storing a streamed answer failed", cause);
    emit(STREAM_EVENTS.error, { error: "The answer could not be saved. Please try again.", response: message.content });
    await journal?.settle();
    return { failed: true };
  }
  await journal?.settle();
  // A stopped answer was the asker's choice: it counts.
  return { failed: !reply?.stopped && (!!error || (!!reply && options.failedForModel(reply))) };
}

const defaultDeps = (): Deps => ({ config: config(), store: dynamoStatusStore });

export namespace ChatStream {
  /**
   * Checks a streamed chat request (the conversation is the caller's and has room)
   * before anything counts; the answer is written when `run` is called.
   */
  export async function open(input: Chat.Input, deps: Deps = defaultDeps(), asker?: Asker): Promise<LiveAnswer> {
    const request = parseInput(Chat.Input, input);
    let existing: Summary | undefined;
    if (request.conversationId) {
      existing = await Conversation.summaryOf("general", request.conversationId);
      Conversation.assertRoom(existing, 2);
    }
    const continued = await Chat.continuationOf(request);
    const store = (question: Question, placeholder: StoredAnswer) =>
      existing
        ? Conversation.appendMessages({ listType: "general", id: existing.id, messages: [question, placeholder] })
        : Conversation.create({
            listType: "general",
            title: autoTitle([question]),
            messages: [question, placeholder],
            sessionId: request.sessionId,
          });
    return { run: (emit) => answer(request, { store }, emit, deps, asker, continued) };
  }

  /**
   * An edited question (`edit`, with its new words) or a regenerated answer, written
   * beside the earlier version as a branch of the conversation, with the messages
   * before it as the history. Checked before anything counts, like `open`.
   */
  export async function openBranch(
    target: { id: string; messageId: string; edit?: string },
    input: RegenerateInput,
    deps: Deps = defaultDeps(),
    asker?: Asker,
  ): Promise<LiveAnswer> {
    const choice = parseInput(RegenerateInput, input);
    const point = await Conversation.branchPoint("general", target.id, target.messageId, target.edit === undefined ? "ai" : "user");
    Conversation.assertRoom(point.summary, target.edit === undefined ? 1 : 2);
    const request: Chat.Parsed = {
      ...choice,
      message: target.edit ?? point.question!.content,
      files: [],
      history: point.history.map((m) => ({ type: m.type, content: m.content })),
      conversationId: point.summary.id,
    };
    const asked = target.edit === undefined ? point.question : undefined;
    const store = (question: Question, placeholder: StoredAnswer) =>
      Conversation.addBranch(
        "general",
        point.summary.id,
        asked ? question.id : point.parentId,
        asked ? [placeholder] : [question, placeholder],
      );
    return { run: (emit) => answer(request, { store, asked }, emit, deps, asker, undefined) };
  }

  /** The question an answer is written to: a new one, or (regenerating) the one stored. */
  type Question = ReturnType<typeof questionOf> | Message;

  function questionOf(request: Chat.Parsed, started: number) {
    return {
      id: String(started),
      type: "user" as const,
      content: request.message.trim() || FILES_ONLY_MESSAGE,
      timestamp: new Date(started).toISOString(),
      files: request.files.map((f) => ({ name: f.name, type: f.type })),
    };
  }

  /**
   * Writes one answer to `request`. `store` keeps the question (unless it was `asked`
   * before: a regenerated answer's) and the placeholder where they belong.
   */
  async function answer(
    request: Chat.Parsed,
    where: { store: (question: Question, placeholder: StoredAnswer) => Promise<Summary>; asked?: Message },
    emit: Emit,
    deps: Deps,
    asker: Asker | undefined,
    continued: Continuation | undefined,
  ) {
    const started = Date.now();
    const question = where.asked ?? questionOf(request, started);
    const placeholder = placeholderAnswer(String(started + 1), new Date(started).toISOString());
    const budgetMs = (request.budgetSeconds ?? DEFAULT_RESEARCH_BUDGET_SECONDS) * 1000;
    return writeLive({
      listType: "general",
      answerId: placeholder.id,
      store: async () => {
        const conversation = await where.store(question, placeholder);
        emit(STREAM_EVENTS.start, { conversationId: conversation.id, version: conversation.version, question, answer: placeholder });
        return conversation.id;
      },
      emit,
      generate: async (live, signal) => {
        const prepared = await Chat.prepareQuestion(request, continued);
        const deadline = Date.now() + (request.model === RESEARCH ? budgetMs : 0) + STREAM_WRITING_SECONDS * 1000;
        const result = await Ai.answer(
          {
            model: request.model,
            synthesizer: request.synthesizer,
            messages: prepared.messages,
            deadline,
            researchBudgetMs: budgetMs,
            synthesisTimeoutMs: STREAM_WRITING_SECONDS * 1000,
            live,
            signal,
            policy: asker?.policy,
          },
          deps,
        );
        if (asker) await Chat.recordUsage(asker, request.model, result, !result.stopped && (!!result.error || Chat.modelFailed(result)));
        return prepared.finish(result);
      },
      fields: (reply) => ({ details: detailsOf(reply, request.model) }),
      failedForModel: (reply) => Chat.modelFailed(reply),
    });
  }
}
