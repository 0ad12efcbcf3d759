import { randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import Stripe from "stripe";
import { defineEntity, timestamps } from "../db/entity";
import { isConditionFailure } from "../db/service";
import { Conflict, Invalid, NotFound } from "../error";
import type { CreateIntentInput, IntentStatus, PaymentProvider, ProviderIntent, TestCard, TestConfirmResult } from "./provider";
import { parseSignedEvent } from "./stripe";

/**
 * The local stand-in for Stripe when a local stack has no Stripe keys (the default
 * after a clone). It keeps its own PaymentIntents, decides card outcomes the way
 * Stripe's test cards do, and reports each outcome as a webhook signed with
 * Stripe's scheme, which the billing domain then handles exactly like Stripe's.
 * Billing only offers it in the local stage without keys.
 */

/** The provider's own records: what Stripe would hold on its side. */
export const TestIntentEntity = defineEntity({
  model: { entity: "test_payment_intent", version: "1", service: "quorum" },
  attributes: {
    intentId: { type: "string", required: true, readOnly: true },
    clientSecret: { type: "string", required: true, readOnly: true },
    amount: { type: "number", required: true, readOnly: true },
    currency: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    plan: { type: "string", required: true, readOnly: true },
    status: { type: ["requires_payment_method", "succeeded", "canceled"] as const, required: true },
    lastError: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["intentId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

type TestIntentItem = EntityItem<typeof TestIntentEntity>;

/** Anyone can read this secret in the source; that is fine because test mode exists only on a local stack. */
export const LOCAL_WEBHOOK_SECRET = "whsec_quorum_local_test_mode";

/** Stripe's documented test cards that do not succeed, with Stripe's own words. */
const DECLINES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000000000000119": { code: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
};

function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What Stripe.js would refuse before the payment is attempted at all. */
export function cardProblem(card: TestCard, now = new Date()): string | undefined {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return "Your card number is invalid.";
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || year > now.getUTCFullYear() + 50)
    return "Your card's expiration year is invalid.";
  if (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  return undefined;
}

function toIntent(item: TestIntentItem): ProviderIntent {
  return {
    id: item.intentId,
    clientSecret: item.clientSecret,
    amount: item.amount,
    currency: item.currency,
    status: item.status as IntentStatus,
    metadata: { userId: item.userId, plan: item.plan },
    lastError: item.lastError,
  };
}

/** The intent as Stripe serializes it inside an event. */
function stripeShape(intent: ProviderIntent, lastError?: { code: string; message: string }) {
  return {
    id: intent.id,
    object: "payment_intent",
    amount: intent.amount,
    amount_received: intent.status === "succeeded" ? intent.amount : 0,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.clientSecret,
    metadata: intent.metadata,
    livemode: false,
    last_payment_error: lastError ? { type: "card_error", code: lastError.code, message: lastError.message } : null,
  };
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export function testProvider(webhookSecret = LOCAL_WEBHOOK_SECRET): PaymentProvider {
  function signedEvent(type: string, intent: ProviderIntent, lastError?: { code: string; message: string }) {
    const payload = JSON.stringify({
      id: randomId("evt_test"),
      object: "event",
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: stripeShape(intent, lastError) },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  return {
    name: "test",

    async createIntent(input: CreateIntentInput) {
      const intentId = randomId("pi_test");
      const created = await TestIntentEntity.create({
        intentId,
        clientSecret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        amount: input.amount,
        currency: input.currency,
        userId: input.metadata.userId,
        plan: input.metadata.plan,
        status: "requires_payment_method",
      }).go();
      return toIntent(created.data);
    },

    async retrieve(id: string) {
      const found = await TestIntentEntity.get({ intentId: id }).go();
      return found.data ? toIntent(found.data) : undefined;
    },

    parseWebhook(payload, signature) {
      return parseSignedEvent(payload, signature, webhookSecret);
    },

    async confirm(id: string, { clientSecret, card }): Promise<TestConfirmResult> {
      const found = await TestIntentEntity.get({ intentId: id }).go();
      // As Stripe does, a wrong client secret reads as an unknown intent.
      if (!found.data || found.data.clientSecret !== clientSecret) throw new NotFound("Payment");
      if (found.data.status !== "requires_payment_method")
        throw new Conflict(`This payment has already ${found.data.status === "succeeded" ? "succeeded" : "been canceled"}.`);
      const problem = cardProblem(card);
      if (problem) throw new Invalid(problem);

      const decline = DECLINES[card.number.replace(/[\s-]/g, "")];
      try {
        // Conditioned on the status read above: two confirmations racing charge once.
        await TestIntentEntity.patch({ intentId: id })
          .set(decline ? { status: "requires_payment_method", lastError: decline.message } : { status: "succeeded", lastError: "" })
          .where((a, op) => op.eq(a.status, "requires_payment_method"))
          .go();
      } catch (error) {
        if (isConditionFailure(error)) throw new Conflict("This payment has already succeeded.");
        throw error;
      }
      const intent = toIntent({ ...found.data, status: decline ? "requires_payment_method" : "succeeded", lastError: decline?.message });
      const webhook = decline
        ? signedEvent("payment_intent.payment_failed", intent, decline)
        : signedEvent("payment_intent.succeeded", intent);
      return { intent, webhook };
    },
  };
}
