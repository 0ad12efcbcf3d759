import * as React from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { fetchConversation, pageQuery, type OlderPages } from "@/features/chat";
import { apiJson, apiStream } from "@/lib/api";
import type { ChatMessage } from "./model";

export const projectConversationKey = (projectId: number) => ["/api/projects", projectId, "conversation"] as const;
export const projectsConversationsKey = (uid: string) => ["/api/projects-conversations", uid] as const;

/** A page of a chat's history, oldest message first, and the `before` of the page before it. */
interface HistoryPage {
  messages: ChatMessage[];
  hasMore?: boolean;
  older?: number | null;
}

export interface PagedHistory {
  /** The loaded pages in order, oldest first (undefined until the latest page is in). */
  messages: ChatMessage[] | undefined;
  isPending: boolean;
  isError: boolean;
  older: OlderPages;
}

/**
 * A chat's history from its latest page back: the latest page loads first, each
 * page before it when the reader asks (scrolling up); pages[0] is the latest.
 */
function usePagedHistory(queryKey: readonly unknown[], fetchPage: (before: number | null) => Promise<HistoryPage>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.hasMore && typeof page.older === "number" ? page.older : undefined),
    enabled,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = React.useMemo(() => data?.pages.toReversed().flatMap((p) => p.messages), [data]);
  return {
    messages,
    isPending: query.isPending,
    isError: query.isError,
    older: { hasOlder: hasNextPage, loadingOlder: isFetchingNextPage, loadOlder: fetchNextPage },
  };
}

/** The project's chat history (GET /api/projects/{id}/conversation), a page at a time. */
export function useProjectConversation(projectId: number): PagedHistory {
  const fetchPage = React.useCallback(
    (before: number | null) => apiJson<HistoryPage>("GET", `/api/projects/${projectId}/conversation?${pageQuery(before)}`),
    [projectId],
  );
  return usePagedHistory(projectConversationKey(projectId), fetchPage);
}

/** Handed each event of a streamed answer as it arrives. */
export type OnStreamEvent = (event: string, data: unknown) => void;

export const sendProjectMessage = (projectId: number, uid: string, message: string, onEvent: OnStreamEvent) =>
  apiStream(`/api/projects/${projectId}/chat`, { message, projectId, userId: uid }, onEvent);

export const sendAllProjectsMessage = (uid: string, message: string, onEvent: OnStreamEvent) =>
  apiStream("/api/projects-chat", { message, userId: uid }, onEvent);

interface ConversationSummary {
  id: string;
  title: string;
}

/**
 * The all-projects history: the projects conversation titled 'All Projects Chat'
 * from GET /api/projects-conversations, then its messages a page at a time.
 */
export function useAllProjectsConversation(uid: string): PagedHistory {
  const list = useQuery({
    queryKey: projectsConversationsKey(uid),
    queryFn: async () =>
      (await apiJson<{ conversations: ConversationSummary[] }>("GET", `/api/projects-conversations?userId=${encodeURIComponent(uid)}`))
        .conversations,
  });
  const id = list.data?.find((c) => c.title === "All Projects Chat")?.id;
  const fetchPage = React.useCallback(
    async (before: number | null) => {
      const page = await fetchConversation("projects", id!, uid, before);
      // The projects list holds what the project chat's server wrote: these messages are ChatMessages.
      return { ...page, messages: page.messages as unknown as ChatMessage[] };
    },
    [id, uid],
  );
  const conversation = usePagedHistory([...projectsConversationsKey(uid), "detail", id ?? ""], fetchPage, !!id);
  return {
    ...conversation,
    isPending: list.isPending || (!!id && conversation.isPending),
    isError: list.isError || conversation.isError,
    messages: id ? conversation.messages : list.data ? [] : undefined,
  };
}
