import { Actor } from "../actor";
import { isConditionFailure } from "../db/optimistic";
import { NotFound } from "../error";
import { Conversation, type Message as StoredMessage } from "../conversation/index";
import { ChatLinkEntity } from "./entity";
import { ALL_PROJECTS_TITLE, type ChatMessage, type ChatPage, type Citation } from "./schema";

export type Scope = { kind: "project"; projectId: number; projectName: string } | { kind: "all" };

const scopeKey = (scope: Scope) => (scope.kind === "project" ? `project#${scope.projectId}` : "all");

function present(message: StoredMessage): ChatMessage {
  const out: ChatMessage = { id: message.id, type: message.type, content: message.content, timestamp: message.timestamp };
  if (Array.isArray(message.citations)) out.citations = message.citations as Citation[];
  if (typeof message.model === "string") out.model = message.model;
  if (message.state === "streaming" || message.state === "stopped" || message.state === "error") out.state = message.state;
  if (typeof message.error === "string") out.error = message.error;
  return out;
}

async function linked(scope: Scope): Promise<string | undefined> {
  const link = (await ChatLinkEntity.get({ userId: Actor.userId(), scope: scopeKey(scope) }).go()).data;
  return link?.conversationId;
}

/** Which page of a chat's messages to read: the latest when `before` is absent. */
export type HistoryPage = Pick<Conversation.PageInput, "limit" | "before">;

async function readConversation(id: string, page: HistoryPage = {}) {
  try {
    return await Conversation.get({ listType: "projects", id, ...page });
  } catch (error) {
    // The person deleted it from the conversation list: the chat starts afresh.
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

export namespace ChatHistory {
  /** A page of the scope's messages in order; none before the first question (nothing is created by reading). */
  export async function messages(scope: Scope, page: HistoryPage = {}): Promise<ChatPage> {
    let id = await linked(scope);
    if (!id && scope.kind === "all") id = (await Conversation.findByTitle("projects", ALL_PROJECTS_TITLE))?.id;
    const conversation = id ? await readConversation(id, page) : undefined;
    return {
      conversationId: conversation?.id ?? null,
      messages: (conversation?.messages ?? []).map(present),
      hasMore: conversation?.hasMore ?? false,
      older: conversation?.older ?? null,
    };
  }

  /** The scope's conversation id, created (and linked) on first use. */
  export async function ensure(scope: Scope): Promise<{ id: string; messages: ChatMessage[] }> {
    const userId = Actor.userId();
    const key = scopeKey(scope);
    const existingId = await linked(scope);
    if (existingId) {
      const conversation = await readConversation(existingId);
      if (conversation) {
        // Refused before a model is asked: the question and its answer would not fit.
        Conversation.assertRoom(conversation, 2);
        return { id: conversation.id, messages: conversation.messages.map(present) };
      }
    }
    // The all-projects chat adopts a conversation the client made under the spec's title.
    const adopted = !existingId && scope.kind === "all" ? await Conversation.findByTitle("projects", ALL_PROJECTS_TITLE) : undefined;
    const id =
      adopted?.id ??
      (
        await Conversation.create({
          listType: "projects",
          title: scope.kind === "all" ? ALL_PROJECTS_TITLE : `Project: ${scope.projectName}`.slice(0, 200),
        })
      ).id;
    if (existingId) {
      // The linked conversation was deleted: point the link at the new one.
      await ChatLinkEntity.patch({ userId, scope: key }).set({ conversationId: id }).go();
    } else {
      try {
        await ChatLinkEntity.create({ userId, scope: key, conversationId: id }).go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A concurrent first question linked its conversation first: use that one, drop ours.
        const winner = (await linked(scope))!;
        if (!adopted && winner !== id) await Conversation.remove({ listType: "projects", id });
        const conversation = await readConversation(winner);
        return { id: winner, messages: (conversation?.messages ?? []).map(present) };
      }
    }
    const conversation = adopted ? await readConversation(id) : undefined;
    return { id, messages: (conversation?.messages ?? []).map(present) };
  }

  /** Adds a question and its answer at the end of the conversation. */
  export async function append(conversationId: string, messages: (Omit<ChatMessage, "id"> & { id?: string })[]) {
    await Conversation.appendMessages({
      listType: "projects",
      id: conversationId,
      messages: messages.map((m) => ({ ...m, timestamp: m.timestamp ?? undefined })),
    });
  }
}
