import * as React from "react";
import { limitReachedMessage } from "@/features/billing";
import { toast } from "@/hooks/use-toast";
import { newMessageId, NOT_AUTHENTICATED, replyMessage, SEND_FAILED, type ChatMessage, type ChatReply } from "./model";

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
  /** The stored history; it seeds the thread once it has loaded. */
  history: ChatMessage[] | undefined;
  uid: string | undefined;
  send: (message: string) => Promise<ChatReply>;
  onReplied?: () => void;
}) {
  const [messages, setMessages] = React.useState<ChatMessage[]>([]);
  const [pending, setPending] = React.useState(false);
  /** The daily question limit's message, shown with the upgrade offer until the plan changes. */
  const [limit, setLimit] = React.useState<string | null>(null);
  const seeded = React.useRef(false);

  React.useEffect(() => {
    if (seeded.current || !history) return;
    seeded.current = true;
    setMessages((current) => [...history, ...current]);
  }, [history]);

  const submit = React.useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || pending) return false;
      setMessages((current) => [...current, { id: newMessageId(), type: "user", content: message, timestamp: new Date().toISOString() }]);
      setPending(true);
      try {
        if (!uid) throw new Error(NOT_AUTHENTICATED);
        const reply = await send(message);
        setMessages((current) => [...current, replyMessage(reply)]);
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
