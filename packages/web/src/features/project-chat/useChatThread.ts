import * as React from "react";
import { STREAM_EVENTS } from "@quorum/core/chat/stored";
import { STREAM_ABANDONED_SECONDS } from "@quorum/core/chat/limits";
import type { LimitRefusal } from "@quorum/core/billing/schema";
import { limitRefusal } from "@/features/billing";
import { followAnswer } from "@/features/chat/follow-answer";
import { stopAnswer } from "@/features/chat/queries";
import { toast } from "@/hooks/use-toast";
import { i18next } from "@/i18n";
import { ChatStreamStart, type ChatMessage } from "@quorum/core/project-chat/schema";
import { applyThreadEvent, mergeThread, newMessageId, NOT_AUTHENTICATED } from "./model";
import type { OnStreamEvent } from "./queries";

/** The project chat's catalog, in the language on screen when a text is shown. */
const projectText = i18next.getFixedT(null, "projectChat");

const beingWritten = (m: ChatMessage | undefined) =>
  m?.type === "ai" && m.state === "streaming" && Date.now() - new Date(m.timestamp ?? 0).getTime() < STREAM_ABANDONED_SECONDS * 1000;

/**
 * The chat flow: sending adds the user's message at once, then
 * the answer is written in place as it streams; a failure clears the waiting
 * state and shows the spec's toast. Blank text or a send while waiting is
 * ignored. The server stores the exchange: an answer still being written when the
 * page opens is followed live until it is done.
 */
export function useChatThread({
  history,
  conversationId,
  uid,
  send,
  onReplied,
}: {
  /** The stored history's loaded pages; this visit's messages follow them. */
  history: ChatMessage[] | undefined;
  /** The conversation holding the history (null before the first question). */
  conversationId: string | null | undefined;
  uid: string | undefined;
  send: (message: string, onEvent: OnStreamEvent) => Promise<void>;
  /** Reads the stored history again. */
  onReplied?: () => void;
}) {
  /** This visit's messages, kept apart from the history so older pages can join it above them. */
  const [sent, setSent] = React.useState<ChatMessage[]>([]);
  const [pending, setPending] = React.useState(false);
  /** The answer being written that Stop applies to. */
  const [writing, setWriting] = React.useState<{ conversationId: string; answerId: string } | null>(null);
  /** The daily question limit's message, shown with the upgrade offer until the plan changes. */
  const [limit, setLimit] = React.useState<LimitRefusal | null>(null);
  const messages = React.useMemo(() => mergeThread(history ?? [], sent), [history, sent]);

  const submit = React.useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || pending) return false;
      const question: ChatMessage = { id: newMessageId(), type: "user", content: message, timestamp: new Date().toISOString() };
      setSent((current) => [...current, question]);
      setPending(true);
      let answerId: string | null = null;
      try {
        if (!uid) throw new Error(NOT_AUTHENTICATED);
        await send(message, (event, data) => {
          if (event === STREAM_EVENTS.start) {
            const start = ChatStreamStart.parse(data);
            // The stored ids let a later read of the history show this exchange once, not twice.
            answerId = start.answer.id;
            setWriting({ conversationId: start.conversationId, answerId });
            setSent((current) => [...current.map((m) => (m === question ? { ...m, id: start.question.id } : m)), start.answer]);
            return;
          }
          setSent((current) => current.map((m) => (m.id === answerId ? applyThreadEvent(m, event, data, projectText("noResponse")) : m)));
        });
        if (!answerId) throw new Error("The answer did not start");
        onReplied?.();
      } catch (error) {
        console.error("Project chat failed", error);
        setLimit(limitRefusal(error));
        toast({ title: projectText("sendFailed.title"), description: projectText("sendFailed.description"), variant: "destructive" });
      } finally {
        setPending(false);
        setWriting(null);
      }
      return true;
    },
    [pending, uid, send, onReplied],
  );

  // An answer the server is still writing (the page was opened, or reloaded, mid-answer) is followed
  // live from the server's record of its events; once it is over the history is read again.
  const stored = messages.at(-1);
  const following = !pending && beingWritten(stored);
  const followedId = following ? stored!.id : null;
  const [followed, setFollowed] = React.useState<ChatMessage | null>(null);
  React.useEffect(() => {
    if (!followedId || !conversationId) return;
    let cancelled = false;
    let current: ChatMessage = { id: followedId, type: "ai", content: "", state: "streaming", timestamp: new Date().toISOString() };
    void followAnswer(
      { listType: "projects", conversationId, messageId: followedId },
      0,
      (event, data) => {
        current = applyThreadEvent(current, event, data, projectText("noResponse"));
        setFollowed(current);
      },
      () => cancelled,
    ).finally(() => {
      if (!cancelled) onReplied?.();
    });
    return () => {
      cancelled = true;
    };
  }, [followedId, conversationId, onReplied]);
  // Shown until the history has the answer as it ended.
  const shown = React.useMemo(
    () =>
      messages.map((m) =>
        followed && m.id === followed.id && m.state === "streaming" ? { ...m, ...followed, timestamp: m.timestamp } : m,
      ),
    [messages, followed],
  );

  const stop = React.useCallback(async () => {
    if (!writing) return;
    try {
      await stopAnswer("projects", writing.conversationId, writing.answerId);
    } catch (error) {
      console.error("Stopping the answer failed", error);
    }
  }, [writing]);

  /** Forgets this visit's messages: the conversation was cleared. */
  const reset = React.useCallback(() => setSent([]), []);

  return {
    messages: shown,
    reset,
    pending: pending || following,
    stoppable: !!writing,
    stop,
    submit,
    limit,
    clearLimit: () => setLimit(null),
  };
}
