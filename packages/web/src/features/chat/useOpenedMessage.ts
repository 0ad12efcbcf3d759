import * as React from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { openedFrom } from "@/lib/opened-address";
import type { ChatSession } from "./useChatSession";

/** The element id of a message in the thread: where a search result scrolls to. */
export const messageAnchor = (id: string) => `message-${id}`;

/**
 * Opens the conversation the address names (`/chat?conversation=…&message=…`, as a
 * search result links) and brings the message into view, loading older pages until it
 * is there (in a branched conversation, on the branch that holds it). The address is then cleared, so choosing another conversation is not undone
 * by a reload. Answers the id of the message shown, to mark it.
 */
export function useOpenedMessage(session: ChatSession): string | null {
  const { conversation, message } = openedFrom(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [target, setTarget] = React.useState<string | null>(null);
  const [shown, setShown] = React.useState<string | null>(null);
  // A branched conversation shows one version at a time: the target's branch is asked for once.
  const askedBranch = React.useRef<string | null>(null);
  const { activeId, select } = session;

  React.useEffect(() => {
    if (!conversation) return;
    setShown(null);
    setTarget(message ?? null);
    if (conversation !== activeId) void select(conversation);
    void navigate({ to: "/chat", search: {}, replace: true });
    // Only a new address opens: the session's own changes (activeId) must not open it again.
  }, [conversation, message]);

  const { messages, loadingConversation, loadingOlder, hasOlder, loadOlder, showVersion } = session;
  React.useEffect(() => {
    if (!target || loadingConversation || loadingOlder) return;
    if (messages.some((m) => m.id === target)) {
      document.getElementById(messageAnchor(target))?.scrollIntoView({ block: "center" });
      setShown(target);
      setTarget(null);
    } else if (hasOlder) void loadOlder();
    else if (messages.some((m) => m.branch) && askedBranch.current !== target) {
      askedBranch.current = target;
      void showVersion(target).then((found) => found || setTarget(null));
    }
    // A message deleted since the search was made: the conversation is open, that is all.
    else if (messages.length > 0) setTarget(null);
  }, [target, messages, loadingConversation, loadingOlder, hasOlder, loadOlder, showVersion]);

  return shown;
}
