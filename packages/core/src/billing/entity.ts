import { defineEntity, timestamps } from "../db/entity";

/** The test provider's objects are keyed by their id alone, as Stripe names them. */
const key = { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } as const;

/**
 * One item per provider event that was applied. Written with a conditional put
 * before the event is applied: a replayed (or concurrently redelivered) event
 * finds it and changes nothing.
 */
export const BillingEventEntity = defineEntity({
  model: { entity: "billing_event", version: "1", service: "quorum" },
  attributes: {
    eventId: { type: "string", required: true, readOnly: true },
    type: { type: "string", required: true },
    userId: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["eventId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/**
 * Which user a provider customer belongs to: how a webhook, which names only the
 * customer, finds its user. Written once, when we create the customer.
 */
export const BillingCustomerEntity = defineEntity({
  model: { entity: "billing_customer", version: "1", service: "quorum" },
  attributes: {
    customerId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["customerId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

export const TestCustomerEntity = defineEntity({
  model: { entity: "test_customer", version: "1", service: "quorum" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    email: { type: "string" },
    /** Never the card number: its last four digits and how Stripe's test card of that number behaves. */
    cardLast4: { type: "string" },
    cardFailsCharges: { type: "boolean" },
    ...timestamps,
  },
  indexes: { primary: key },
});

export const TestSubscriptionEntity = defineEntity({
  model: { entity: "test_subscription", version: "1", service: "quorum" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    amount: { type: "number", required: true, readOnly: true },
    currency: { type: "string", required: true, readOnly: true },
    interval: { type: ["month", "year"] as const, required: true, readOnly: true },
    status: { type: "string", required: true },
    /** Seconds, on the test clock. */
    created: { type: "number", required: true, readOnly: true },
    currentPeriodStart: { type: "number", required: true },
    currentPeriodEnd: { type: "number", required: true },
    trialEnd: { type: "number" },
    pastDueSince: { type: "number" },
    cancelAtPeriodEnd: { type: "boolean", default: false },
    hasPaymentMethod: { type: "boolean", default: false },
    latestInvoiceId: { type: "string" },
    pendingIntentId: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: key,
    // A customer's subscriptions, for their clock to walk.
    byCustomer: { index: "gsi1", pk: { field: "gsi1pk", composite: ["customerId"] }, sk: { field: "gsi1sk", composite: ["id"] } },
  },
});

export const TestInvoiceEntity = defineEntity({
  model: { entity: "test_invoice", version: "1", service: "quorum" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    subscriptionId: { type: "string", required: true, readOnly: true },
    customerId: { type: "string", required: true, readOnly: true },
    amount: { type: "number", required: true, readOnly: true },
    currency: { type: "string", required: true, readOnly: true },
    status: { type: ["open", "paid", "void"] as const, required: true },
    periodStart: { type: "number", required: true, readOnly: true },
    periodEnd: { type: "number", required: true, readOnly: true },
    created: { type: "number", required: true, readOnly: true },
    paidAt: { type: "number" },
    refunded: { type: "boolean", default: false },
    disputed: { type: "boolean", default: false },
    ...timestamps,
  },
  indexes: {
    primary: key,
    byCustomer: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["customerId"] },
      sk: { field: "gsi1sk", composite: ["created", "id"] },
    },
  },
});

/** PaymentIntents (a first invoice) and SetupIntents (a trial's card), with the client secret the browser confirms. */
export const TestIntentEntity = defineEntity({
  model: { entity: "test_intent", version: "2", service: "quorum" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    kind: { type: ["payment", "setup"] as const, required: true, readOnly: true },
    clientSecret: { type: "string", required: true, readOnly: true },
    subscriptionId: { type: "string", required: true, readOnly: true },
    invoiceId: { type: "string" },
    status: { type: ["requires_payment_method", "succeeded", "canceled"] as const, required: true },
    lastError: { type: "string" },
    ...timestamps,
  },
  indexes: { primary: key },
});

/** A customer's test clock (as Stripe attaches a test clock to a customer): how far it runs ahead of real time. */
export const TestClockEntity = defineEntity({
  model: { entity: "test_clock", version: "1", service: "quorum" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    offsetSeconds: { type: "number", required: true, default: 0 },
    ...timestamps,
  },
  indexes: { primary: key },
});
