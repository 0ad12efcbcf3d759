import * as React from "react";
import type { ListType } from "@quorum/core/conversation/schema";
import { loadedMessages, type ChatMessage } from "./model";
import { fetchConversation } from "./queries";

/** Where the loaded pages of a conversation start: older messages are fetched from there on scroll up. */
export function useOlderPages({
  listType,
  uid,
  epoch,
  activeId,
  setMessages,
}: {
  listType: ListType;
  uid: string;
  epoch: React.RefObject<number>;
  /** The open conversation, read when the reader scrolls. */
  activeId: () => string | null;
  setMessages: React.Dispatch<React.SetStateAction<ChatMessage[]>>;
}) {
  const [older, setOlder] = React.useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = React.useState(false);
  const olderRef = React.useRef(older);
  olderRef.current = older;
  const loadingOlderRef = React.useRef(false);

  /** Another chat is open: nothing older is known yet. */
  const forget = React.useCallback(() => {
    setOlder(null);
    setLoadingOlder(false);
  }, []);

  /** Scrolling up past the first loaded message fetches the page before it. */
  const loadOlder = React.useCallback(async () => {
    const id = activeId();
    const before = olderRef.current;
    if (id === null || before === null || loadingOlderRef.current) return;
    const myEpoch = epoch.current;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    try {
      const page = await fetchConversation(listType, id, uid, before);
      if (epoch.current !== myEpoch) return;
      const list = loadedMessages(page?.messages);
      setMessages((current) => {
        const shown = new Set(current.map((m) => m.id));
        return [...list.filter((m) => !shown.has(m.id)), ...current];
      });
      setOlder(page?.hasMore ? (page.older ?? null) : null);
    } catch (cause) {
      console.error("Loading older messages failed", cause);
    } finally {
      loadingOlderRef.current = false;
      if (epoch.current === myEpoch) setLoadingOlder(false);
    }
  }, [listType, uid, epoch, activeId, setMessages]);

  return React.useMemo(
    () => ({ hasOlder: older !== null, loadingOlder, loadOlder, setOlder, forget }),
    [older, loadingOlder, loadOlder, forget],
  );
}
