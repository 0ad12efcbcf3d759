import { randomBytes } from "node:crypto";
import { Actor } from "../actor";
import { isConditionFailure } from "../db/optimistic";
import { NotFound } from "../error";
import { ConversationEntity, ShareEntity } from "./entity";
import { Conversation, type ListType } from "./index";
import type { SharedConversation } from "./schema";

/** Where the web app shows a shared conversation. */
export const sharedPath = (token: string) => `/shared/${token}`;

/** What a reader of a shared conversation sees of a message: never its owner's ids or session. */
const PRIVATE_FIELDS = new Set(["userId", "sessionId", "requested"]);

export namespace ConversationShare {
  /**
   * Shares the caller's conversation read-only: a new unguessable token, or the
   * one it already has (sharing twice gives the same link).
   */
  export async function create(listType: ListType, id: string, siteUrl: string) {
    const conversation = await Conversation.record(listType, id);
    if (conversation.shareToken) return { token: conversation.shareToken, url: `${siteUrl}${sharedPath(conversation.shareToken)}` };
    const token = randomBytes(32).toString("base64url");
    await ShareEntity.create({ token, userId: conversation.userId, conversationId: conversation.conversationId, listType }).go();
    try {
      await ConversationEntity.patch({ userId: conversation.userId, conversationId: conversation.conversationId })
        .set({ shareToken: token })
        .where((a, o) => o.notExists(a.shareToken))
        .go();
    } catch (error) {
      await ShareEntity.delete({ token }).go();
      // Shared at the same moment from elsewhere: that link is the one.
      if (isConditionFailure(error)) return create(listType, id, siteUrl);
      throw error;
    }
    return { token, url: `${siteUrl}${sharedPath(token)}` };
  }

  /** Stops sharing: the link answers 404 from now on. Revoking a conversation that is not shared changes nothing. */
  export async function revoke(listType: ListType, id: string) {
    const conversation = await Conversation.record(listType, id);
    if (conversation.shareToken) {
      await ShareEntity.delete({ token: conversation.shareToken }).go();
      await ConversationEntity.patch({ userId: conversation.userId, conversationId: conversation.conversationId })
        .remove(["shareToken"])
        .go();
    }
    return { id: conversation.conversationId, shared: false as const };
  }

  /**
   * A shared conversation's latest page (or the page before `before`), for anyone
   * with the link. An unknown or revoked token is "not found", as is a link whose
   * conversation no longer names it.
   */
  export async function read(token: string, before?: number): Promise<SharedConversation> {
    const share = (await ShareEntity.get({ token }).go()).data;
    if (!share) throw new NotFound("Shared conversation");
    // Read as its owner would, read-only: the owner's conversation, nobody else's.
    return Actor.provide({ userId: share.userId }, async () => {
      const record = await Conversation.record(share.listType, share.conversationId).catch(() => null);
      if (!record || record.shareToken !== token) throw new NotFound("Shared conversation");
      const page = await Conversation.get({ listType: share.listType, id: share.conversationId, before });
      return {
        title: page.title,
        createdAt: page.createdAt,
        messages: page.messages.map((m) => Object.fromEntries(Object.entries(m).filter(([key]) => !PRIVATE_FIELDS.has(key))) as typeof m),
        hasMore: page.hasMore,
        older: page.older,
      };
    });
  }
}
