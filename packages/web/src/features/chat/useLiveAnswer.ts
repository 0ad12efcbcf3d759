import * as React from "react";
import type { ListType } from "@quorum/core/conversation/schema";
import { followAnswer } from "./follow-answer";
import { applyStreamEvent, loadedMessages, type ChatMessage } from "./model";
import { fetchConversation, stopAnswer } from "./queries";

/** idle -> reading files -> awaiting the answer -> idle. */
export type Phase = "idle" | "reading" | "awaiting";

/**
 * The answer this tab watches as the server writes it: which one (for Stop),
 * whether Stop is offered, and following it live from the server's record of
 * its events when no stream carries it (after a reload, or a connection that dropped).
 */
export function useLiveAnswer({
  listType,
  uid,
  epoch,
  setMessages,
  setPhase,
}: {
  listType: ListType;
  uid: string;
  /** Bumped whenever the chat is switched or reset: a late answer must not land in another chat. */
  epoch: React.RefObject<number>;
  setMessages: React.Dispatch<React.SetStateAction<ChatMessage[]>>;
  setPhase: (phase: Phase) => void;
}) {
  const streaming = React.useRef<{ conversationId: string; answerId: string } | null>(null);
  const [stoppable, setStoppable] = React.useState(false);
  const following = React.useRef(false);

  const watch = React.useCallback((conversationId: string, answerId: string) => {
    streaming.current = { conversationId, answerId };
    setStoppable(true);
  }, []);

  /** The answer is over (or the chat moved on): Stop goes and the composer is free again. */
  const settle = React.useCallback(() => {
    streaming.current = null;
    setStoppable(false);
    setPhase("idle");
  }, [setPhase]);

  /**
   * Follows the answer from the server's record of its events: after event `after`
   * (0: from its start, as after a reload), live until its last event. A dropped
   * connection is taken up again from the last event that came; when the record
   * cannot be read, the conversation is read once instead. Stop works meanwhile.
   */
  const follow = React.useCallback(
    async (conversationId: string, answerId: string, myEpoch: number, after = 0) => {
      following.current = true;
      watch(conversationId, answerId);
      setPhase("awaiting");
      const gone = () => epoch.current !== myEpoch;
      try {
        const finished = await followAnswer(
          { listType, conversationId, messageId: answerId },
          after,
          (event, data) => setMessages((list) => list.map((m) => (m.id === answerId ? applyStreamEvent(m, event, data) : m))),
          gone,
        );
        if (finished || gone()) return;
        const page = await fetchConversation(listType, conversationId, uid);
        const answer = loadedMessages(page?.messages).find((m) => m.id === answerId);
        if (epoch.current === myEpoch && answer) setMessages((list) => list.map((m) => (m.id === answerId ? answer : m)));
      } catch (cause) {
        console.error("Following the answer failed", cause);
      } finally {
        following.current = false;
        if (epoch.current === myEpoch) settle();
      }
    },
    [listType, uid, epoch, setMessages, setPhase, watch, settle],
  );

  /** Stop: the server cancels the models' requests; the stream then ends with the answer as far as it got. */
  const stop = React.useCallback(async () => {
    const current = streaming.current;
    if (!current) return;
    try {
      await stopAnswer(listType, current.conversationId, current.answerId);
    } catch (cause) {
      console.error("Stopping the answer failed", cause);
    }
  }, [listType]);

  return React.useMemo(
    () => ({ stoppable, watch, settle, follow, stop, isFollowing: () => following.current }),
    [stoppable, watch, settle, follow, stop],
  );
}
