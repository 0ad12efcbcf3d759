import { z } from "zod";

/** Notifications as the API takes and answers them: browser-safe (zod only), shared with the web. */

export const IN_APP_KINDS = ["document-ready", "document-failed", "answer-ready"] as const;

/** GET /api/notifications?since=: only what is newer than the previous answer's `now`. */
export const InAppSinceQuery = z.object({
  since: z.iso.datetime({ message: "since must be an ISO date and time" }).optional(),
});

/** A toast's news: a document that finished or failed, or an answer that is complete. */
export const InAppNotification = z.object({
  notificationId: z.string(),
  createdAt: z.string(),
  kind: z.enum(IN_APP_KINDS),
  projectId: z.number().optional(),
  documentId: z.number().optional(),
  documentName: z.string().optional(),
  conversationId: z.string().optional(),
  /** "general" (the chat workspace) or "projects" (project chats). */
  listType: z.string().optional(),
  title: z.string().optional(),
});
export type InAppNotification = z.infer<typeof InAppNotification>;

/** GET /api/notifications: oldest first; `now` is the next request's `since`. */
export const InAppNotificationList = z.object({ notifications: z.array(InAppNotification), now: z.string() });
export type InAppNotificationList = z.infer<typeof InAppNotificationList>;

/** GET /api/notify/push/key: the application server (VAPID) key browsers subscribe with. */
export const PushKey = z.object({ publicKey: z.string() });

/** POST /api/notify/push/subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: "endpoint must be a push service URL" }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1, "keys.p256dh is required").max(200),
    auth: z.string().min(1, "keys.auth is required").max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** DELETE /api/notify/push/subscriptions: the browser's subscription that ends. */
export const PushEndpointInput = z.object({ endpoint: z.string().min(1, "endpoint is required").max(2000) });

/** Whether this browser's subscription is now on the server. */
export const PushState = z.object({ subscribed: z.boolean() });
