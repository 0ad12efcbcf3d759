import { randomUUID } from "node:crypto";
import { Actor } from "../actor";
import { InAppNotificationEntity } from "./entity";
import { IN_APP_NOTIFICATION_TTL_SECONDS, MAX_IN_APP_NOTIFICATIONS } from "./limits";
import { InAppSinceQuery, type InAppNotification, type InAppNotificationList } from "./schema";

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

  export const SinceQuery = InAppSinceQuery;

  /**
   * The caller's notifications after `since` (oldest first), and the server's time
   * to ask from next. Without `since`: none yet, only the time (a new tab shows no old news).
   * A record stamped just before a previous answer may have landed just after it, so
   * the query reaches back a few seconds; the browser skips ids it has shown.
   */
  export async function since(after: string | undefined): Promise<InAppNotificationList> {
    const now = new Date().toISOString();
    if (!after) return { notifications: [], now };
    const result = await InAppNotificationEntity.query
      .primary({ userId: Actor.userId() })
      .gt({ createdAt: new Date(Date.parse(after) - OVERLAP_MS).toISOString() })
      .go({ limit: MAX_IN_APP_NOTIFICATIONS });
    const notifications = result.data.filter((n) => n.createdAt <= now).map(({ userId: _user, expiresAt: _ttl, ...rest }) => rest);
    const last = notifications.at(-1)?.createdAt;
    return { notifications, now: notifications.length === MAX_IN_APP_NOTIFICATIONS && last ? last : now };
  }
}
