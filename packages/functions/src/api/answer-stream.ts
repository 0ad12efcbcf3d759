import { z } from "zod";
import { AnswerReplay } from "@quorum/core/chat/journal";
import type { ListType } from "@quorum/core/conversation/index";
import { streamRoute } from "../http/stream";

const AnswerPath = z.object({ id: z.string().min(1).max(100), messageId: z.string().min(1).max(200) });

/**
 * GET .../{id}/messages/{messageId}/stream: the answer's events as server-sent
 * events, from after `Last-Event-ID` (from the start without one), following the
 * rest until its last event. Reading costs no model: no question counts and no
 * answer slot is taken.
 */
const replay = (listType: ListType) =>
  streamRoute(
    { path: AnswerPath },
    async ({ path, event }) =>
      AnswerReplay.open({
        listType,
        id: path.id,
        messageId: path.messageId,
        after: event.headers?.["last-event-id"] ?? event.headers?.["Last-Event-ID"] ?? undefined,
      }),
    { writesAnswer: false },
  );

export const general = replay("general");
export const projects = replay("projects");
