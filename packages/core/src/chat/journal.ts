import { z } from "zod";
import { NotFound } from "../error";
import { parseInput } from "../fn";
import { Conversation } from "../conversation/index";
import { AnswerEventsEntity, eventsAfter, MAX_SEQ, type Logged } from "../conversation/answer-events";
import { MessageEntity } from "../conversation/entity";
import { fromRecord } from "../conversation/store";
import { ConversationId, LIST_TYPES, messageShape } from "../conversation/schema";
import { JOURNAL_CHUNK_BYTES, JOURNAL_FLUSH_MS, JOURNAL_KEEP_SECONDS, RESUME_POLL_MS, STREAM_ABANDONED_SECONDS } from "./limits";
import { STREAM_EVENTS } from "./stored";

/**
 * An answer's events as they were sent, kept while it is written: the function
 * writing it and a reader (a reload, another browser, another function in the
 * cloud) share nothing but the table. Every event gets a number, its SSE id, so a
 * reader that names the last one it saw (`Last-Event-ID`) gets exactly the rest.
 */

const TERMINAL = new Set<string>([STREAM_EVENTS.done, STREAM_EVENTS.error]);

/** Sends one event of the stream, with its number when it has one. */
export type NumberedEmit = (event: string, data: unknown, id?: number) => void;

/**
 * The writer's side: numbers each event and stores them in order, a batch every
 * JOURNAL_FLUSH_MS. Writes are chained, so a reader never sees a later batch
 * without the earlier ones. A failed write is logged and the answer goes on: a
 * reader then still gets the finished message.
 */
export function answerJournal(conversationId: string, messageId: string) {
  let seq = 0;
  let pending: Logged[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written: Promise<void> = Promise.resolve();

  const writeBatch = async (batch: Logged[]) => {
    const expiresAt = Math.floor(Date.now() / 1000) + JOURNAL_KEEP_SECONDS;
    for (const chunk of chunksOf(batch)) {
      await AnswerEventsEntity.put({ conversationId, messageId, last: chunk.at(-1)![0], events: JSON.stringify(chunk), expiresAt }).go();
    }
  };
  const flush = () => {
    timer = undefined;
    if (pending.length === 0) return written;
    const batch = pending;
    pending = [];
    written = written
      .then(() => writeBatch(batch))
      .catch((error: unknown) => console.error("[chat] keeping an answer's events failed", error));
    return written;
  };

  return {
    /** Keeps the event and answers its number. */
    record(event: string, data: unknown): number {
      pending.push([++seq, event, data]);
      if (TERMINAL.has(event)) void flush();
      else timer ??= setTimeout(flush, JOURNAL_FLUSH_MS);
      return seq;
    },
    /** Everything recorded so far is stored (before the final message is, so a reader that finds it finished has all the text). */
    async settle() {
      clearTimeout(timer);
      await flush();
    },
  };
}

function chunksOf(batch: Logged[]): Logged[][] {
  const chunks: Logged[][] = [];
  let current: Logged[] = [];
  let bytes = 0;
  for (const item of batch) {
    const size = JSON.stringify(item).length;
    if (current.length > 0 && bytes + size > JOURNAL_CHUNK_BYTES) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export const ResumeInput = z.object({
  listType: z.enum(LIST_TYPES),
  id: ConversationId,
  messageId: messageShape.id,
  /** The SSE `Last-Event-ID`: the number of the last event the reader has. */
  after: z.coerce
    .number({ message: "Last-Event-ID must be a number" })
    .int("Last-Event-ID must be a whole number")
    .min(0, "Last-Event-ID must be a number")
    .max(MAX_SEQ, "Last-Event-ID is too large")
    .default(0),
});
export type ResumeInput = z.input<typeof ResumeInput>;

/** How many times a finished answer's last event is looked for before the stored message stands in for it. */
const FINAL_EVENT_LOOKS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export namespace AnswerReplay {
  /**
   * GET .../messages/{messageId}/stream: checks the answer is the caller's (404
   * otherwise), then `run` sends what is stored after `after` and follows the rest
   * until its last event. An answer finished before its events were kept (or whose
   * events have expired) ends with one `done` carrying the stored message.
   */
  export async function open(input: ResumeInput) {
    const { listType, id, messageId, after } = parseInput(ResumeInput, input);
    await Conversation.summaryOf(listType, id);
    const stored = (await MessageEntity.get({ conversationId: id, messageId }).go()).data;
    if (!stored || stored.type !== "ai") throw new NotFound("Message");
    return { run: (emit: NumberedEmit) => follow(id, messageId, after, emit) };
  }

  async function follow(conversationId: string, messageId: string, after: number, emit: NumberedEmit) {
    let last = after;
    /** Whether this answer's events were kept at all (an answer saved as JSON has none). */
    let kept = after > 0;
    /** Sends what is new; true once the last event went. */
    const sendNew = async () => {
      for (const [n, event, data] of await eventsAfter(conversationId, messageId, last)) {
        kept = true;
        emit(event, data, n);
        last = n;
        if (TERMINAL.has(event)) return true;
      }
      return false;
    };
    for (;;) {
      if (await sendNew()) return { failed: false };
      const record = (await MessageEntity.get({ conversationId, messageId }).go({ consistent: true })).data;
      if (!record) {
        emit(STREAM_EVENTS.error, { error: "This answer was deleted." });
        return { failed: false };
      }
      const message = fromRecord(record);
      const abandoned = Date.now() - new Date(message.timestamp ?? 0).getTime() > STREAM_ABANDONED_SECONDS * 1000;
      if (message.state !== "streaming" || abandoned) {
        // The text was kept before the message was stored, and the last event follows the message at
        // once: it is waited for a moment, so the reader gets the writer's own last event.
        for (let look = 0; look < (kept ? FINAL_EVENT_LOOKS : 1); look++) {
          if (look > 0) await sleep(RESUME_POLL_MS);
          if (await sendNew()) return { failed: false };
        }
        emit(STREAM_EVENTS.done, { response: message.content, conversationId, message });
        return { failed: false };
      }
      await sleep(RESUME_POLL_MS);
    }
  }
}
