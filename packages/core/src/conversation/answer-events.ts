import type { EntityItem } from "electrodb";
import { defineEntity } from "../db/entity";

/**
 * A streamed answer's events as they were sent, kept while it is written (see
 * chat/journal.ts), under its conversation.
 */

/** The largest event number; padded so the sort key orders numbers as text. */
export const MAX_SEQ = 9_999_999_999;

/** One batch of events, written at once: `events` is JSON `[[seq, event, data], ...]`, `last` the batch's last number. */
export const AnswerEventsEntity = defineEntity({
  model: { entity: "answer_events", version: "1", service: "quorum" },
  attributes: {
    conversationId: { type: "string", required: true, readOnly: true },
    messageId: { type: "string", required: true, readOnly: true },
    last: { type: "number", required: true, readOnly: true, padding: { length: 10, char: "0" } },
    events: { type: "string", required: true },
    /** The table's TTL: the finished answer lives on as its message; the events go. */
    expiresAt: { type: "number" },
  },
  indexes: {
    // Under the conversation, so deleting a conversation finds every answer's events with one Query.
    primary: {
      pk: { field: "pk", composite: ["conversationId"] },
      sk: { field: "sk", composite: ["messageId", "last"] },
    },
  },
});

export type Logged = [seq: number, event: string, data: unknown];

/** The events after `after`, in order (strongly consistent: a batch just written is seen). */
export async function eventsAfter(conversationId: string, messageId: string, after: number): Promise<Logged[]> {
  const result = await AnswerEventsEntity.query
    .primary({ conversationId })
    .between({ messageId, last: after + 1 }, { messageId, last: MAX_SEQ })
    .go({ pages: "all", consistent: true });
  return result.data.flatMap((item: EntityItem<typeof AnswerEventsEntity>) =>
    (JSON.parse(item.events) as Logged[]).filter(([n]) => n > after),
  );
}

/** Every answer's events of a conversation, deleted with it. */
export async function deleteAnswerEvents(conversationId: string) {
  const result = await AnswerEventsEntity.query.primary({ conversationId }).go({ pages: "all", attributes: ["messageId", "last"] });
  if (result.data.length)
    await AnswerEventsEntity.delete(result.data.map((k) => ({ conversationId, messageId: k.messageId!, last: k.last! }))).go();
}
