import type { StreamStart } from "@quorum/core/chat/schema";
import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import type { z } from "zod";
import type { StreamEventHandler } from "@/lib/stream";

/** How a streamed answer went: where the server stored it, and whether its last event arrived. */
export interface StreamOutcome {
  /** From the `start` event; null when the request was refused before anything was stored. */
  stored: z.infer<typeof StreamStart> | null;
  /** `done` or `error` came: without it the connection ended early and the server still finishes the answer. */
  finished: boolean;
  /** The number of the last event that came, from which the answer can be followed on. */
  lastId: number;
}

/**
 * Reads an answer's stream (POST /api/chat, or an edit or regeneration, which `open` starts):
 * `start` once the exchange is stored, then every event of the answer.
 */
export async function readAnswerStream(
  open: (onEvent: StreamEventHandler) => Promise<void>,
  on: { start: (start: z.infer<typeof StreamStart>) => void; event: (event: string, data: unknown) => void },
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = { stored: null, finished: false, lastId: 0 };
  await open((event, data, id) => {
    if (id !== undefined) outcome.lastId = id;
    if (event === STREAM_EVENTS.start) {
      outcome.stored = data as z.infer<typeof StreamStart>;
      on.start(outcome.stored);
      return;
    }
    if (event === STREAM_EVENTS.done || event === STREAM_EVENTS.error) outcome.finished = true;
    on.event(event, data);
  });
  return outcome;
}
