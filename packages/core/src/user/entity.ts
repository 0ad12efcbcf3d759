import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";
import { GRANTED_PLANS, PLAN_CHANGE_SOURCES, PLAN_STATUSES, PLANS } from "./schema";

export const UserEntity = defineEntity({
  model: { entity: "user", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    email: { type: "string", required: true },
    /** The sign-up check looks accounts up by email, case-insensitively. */
    emailLower: { type: "string", default: "", watch: ["email"], set: (_, item) => String(item.email ?? "").toLowerCase() },
    /**
     * The identity provider's `email_verified` as the last sign-in sync's verified token carried it.
     * Mail sent outside a request (a finished document, a renewal) reads it: an address nobody has
     * confirmed may belong to someone else, so it gets no product mail.
     */
    emailVerified: { type: "boolean" },
    displayName: { type: "string" },
    firstName: { type: "string" },
    lastName: { type: "string" },
    phoneNumber: { type: "string" },
    company: { type: "string" },
    companyAddress: { type: "string" },
    companyPhone: { type: "string" },
    /** S3 key of the uploaded logo; answered as a short-lived URL. */
    companyLogo: { type: "string" },
    salesforceUsername: { type: "string" },
    salesforceInstanceUrl: { type: "string" },
    salesforceSecurityToken: { type: "string" },
    plan: { type: PLANS, required: true, default: "starter" },
    planStatus: { type: PLAN_STATUSES, required: true, default: "active" },
    trialEndsAt: { type: "string" },
    /** ISO, exclusive: when a plan granted by an operator (Enterprise, sold by people) ends by itself. */
    planUntil: { type: "string" },
    /** The subscription as the payment provider last reported it (its webhook is the truth). */
    stripeCustomerId: { type: "string" },
    subscriptionId: { type: "string" },
    subscriptionStatus: { type: "string" },
    /** ISO: when the paid period (or the trial) ends; the next charge unless cancelAtPeriodEnd. */
    currentPeriodEnd: { type: "string" },
    cancelAtPeriodEnd: { type: "boolean" },
    /** ISO: the renewal that failed; access ends PAST_DUE_GRACE_DAYS later. */
    pastDueSince: { type: "string" },
    /** Why the account changed against the user's wishes (refund, dispute), shown on /profile. */
    billingNotice: { type: "string" },
    /** Milliseconds: when the applied subscription state was read; an older read never overwrites it. */
    billingSyncedAt: { type: "number" },
    /** Subscriptions started so far: the idempotency key of the next one. */
    subscriptionCount: { type: "number" },
    trialUsed: { type: "boolean" },
    registered: { type: "boolean", default: false },
    lastLoginAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["emailLower"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});

export type UserItem = EntityItem<typeof UserEntity>;

/** An account's plan changes made by an operator (or by the end date they set): its billing history. */
export const PlanChangeEntity = defineEntity({
  model: { entity: "plan_change", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    changeId: { type: "string", required: true, readOnly: true },
    /** ISO: when the change took effect. */
    at: { type: "string", required: true, readOnly: true },
    plan: { type: GRANTED_PLANS, required: true, readOnly: true },
    previousPlan: { type: "string", required: true, readOnly: true },
    /** ISO, exclusive: when the granted plan ends by itself (none: until an operator ends it). */
    until: { type: "string", readOnly: true },
    /** The operator who ran the command, or "end date" when the plan ran out by itself. */
    by: { type: "string", required: true, readOnly: true },
    source: { type: PLAN_CHANGE_SOURCES, required: true, readOnly: true },
  },
  indexes: {
    // Under the user's own key: the history is one Query, oldest first.
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["at", "changeId"] },
    },
  },
});
export type PlanChangeItem = EntityItem<typeof PlanChangeEntity>;
