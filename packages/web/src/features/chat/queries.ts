import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { AiStatusReply } from "@quorum/core/ai/schema";
import { MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import type { AttachmentUploadTicket, ChatInput, EditInput, RegenerateInput, TitleReply } from "@quorum/core/chat/schema";
import {
  ConversationList,
  type ConversationCreateInput,
  type ConversationPage,
  type ConversationSummary,
  type ListType,
} from "@quorum/core/conversation/schema";
import { presignedPost } from "@/features/documents/presigned-post";
import { apiAllPages, apiJson } from "@/lib/api";
import { apiStream, type StreamEventHandler } from "@/lib/stream";
import { NEW_CONVERSATION, STATUS_POLL_MS } from "./model";

/** The chat's calls. Both sidebars speak the same API under their own path. */

const BASE: Record<ListType, string> = {
  general: "/api/conversations",
  projects: "/api/projects-conversations",
};

export const conversationsKey = (listType: ListType, uid: string) => [BASE[listType], "list", uid] as const;
export const aiStatusKey = ["/api/ai-status"] as const;

const q = (uid: string) => `userId=${encodeURIComponent(uid)}`;

/** The sidebar's list, newest first. Retried once; a failure reads as an empty list where it is shown. */
export const conversationsQuery = (listType: ListType, uid: string) =>
  queryOptions({
    queryKey: conversationsKey(listType, uid),
    queryFn: () => apiAllPages(`${BASE[listType]}?${q(uid)}`, ConversationList, "conversations"),
    retry: 1,
  });

export function useConversations(listType: ListType, uid: string | undefined) {
  return useQuery({ ...conversationsQuery(listType, uid ?? ""), enabled: !!uid });
}

/** The query of one page of messages: the latest, or those before `before` (the project chat asks the same). */
export const pageQuery = (before?: number | null) =>
  `limit=${MESSAGE_PAGE_SIZE}${before === undefined || before === null ? "" : `&before=${before}`}`;

/** One page of a conversation: the latest messages, or those before `before`. */
export function fetchConversation(listType: ListType, id: string, uid: string, before?: number | null) {
  return apiJson<ConversationPage>("GET", `${BASE[listType]}/${encodeURIComponent(id)}?${q(uid)}&${pageQuery(before)}`);
}

export function createConversation(listType: ListType, uid: string, conversation: ConversationCreateInput) {
  return apiJson<ConversationSummary>("POST", BASE[listType], { ...conversation, userId: uid });
}

export function renameConversation(listType: ListType, id: string, title: string) {
  return apiJson<ConversationSummary>("PUT", `${BASE[listType]}/${encodeURIComponent(id)}`, { title });
}

export function deleteConversation(listType: ListType, id: string, uid: string) {
  return apiJson<unknown>("DELETE", `${BASE[listType]}/${encodeURIComponent(id)}?${q(uid)}`);
}

/** An attachment too large for the chat request goes to S3 first; the chat gets its key. */
export async function uploadAttachment(file: File): Promise<string> {
  const ticket = await apiJson<z.infer<typeof AttachmentUploadTicket>>("POST", "/api/chat/attachments/upload-url", {
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  });
  await presignedPost(ticket.upload, file, () => {});
  return ticket.key;
}

/** POST /api/chat as a stream: the answer's events as it is written (the server stores it). */
export function streamChat(request: ChatInput, onEvent: StreamEventHandler) {
  return apiStream("/api/chat", request, onEvent);
}

/** The question `messageId` asked again in new words: the earlier one stays as another version. */
export function streamEdit(conversationId: string, messageId: string, request: EditInput, onEvent: StreamEventHandler) {
  return apiStream(`${messagePath(conversationId, messageId)}/edit`, request, onEvent);
}

/** The answer `messageId` written again (by `request.model`): the earlier one stays as another version. */
export function streamRegenerate(conversationId: string, messageId: string, request: RegenerateInput, onEvent: StreamEventHandler) {
  return apiStream(`${messagePath(conversationId, messageId)}/regenerate`, request, onEvent);
}

/** Shows the branch holding the version `messageId`; answers the conversation's page as now shown. */
export function selectBranch(conversationId: string, messageId: string) {
  return apiJson<ConversationPage>("PUT", `${BASE.general}/${encodeURIComponent(conversationId)}/branch`, { messageId });
}

const messagePath = (conversationId: string, messageId: string) =>
  `${BASE.general}/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}`;

/** An answer being written, from after event `after` (from its start with 0), followed to its end. */
export function resumeAnswer(listType: ListType, conversationId: string, messageId: string, after: number, onEvent: StreamEventHandler) {
  const path = `${BASE[listType]}/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/stream`;
  return apiStream(path, undefined, onEvent, after > 0 ? { headers: { "Last-Event-ID": String(after) } } : {});
}

/** Stop: the server writing `messageId` cancels the models' requests and keeps what was written. */
export function stopAnswer(listType: ListType, conversationId: string, messageId: string) {
  return apiJson<unknown>("POST", `${BASE[listType]}/${encodeURIComponent(conversationId)}/stop`, { messageId });
}

export async function generateTitle(message: string, uid: string): Promise<unknown> {
  const body = await apiJson<Partial<z.infer<typeof TitleReply>> | null>("POST", "/api/chat/generate-title", { message, userId: uid });
  return body?.title;
}

/** Invalidating the list after any change keeps every sidebar in step. */
export function useRefreshConversations(listType: ListType, uid: string | undefined) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: conversationsKey(listType, uid ?? "") });
}

/** The sidebar's new-conversation button: empty messages, title 'New Conversation'. */
export function useCreateEmptyConversation(listType: ListType, uid: string) {
  const refresh = useRefreshConversations(listType, uid);
  return useMutation({
    mutationFn: () => createConversation(listType, uid, { title: NEW_CONVERSATION, messages: [] }),
    onSuccess: () => refresh(),
  });
}

export function useRenameConversation(listType: ListType, uid: string) {
  const refresh = useRefreshConversations(listType, uid);
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(listType, id, title),
    onSettled: () => refresh(),
  });
}

export function useDeleteConversation(listType: ListType, uid: string) {
  const refresh = useRefreshConversations(listType, uid);
  return useMutation({
    mutationFn: (id: string) => deleteConversation(listType, id, uid),
    onSettled: () => refresh(),
  });
}

/** GET /api/ai-status, polled every 60 s (the one query that polls). */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: aiStatusKey,
    queryFn: async () => AiStatusReply.parse(await apiJson("GET", "/api/ai-status")),
    refetchInterval: STATUS_POLL_MS,
  });

export const useAiStatus = () => useQuery(aiStatusQuery());
