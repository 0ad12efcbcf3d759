import { z } from "zod";
import type { EntityItem } from "electrodb";
import { Actor } from "../actor";
import { config, isLocalStage, type Config } from "../config";
import { defineEntity, timestamps } from "../db/entity";
import { isConditionFailure } from "../db/service";
import { fn } from "../fn";
import { Conflict, NotFound, Unavailable, VisibleError } from "../error";
import { PLAN_STATUSES, User, type Plan } from "../user/index";
import { isLoopback } from "../loopback";
import type { PaymentProvider, ProviderEvent, ProviderIntent } from "./provider";
import { stripeProvider } from "./stripe";
import { LOCAL_WEBHOOK_SECRET, testProvider } from "./test-provider";

/**
 * Payments as the payment provider reported them. Only the provider's own
 * confirmation (its webhook, or a server-side retrieval) writes `succeeded`.
 */
export const PaymentEntity = defineEntity({
  model: { entity: "payment", version: "1", service: "quorum" },
  attributes: {
    paymentId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    provider: { type: ["stripe", "test"] as const, required: true },
    plan: { type: "string", required: true },
    amount: { type: "number", required: true },
    currency: { type: "string", required: true },
    status: { type: ["created", "processing", "succeeded", "failed", "canceled"] as const, required: true },
    /** The provider's words for the last failed attempt. */
    failureMessage: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["paymentId"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});
export type PaymentItem = EntityItem<typeof PaymentEntity>;
export type PaymentStatus = PaymentItem["status"];

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
    paymentId: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["eventId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/** The plan a payment buys. Only the professional plan is sold online (enterprise is 'Custom'). */
const PAID_PLAN = "professional" satisfies Plan;
/** Plans that cost nothing: setting them active needs no payment. */
const FREE_PLANS: readonly Plan[] = ["starter", "basic"];

/** What each provider event means for our payment record. */
const OUTCOMES: Record<string, Exclude<PaymentStatus, "created">> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.processing": "processing",
  "payment_intent.canceled": "canceled",
};

export namespace Billing {
  /**
   * The test provider stands in for Stripe only on a local stack without Stripe
   * keys: stage `local` with its data in a stand-in on this machine. Its webhook
   * secret is public, so a deployed stage (no loopback endpoint) never offers it,
   * whatever its name.
   */
  export function testModeAvailable(c: Config = config()) {
    return isLocalStage(c) && !c.STRIPE_SECRET_KEY && isLoopback(c.DYNAMO_ENDPOINT);
  }

  /** The payment provider of this stage: Stripe with keys, the test provider locally without them, else none. */
  export function provider(c: Config = config()): PaymentProvider {
    if (c.STRIPE_SECRET_KEY) {
      return stripeProvider({
        secretKey: c.STRIPE_SECRET_KEY,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        publishableKey: c.STRIPE_PUBLISHABLE_KEY,
        apiBase: c.STRIPE_API_BASE,
      });
    }
    if (testModeAvailable(c)) return testProvider(c.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET);
    throw new Unavailable("Payments are not configured for this stage");
  }

  /** The provider that created a payment, when this stage can still talk to it. */
  function providerOf(payment: PaymentItem): PaymentProvider | undefined {
    const c = config();
    if (payment.provider === "stripe" && c.STRIPE_SECRET_KEY) return provider(c);
    if (payment.provider === "test" && testModeAvailable(c)) return provider(c);
    return undefined;
  }

  /** The server decides the price (configuration), never the client: cents of USD. */
  export function professionalPrice(c: Config = config()) {
    return { amount: Math.round(c.PROFESSIONAL_PRICE_USD * 100), currency: "usd" };
  }

  /** The spec's client sends `amount: 50` (dollars). It is accepted for the contract and not used for the charge. */
  export const CreatePaymentIntentInput = z.object({
    amount: z.coerce.number({ message: "amount must be a number" }).nonnegative("amount must be a number").optional(),
  });

  /**
   * Starts a payment for the professional plan: a PaymentIntent at the configured
   * price, tied to the caller through its metadata, and our own record of it.
   */
  export const createPaymentIntent = fn(CreatePaymentIntentInput, async () => {
    const userId = Actor.userId();
    const payments = provider();
    const user = await User.find(userId);
    if (user?.plan === PAID_PLAN && user.planStatus === "active" && (await succeededPayment(userId))) {
      throw new Conflict("Your Professional plan is already active");
    }
    const price = professionalPrice();
    let intent: ProviderIntent;
    try {
      intent = await payments.createIntent({
        ...price,
        description: "Quorum Professional plan (monthly)",
        metadata: { userId, plan: PAID_PLAN },
      });
    } catch (error) {
      if (error instanceof VisibleError) throw error;
      // The provider's own words (bad key, outage) go to the log, not to the payer.
      console.error("Creating a PaymentIntent failed", error);
      throw new Unavailable("The payment provider could not be reached. Please try again.");
    }
    if (!intent.clientSecret) throw new Unavailable("The payment provider answered without a client secret");
    await PaymentEntity.create({
      paymentId: intent.id,
      userId,
      provider: payments.name,
      plan: PAID_PLAN,
      amount: price.amount,
      currency: price.currency,
      status: "created",
    }).go();
    return {
      clientSecret: intent.clientSecret,
      provider: payments.name,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
      paymentIntentId: intent.id,
      amount: price.amount,
      currency: price.currency,
    };
  });

  export async function findPayment(paymentId: string) {
    return (await PaymentEntity.get({ paymentId }).go()).data ?? undefined;
  }

  export async function succeededPayment(userId: string) {
    const result = await PaymentEntity.query
      .byUser({ userId })
      .where((a, op) => op.eq(a.status, "succeeded"))
      .go({ order: "desc", pages: "all" });
    return result.data[0];
  }

  /**
   * Applies what the provider says happened to one of our payments. Succeeded is
   * final: a late 'failed' or 'processing' never takes it back. A success grants
   * the paid plan only when the provider's amount, currency and user match what
   * we asked for.
   */
  async function recordOutcome(intent: ProviderIntent, outcome: Exclude<PaymentStatus, "created">): Promise<PaymentItem | undefined> {
    const payment = await findPayment(intent.id);
    if (!payment) {
      console.warn(`Provider event for unknown payment ${intent.id}: ignored`);
      return undefined;
    }
    if (intent.metadata.userId && intent.metadata.userId !== payment.userId) {
      console.error(`Payment ${intent.id}: provider metadata names another user; ignored`);
      return undefined;
    }
    if (outcome === "succeeded") {
      if (intent.amount !== payment.amount || intent.currency.toLowerCase() !== payment.currency) {
        console.error(
          `Payment ${intent.id}: provider amount ${intent.amount} ${intent.currency} differs from ${payment.amount} ${payment.currency}; not granted`,
        );
        return undefined;
      }
      await PaymentEntity.patch({ paymentId: payment.paymentId }).set({ status: "succeeded", failureMessage: "" }).go();
      // Throws when the user record does not exist yet: the provider then retries the webhook later.
      await User.setPlan(payment.userId, payment.plan as Plan, "active");
      return { ...payment, status: "succeeded" };
    }
    try {
      await PaymentEntity.patch({ paymentId: payment.paymentId })
        .set({ status: outcome, ...(outcome === "failed" ? { failureMessage: intent.lastError ?? "" } : {}) })
        .where((a, op) => op.ne(a.status, "succeeded"))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return { ...payment, status: outcome };
  }

  /** One provider event, at most once. */
  export async function handleEvent(event: ProviderEvent): Promise<{ received: true; handled: boolean; duplicate?: true }> {
    const outcome = OUTCOMES[event.type];
    if (!outcome || !event.intent) return { received: true, handled: false };
    try {
      await BillingEventEntity.create({ eventId: event.id, type: event.type, paymentId: event.intent.id }).go();
    } catch (error) {
      if (isConditionFailure(error)) return { received: true, handled: false, duplicate: true };
      throw error;
    }
    try {
      await recordOutcome(event.intent, outcome);
    } catch (error) {
      // Not applied: forget the event so the provider's retry applies it.
      await BillingEventEntity.delete({ eventId: event.id })
        .go()
        .catch(() => undefined);
      throw error;
    }
    return { received: true, handled: true };
  }

  /** The webhook endpoint: verify the signature over the raw body, then apply the event once. */
  export async function receiveWebhook(payload: string | Buffer, signature: string | undefined, using: PaymentProvider = provider()) {
    return handleEvent(using.parseWebhook(payload, signature));
  }

  /**
   * When the webhook has not arrived yet, ask the provider about the user's
   * recent unfinished payments. A success it reports is a payment the server has
   * seen, recorded exactly as the webhook would record it.
   */
  async function confirmWithProvider(userId: string): Promise<PaymentItem | undefined> {
    const recent = await PaymentEntity.query.byUser({ userId }).go({ order: "desc", limit: 5 });
    for (const payment of recent.data) {
      if (payment.status === "succeeded" || payment.status === "canceled") continue;
      const payments = providerOf(payment);
      if (!payments) continue;
      let intent: ProviderIntent | undefined;
      try {
        intent = await payments.retrieve(payment.paymentId);
      } catch (error) {
        console.error(`Retrieving payment ${payment.paymentId} failed`, error);
        continue;
      }
      if (intent?.status === "succeeded") {
        const recorded = await recordOutcome(intent, "succeeded");
        if (recorded) return recorded;
      }
    }
    return undefined;
  }

  export const UpdateSubscriptionInput = z.object({
    firebaseUid: z.string().min(1, "firebaseUid is required"),
    planStatus: z.enum(PLAN_STATUSES, { message: `planStatus must be one of ${PLAN_STATUSES.join(", ")}` }),
  });

  /**
   * The spec's client calls this after paying. It cannot grant anything by itself:
   * 'active' for a paid plan needs a succeeded payment the server has seen (its
   * webhook, or the provider asked directly right now).
   */
  export const updateSubscription = fn(UpdateSubscriptionInput, async ({ planStatus }) => {
    const userId = Actor.userId();
    const user = await User.find(userId);
    if (!user) throw new NotFound("User");
    if (planStatus === "active") {
      const payment = (await succeededPayment(userId)) ?? (await confirmWithProvider(userId));
      if (payment) await User.setPlan(userId, payment.plan as Plan, "active");
      else if (FREE_PLANS.includes(user.plan)) await User.setPlan(userId, user.plan, "active");
      else throw new Conflict("No successful payment has been recorded for this account");
    } else {
      await User.setPlan(userId, user.plan, planStatus);
    }
    return User.present((await User.find(userId))!);
  });

  export const ConfirmTestPaymentInput = z.object({
    clientSecret: z.string({ error: "clientSecret is required" }).min(1, "clientSecret is required").max(200),
    card: z.object(
      {
        number: z.string({ error: "Your card number is incomplete." }).max(40),
        expMonth: z.coerce.number({ message: "Your card's expiration date is incomplete." }).int(),
        expYear: z.coerce.number({ message: "Your card's expiration date is incomplete." }).int(),
        cvc: z.string({ error: "Your card's security code is incomplete." }).max(8),
      },
      { error: "card is required" },
    ),
  });

  /**
   * Test mode's stand-in for Stripe.js confirming a card: the test provider
   * decides the outcome and "sends" its signed webhook, which goes through the
   * very same verification and handling as Stripe's.
   */
  export async function confirmTestPayment(paymentId: string, input: z.input<typeof ConfirmTestPaymentInput>) {
    if (!testModeAvailable()) {
      throw new VisibleError("not_found", "Test payments are only available on a local stack without Stripe keys", 404);
    }
    const parsed = fn(ConfirmTestPaymentInput, (x) => x)(input);
    const payment = await findPayment(paymentId);
    if (!payment || payment.userId !== Actor.userId() || payment.provider !== "test") throw new NotFound("Payment");
    const payments = provider();
    const result = await payments.confirm!(paymentId, parsed);
    await receiveWebhook(result.webhook.payload, result.webhook.signature, payments);
    return result.intent;
  }
}
