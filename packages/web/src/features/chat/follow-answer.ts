import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import type { ListType } from "@quorum/core/conversation/schema";
import { ApiError } from "@/lib/api";
import type { StreamEventHandler } from "@/lib/stream";
import { resumeAnswer } from "./queries";

/** After a dropped connection the answer is taken up again this much later; so many tries in a row that bring nothing end it. */
const RECONNECT_MS = 1000;
const MAX_IDLE_RECONNECTS = 5;

/**
 * Follows an answer being written from the server's record of its events: after
 * event `after` (0: from its start, as after a reload), live until its last event.
 * A dropped connection is taken up again from the last event that came. Answers
 * whether the last event came; false when the record could not be read (the
 * caller then reads the conversation) or `gone()` says the page moved on.
 */
export async function followAnswer(
  where: { listType: ListType; conversationId: string; messageId: string },
  after: number,
  onEvent: StreamEventHandler,
  gone: () => boolean,
): Promise<boolean> {
  let last = after;
  let finished = false;
  const handle: StreamEventHandler = (event, data, id) => {
    if (gone()) return;
    if (id !== undefined) last = id;
    if (event === STREAM_EVENTS.done || event === STREAM_EVENTS.error) finished = true;
    onEvent(event, data, id);
  };
  for (let idle = 0; !finished && !gone() && idle < MAX_IDLE_RECONNECTS;) {
    const before = last;
    try {
      await resumeAnswer(where.listType, where.conversationId, where.messageId, last, handle);
    } catch (cause) {
      // The answer is gone or not the reader's: no point asking again.
      if (cause instanceof ApiError && cause.status < 500) break;
      console.warn("Following the answer was interrupted", cause);
    }
    idle = last === before ? idle + 1 : 0;
    if (!finished && !gone()) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
  return finished;
}
