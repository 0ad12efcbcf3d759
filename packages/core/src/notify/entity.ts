import { defineEntity, timestamps } from "../db/entity";
import { IN_APP_KINDS } from "./schema";

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

/** One browser's Web Push subscription (its push service endpoint and keys). */
export const PushSubscriptionEntity = defineEntity({
  model: { entity: "pushSubscription", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** A hash of the endpoint: the endpoint is a long URL, and the same browser subscribing twice is one record. */
    endpointHash: { type: "string", required: true, readOnly: true },
    endpoint: { type: "string", required: true },
    p256dh: { type: "string", required: true },
    auth: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["endpointHash"] },
    },
  },
});
