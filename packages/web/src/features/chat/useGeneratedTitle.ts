import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ListType } from "@quorum/core/conversation/schema";
import { needsGeneratedTitle, usableGeneratedTitle, type ChatMessage } from "./model";
import { conversationsKey, conversationsQuery, generateTitle, renameConversation } from "./queries";

/**
 * The sidebar's list kept in step with the chat, and generated titles: once per
 * conversation, a generic title with a user message in it is replaced by a model's.
 */
export function useGeneratedTitle(listType: ListType, uid: string) {
  const queryClient = useQueryClient();
  /** Conversations that already had their one title generation. */
  const titled = React.useRef(new Set<string>());

  const refreshList = React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: conversationsKey(listType, uid) }),
    [queryClient, listType, uid],
  );

  const knownTitle = React.useCallback(
    (id: string): string | undefined =>
      queryClient.getQueryData(conversationsQuery(listType, uid).queryKey)?.find((c) => c.id === id)?.title,
    [queryClient, listType, uid],
  );

  const maybeGenerateTitle = React.useCallback(
    async (id: string, title: string | undefined, list: ChatMessage[]) => {
      if (title === undefined || !needsGeneratedTitle(title) || titled.current.has(id)) return;
      const first = list.find((m) => m.type === "user" && m.content.trim());
      if (!first) return;
      titled.current.add(id);
      try {
        const generated = usableGeneratedTitle(await generateTitle(first.content, uid));
        if (!generated) return;
        await renameConversation(listType, id, generated);
        await refreshList();
      } catch (cause) {
        console.error("Title generation failed", cause);
      }
    },
    [uid, listType, refreshList],
  );

  return React.useMemo(() => ({ refreshList, knownTitle, maybeGenerateTitle }), [refreshList, knownTitle, maybeGenerateTitle]);
}
