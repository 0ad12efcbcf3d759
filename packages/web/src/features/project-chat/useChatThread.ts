import * as React from "react";
import { limitReachedMessage } from "@/features/billing";
import { toast } from "@/hooks/use-toast";
import { mergeThread, newMessageId, NOT_AUTHENTICATED, replyMessage, SEND_FAILED, type ChatMessage, type ChatReply } from "./model";

/**
 * The spec's chat flow (doc 2 §4): sending adds the user's message at once,
 * waits for the reply, then appends it; a failure clears the waiting state and
 * shows the spec's toast. Blank text or a send while waiting is ignored.
 */
export function useChatThread({
  history,
  uid,
  send,
  onReplied,
}: {
  /** The stored history's loaded pages; this visit's messages follow them. */
  history: ChatMessage[] | undefined;
  uid: string | undefined;
  send: (message: string) => Promise<ChatReply>;
  onReplied?: () => void;
}) {
  /** This visit's messages, kept apart from the history so older pages can join it above them. */
  const [sent, setSent] = React.useState<ChatMessage[]>([]);
  const [pending, setPending] = React.useState(false);
  /** The daily question limit's message, shown with the upgrade offer until the plan changes. */
  const [limit, setLimit] = React.useState<string | null>(null);
  const messages = React.useMemo(() => mergeThread(history ?? [], sent), [history, sent]);

  const submit = React.useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || pending) return false;
      const question: ChatMessage = { id: newMessageId(), type: "user", content: message, timestamp: new Date().toISOString() };
      setSent((current) => [...current, question]);
      setPending(true);
      try {
        if (!uid) throw new Error(NOT_AUTHENTICATED);
        const reply = await send(message);
        // The stored ids let a later read of the history show this exchange once, not twice.
        const [asked, answered] = reply?.messages ?? [];
        const answer = replyMessage(reply);
        setSent((current) => [
          ...current.map((m) => (m === question && asked ? { ...m, id: asked.id } : m)),
          answered ? { ...answer, id: answered.id } : answer,
        ]);
        onReplied?.();
      } catch (error) {
        console.error("Project chat failed", error);
        setLimit(limitReachedMessage(error));
        toast({ ...SEND_FAILED, variant: "destructive" });
      } finally {
        setPending(false);
      }
      return true;
    },
    [pending, uid, send, onReplied],
  );

  return { messages, pending, submit, limit, clearLimit: () => setLimit(null) };
}
