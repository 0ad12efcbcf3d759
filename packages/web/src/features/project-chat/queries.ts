import * as React from "react";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ALL_PROJECTS_TITLE, ChatPage, type ChatMessage } from "@quorum/core/project-chat/schema";
import { conversationsKey, deleteConversation, fetchConversation, pageQuery, useConversations, type OlderPages } from "@/features/chat";
import { apiJson } from "@/lib/api";
import { apiStream } from "@/lib/stream";

export const projectConversationKey = (projectId: number) => ["/api/projects", projectId, "conversation"] as const;
/** The projects list and every conversation read from it: refreshing this refreshes them all. */
export const projectsConversationsKey = (uid: string) => conversationsKey("projects", uid);

/** A page of a chat's history as the screens read it (a projects-list conversation has no `conversationId` of its own). */
type HistoryPage = Pick<ChatPage, "messages"> & Partial<ChatPage>;

export interface PagedHistory {
  /** The loaded pages in order, oldest first (undefined until the latest page is in). */
  messages: ChatMessage[] | undefined;
  /** The conversation that holds them, once known (null: none yet). */
  conversationId: string | null | undefined;
  isPending: boolean;
  isError: boolean;
  older: OlderPages;
}

/**
 * A chat's history from its latest page back: the latest page loads first, each
 * page before it when the reader asks (scrolling up); pages[0] is the latest.
 */
function pagedHistoryQuery(queryKey: readonly unknown[], fetchPage: (before: number | null) => Promise<HistoryPage>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.hasMore && typeof page.older === "number" ? page.older : undefined),
  });
}

/** The project's chat history (GET /api/projects/{id}/conversation), a page at a time. */
export const projectConversationQuery = (projectId: number) =>
  pagedHistoryQuery(projectConversationKey(projectId), async (before) =>
    ChatPage.parse(await apiJson("GET", `/api/projects/${projectId}/conversation?${pageQuery(before)}`)),
  );

/** A conversation of the projects list, a page at a time (nothing is read without an id). */
export const projectsConversationQuery = (uid: string, id: string | undefined) =>
  pagedHistoryQuery([...projectsConversationsKey(uid), "pages", id ?? ""], async (before) => {
    const page = await fetchConversation("projects", id!, uid, before);
    // The projects list holds what the project chat's server wrote: these messages are ChatMessages.
    return { ...page, conversationId: id, messages: page.messages as unknown as ChatMessage[] };
  });

function usePagedHistory(options: ReturnType<typeof pagedHistoryQuery>, enabled = true) {
  const query = useInfiniteQuery({ ...options, enabled });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = React.useMemo(() => data?.pages.toReversed().flatMap((p) => p.messages), [data]);
  return {
    messages,
    conversationId: data?.pages[0]?.conversationId,
    isPending: query.isPending,
    isError: query.isError,
    older: { hasOlder: hasNextPage, loadingOlder: isFetchingNextPage, loadOlder: fetchNextPage },
  };
}

/** The project's chat history, a page at a time. */
export function useProjectConversation(projectId: number): PagedHistory {
  return usePagedHistory(projectConversationQuery(projectId));
}

/** The project chat's conversation id as the server knows it now (null before the first question). */
export async function projectConversationId(projectId: number): Promise<string | null> {
  return ChatPage.parse(await apiJson("GET", `/api/projects/${projectId}/conversation?limit=1`)).conversationId;
}

/** Handed each event of a streamed answer as it arrives. */
export type OnStreamEvent = (event: string, data: unknown) => void;

export const sendProjectMessage = (projectId: number, uid: string, message: string, onEvent: OnStreamEvent) =>
  apiStream(`/api/projects/${projectId}/chat`, { message, projectId, userId: uid }, onEvent);

export const sendAllProjectsMessage = (uid: string, message: string, onEvent: OnStreamEvent) =>
  apiStream("/api/projects-chat", { message, userId: uid }, onEvent);

/** A conversation of the projects list, a page at a time (nothing is read without an id). */
export function useProjectsConversation(uid: string, id: string | undefined): PagedHistory {
  return usePagedHistory(projectsConversationQuery(uid, id), !!id);
}

/**
 * The all-projects history: the projects conversation titled 'All Projects Chat'
 * from GET /api/projects-conversations, then its messages a page at a time.
 */
export function useAllProjectsConversation(uid: string): PagedHistory {
  const list = useConversations("projects", uid);
  const id = list.data?.find((c) => c.title === ALL_PROJECTS_TITLE)?.id;
  const conversation = useProjectsConversation(uid, id);
  return {
    ...conversation,
    conversationId: list.data ? (id ?? null) : undefined,
    isPending: list.isPending || (!!id && conversation.isPending),
    isError: list.isError || conversation.isError,
    messages: id ? conversation.messages : list.data ? [] : undefined,
  };
}

/**
 * Clears a project chat or the all-projects chat: its conversation is deleted,
 * and the next question starts a new one.
 */
export function useClearChat(uid: string, historyKey: readonly unknown[], conversationId: () => Promise<string | null | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const id = await conversationId();
      if (id) await deleteConversation("projects", id, uid);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsConversationsKey(uid) }),
        queryClient.invalidateQueries({ queryKey: historyKey }),
      ]);
    },
  });
}
