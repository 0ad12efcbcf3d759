import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { ChatMessage, ChatReply } from "./model";

export const projectConversationKey = (projectId: number) => ["/api/projects", projectId, "conversation"] as const;
export const projectsConversationsKey = (uid: string) => ["/api/projects-conversations", uid] as const;

/** The project's chat history (GET /api/projects/{id}/conversation). */
export function useProjectConversation(projectId: number) {
  return useQuery({
    queryKey: projectConversationKey(projectId),
    queryFn: async () => (await apiJson<{ messages: ChatMessage[] }>("GET", `/api/projects/${projectId}/conversation`)).messages,
  });
}

export const sendProjectMessage = (projectId: number, uid: string, message: string) =>
  apiJson<ChatReply>("POST", `/api/projects/${projectId}/chat`, { message, projectId, userId: uid });

export const sendAllProjectsMessage = (uid: string, message: string) =>
  apiJson<ChatReply>("POST", "/api/projects-chat", { message, userId: uid });

interface ConversationSummary {
  id: string;
  title: string;
}

/**
 * The all-projects history: the projects conversation titled 'All Projects Chat'
 * from GET /api/projects-conversations, then its messages.
 */
export function useAllProjectsConversation(uid: string) {
  const list = useQuery({
    queryKey: projectsConversationsKey(uid),
    queryFn: async () =>
      (await apiJson<{ conversations: ConversationSummary[] }>("GET", `/api/projects-conversations?userId=${encodeURIComponent(uid)}`))
        .conversations,
  });
  const id = list.data?.find((c) => c.title === "All Projects Chat")?.id;
  const conversation = useQuery({
    queryKey: ["/api/projects-conversations", uid, "detail", id ?? ""],
    queryFn: async () =>
      (
        await apiJson<{ messages: ChatMessage[] }>(
          "GET",
          `/api/projects-conversations/${encodeURIComponent(id!)}?userId=${encodeURIComponent(uid)}`,
        )
      ).messages,
    enabled: !!id,
  });
  return {
    isPending: list.isPending || (!!id && conversation.isPending),
    isError: list.isError || conversation.isError,
    messages: id ? conversation.data : list.data ? [] : undefined,
  };
}
