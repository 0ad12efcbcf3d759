import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { z } from "zod";
import { Actor } from "../actor";
import { defineEntity } from "../db/entity";
import { IN_APP_NOTIFICATION_TTL_SECONDS, MAX_IN_APP_NOTIFICATIONS } from "./limits";

export const IN_APP_KINDS = ["document-ready", "document-failed", "answer-ready"] as const;

/**
 * What the app shows as a toast when the user is on another page: a document that
 * finished or failed, an answer that is complete. Kept a day (the table's TTL);
 * the browser asks for those newer than the last it saw.
 */
export const InAppNotificationEntity = defineEntity({
  model: { entity: "inAppNotification", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    notificationId: { type: "string", required: true, readOnly: true },
    createdAt: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    kind: { type: IN_APP_KINDS, required: true },
    projectId: { type: "number" },
    documentId: { type: "number" },
    documentName: { type: "string" },
    conversationId: { type: "string" },
    /** "general" (the chat workspace) or "projects" (project chats). */
    listType: { type: "string" },
    title: { type: "string" },
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["createdAt", "notificationId"] },
    },
  },
});
export type InAppNotificationItem = EntityItem<typeof InAppNotificationEntity>;

export type InAppNotification = Omit<InAppNotificationItem, "userId" | "expiresAt">;

const OVERLAP_MS = 5000;

export namespace InApp {
  export async function record(userId: string, fields: Omit<InAppNotification, "notificationId" | "createdAt">) {
    await InAppNotificationEntity.create({
      ...fields,
      userId,
      notificationId: randomUUID(),
      expiresAt: Math.floor(Date.now() / 1000) + IN_APP_NOTIFICATION_TTL_SECONDS,
    }).go();
  }

  export const SinceQuery = z.object({
    since: z.iso.datetime({ message: "since must be an ISO date and time" }).optional(),
  });

  /**
   * The caller's notifications after `since` (oldest first), and the server's time
   * to ask from next. Without `since`: none yet, only the time (a new tab shows no old news).
   * A record stamped just before a previous answer may have landed just after it, so
   * the query reaches back a few seconds; the browser skips ids it has shown.
   */
  export async function since(after: string | undefined) {
    const now = new Date().toISOString();
    if (!after) return { notifications: [] as InAppNotification[], now };
    const result = await InAppNotificationEntity.query
      .primary({ userId: Actor.userId() })
      .gt({ createdAt: new Date(Date.parse(after) - OVERLAP_MS).toISOString() })
      .go({ limit: MAX_IN_APP_NOTIFICATIONS });
    const notifications = result.data.filter((n) => n.createdAt <= now).map(({ userId: _user, expiresAt: _ttl, ...rest }) => rest);
    const last = notifications.at(-1)?.createdAt;
    return { notifications, now: notifications.length === MAX_IN_APP_NOTIFICATIONS && last ? last : now };
  }
}
