import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { SUPPORT_CATEGORIES, SUPPORT_KINDS, SUPPORT_LEVELS, SUPPORT_PRIORITIES } from "./schema";

/** Every request a user sends is kept, signed in or not, so nothing is lost. */
export const SupportRequestEntity = defineEntity({
  model: { entity: "supportRequest", version: "1", service: "quorum" },
  attributes: {
    requestId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    /** 'sales': an Enterprise enquiry from "Contact sales", for the sales team's queue. */
    kind: { type: SUPPORT_KINDS, required: true, default: "support" },
    company: { type: "string" },
    teamSize: { type: "string" },
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    subject: { type: "string", required: true },
    category: { type: SUPPORT_CATEGORIES, required: true },
    priority: { type: SUPPORT_PRIORITIES, required: true },
    message: { type: "string", required: true },
    userAgent: { type: "string" },
    /** When the user pressed submit (their clock); createdAt is the server's. */
    timestamp: { type: "string" },
    status: { type: ["open", "closed"] as const, required: true, default: "open" },
    /** Short and human-readable ("SR-7K4P-X2QM"): what the user quotes, shown on screen and in both mails. */
    reference: { type: "string" },
    /** Sent by a Professional or Enterprise user: their plan includes priority support. */
    prioritySupport: { type: "boolean", default: false },
    /** The queue it joins: "enterprise" for an Enterprise account, "priority" for Professional. */
    supportPriority: { type: SUPPORT_LEVELS, default: "standard" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["requestId"] },
      sk: { field: "sk", composite: [] },
    },
    // The support team's inbox: every request, newest first.
    inbox: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "requestId"] },
    },
    byUser: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["userId"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});

export type SupportRequestItem = EntityItem<typeof SupportRequestEntity>;
