import { createHash, randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import Stripe from "stripe";
import type { Config } from "../config";
import { isConditionFailure } from "../db/optimistic";
import { Conflict, Invalid, NotFound } from "../error";
import { PAST_DUE_GRACE_DAYS } from "../user/index";
import type { PaymentProvider, PlanPrice, ProviderSubscription } from "./provider";
import type { TestCard, TestPortal } from "./schema";
import { fromStripeSubscription, parseSignedEvent } from "./stripe";
import { TestCustomerEntity, TestSubscriptionEntity, TestInvoiceEntity, TestIntentEntity, TestClockEntity } from "./entity";

/**
 * The local stand-in for Stripe when a local stack has no Stripe keys (the default
 * after a clone). It keeps customers, subscriptions, invoices and intents the way
 * Stripe does, decides card outcomes as Stripe's test cards do, runs renewals on
 * a clock per customer that a developer moves forward (like Stripe's test clocks), and reports each
 * change as a Stripe-format event signed with the local webhook secret, posted to
 * the same webhook route Stripe calls. Billing only offers it in the local stage.
 */

type SubscriptionItem = EntityItem<typeof TestSubscriptionEntity>;
type InvoiceItem = EntityItem<typeof TestInvoiceEntity>;
type CustomerItem = EntityItem<typeof TestCustomerEntity>;

/** Anyone can read this secret in the source; that is fine because test mode exists only on a local stack. */
export const LOCAL_WEBHOOK_SECRET = "whsec_quorum_local_test_mode";

/** Stripe's documented test cards that are refused at once, with Stripe's own words. */
const DECLINES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", message: "Your card has insufficient funds." },
  "4000000000009987": { code: "card_declined", message: "Your card was declined." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000000000000119": { code: "processing_error", message: "An error occurred while processing your card. Try again in a little bit." },
};
/** Stripe's test card that is saved fine but whose every charge fails: a renewal that will not go through. */
export const FAILS_CHARGES_CARD = "4000000000000341";
const CHARGE_FAILED = { code: "card_declined", message: "Your card was declined." };

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

/** What Stripe.js would refuse before the card is tried at all. */
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

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString("hex")}`;
/** The same idempotency key always names the same object, as Stripe answers a repeated request. */
const idFor = (prefix: string, idempotencyKey: string) =>
  `${prefix}_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 20)}`;
const chargeOf = (invoiceId: string) => invoiceId.replace(/^in_/, "ch_");
const DAY = 86_400;

function addInterval(seconds: number, interval: "month" | "year") {
  const d = new Date(seconds * 1000);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/** The customer's test clock time, in seconds. */
export async function testClockNow(customerId: string) {
  const clock = (await TestClockEntity.get({ id: customerId }).go()).data;
  return Math.floor(Date.now() / 1000) + (clock?.offsetSeconds ?? 0);
}

export interface TestConfirmOutcome {
  status: "succeeded" | "requires_payment_method";
  lastError?: string;
}

/** The test provider as this stack configures it: its webhook secret, and the gateway its events go to. */
export function localTestProvider(c: Pick<Config, "STRIPE_WEBHOOK_SECRET" | "GATEWAY_URL">) {
  return testProvider(c.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET, c.GATEWAY_URL || undefined);
}

export function testProvider(webhookSecret = LOCAL_WEBHOOK_SECRET, gatewayUrl?: string) {
  /** The subscription in Stripe's own shape (latest invoice and setup intent expanded), as the API would answer it. */
  async function stripeSubscription(sub: SubscriptionItem) {
    const intent = sub.pendingIntentId ? (await TestIntentEntity.get({ id: sub.pendingIntentId }).go()).data : undefined;
    const open = intent && intent.status === "requires_payment_method" ? intent : undefined;
    return {
      id: sub.id,
      object: "subscription",
      customer: sub.customerId,
      status: sub.status,
      created: sub.created,
      cancel_at_period_end: sub.cancelAtPeriodEnd ?? false,
      canceled_at: sub.status === "canceled" ? sub.currentPeriodEnd : null,
      trial_end: sub.trialEnd ?? null,
      default_payment_method: sub.hasPaymentMethod ? `pm_test_${sub.customerId.slice(-12)}` : null,
      metadata: { userId: sub.userId },
      livemode: false,
      items: {
        object: "list",
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: "subscription_item",
            current_period_start: sub.currentPeriodStart,
            current_period_end: sub.currentPeriodEnd,
            price: {
              id: "price_test_professional",
              unit_amount: sub.amount,
              currency: sub.currency,
              recurring: { interval: sub.interval },
            },
          },
        ],
      },
      latest_invoice:
        open?.kind === "payment"
          ? { id: open.invoiceId, object: "invoice", confirmation_secret: { client_secret: open.clientSecret, type: "payment_intent" } }
          : (sub.latestInvoiceId ?? null),
      pending_setup_intent:
        open?.kind === "setup" ? { id: open.id, object: "setup_intent", client_secret: open.clientSecret, status: open.status } : null,
    };
  }

  function stripeInvoice(invoice: InvoiceItem) {
    return {
      id: invoice.id,
      object: "invoice",
      customer: invoice.customerId,
      status: invoice.status,
      amount_due: invoice.amount,
      amount_paid: invoice.status === "paid" ? invoice.amount : 0,
      currency: invoice.currency,
      billing_reason: "subscription_cycle",
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      created: invoice.created,
      parent: { type: "subscription_details", subscription_details: { subscription: invoice.subscriptionId } },
      livemode: false,
    };
  }

  function stripeCharge(invoice: InvoiceItem) {
    return {
      id: chargeOf(invoice.id),
      object: "charge",
      customer: invoice.customerId,
      amount: invoice.amount,
      amount_refunded: invoice.refunded ? invoice.amount : 0,
      refunded: !!invoice.refunded,
      currency: invoice.currency,
      paid: true,
      status: "succeeded",
      livemode: false,
    };
  }

  /**
   * Signs an event the way Stripe does and posts it to the webhook route, with
   * Stripe's retries for a non-2xx answer. Without a gateway (core tests) the
   * caller hands it to billing directly, through the same signature check.
   */
  async function send(type: string, object: object, created: number) {
    const payload = JSON.stringify({
      id: randomId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    if (!gatewayUrl) {
      const { Billing } = await import("./index");
      await Billing.receiveWebhook(payload, signature, provider).catch((error: Error) =>
        console.error(`[test mode] ${type} was not accepted: ${error.message}`),
      );
      return;
    }
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(new URL("/api/stripe/webhook", gatewayUrl), {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }).catch((error: Error) => ({ ok: false, status: 0, text: async () => error.message }));
      if (response.ok) return;
      if (attempt === 3) {
        console.error(`[test mode] ${type} was not accepted (${response.status}): ${await response.text()}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  async function getSubscription(id: string) {
    const sub = (await TestSubscriptionEntity.get({ id }).go()).data;
    if (!sub) throw new NotFound("Subscription");
    return sub;
  }

  async function customerOf(sub: SubscriptionItem): Promise<CustomerItem> {
    return (await TestCustomerEntity.get({ id: sub.customerId }).go()).data!;
  }

  async function newInvoice(sub: SubscriptionItem, periodStart: number, periodEnd: number, now: number) {
    const created = await TestInvoiceEntity.create({
      id: randomId("in"),
      subscriptionId: sub.id,
      customerId: sub.customerId,
      amount: sub.amount,
      currency: sub.currency,
      status: "open",
      periodStart,
      periodEnd,
      created: now,
    }).go();
    return created.data;
  }

  async function markPaid(invoice: InvoiceItem, now: number) {
    await TestInvoiceEntity.patch({ id: invoice.id }).set({ status: "paid", paidAt: now }).go();
    return { ...invoice, status: "paid" as const, paidAt: now };
  }

  /** Sets the given fields; an undefined one is removed, as Stripe clears it. */
  async function update(sub: SubscriptionItem, changes: Partial<SubscriptionItem>) {
    const cleared = Object.keys(changes).filter((k) => changes[k as keyof SubscriptionItem] === undefined);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    let patch = TestSubscriptionEntity.patch({ id: sub.id }).set(set as never);
    if (cleared.length) patch = patch.remove(cleared as never);
    await patch.go();
    return { ...sub, ...changes } as SubscriptionItem;
  }

  async function subscriptionChanged(sub: SubscriptionItem, now: number, type = "customer.subscription.updated") {
    await send(type, await stripeSubscription(sub), now);
  }

  /** Charges the card on file for one invoice: paid, or the subscription falls past due. */
  async function charge(sub: SubscriptionItem, invoice: InvoiceItem, now: number) {
    const customer = await customerOf(sub);
    if (!customer.cardFailsCharges && sub.hasPaymentMethod) {
      const paid = await markPaid(invoice, now);
      sub = await update(sub, { status: "active", latestInvoiceId: invoice.id, pastDueSince: undefined });
      await send("invoice.paid", stripeInvoice(paid), now);
    } else {
      sub = await update(sub, { status: "past_due", latestInvoiceId: invoice.id, pastDueSince: sub.pastDueSince ?? now });
      await send("invoice.payment_failed", stripeInvoice(invoice), now);
    }
    await subscriptionChanged(sub, now);
    return sub;
  }

  async function end(sub: SubscriptionItem, now: number) {
    sub = await update(sub, { status: "canceled", cancelAtPeriodEnd: false, pendingIntentId: undefined });
    await subscriptionChanged(sub, now, "customer.subscription.deleted");
    return sub;
  }

  /** Everything that is due on one subscription up to `now`, in order, as Stripe's billing would run it. */
  async function runUntil(sub: SubscriptionItem, now: number) {
    while (!["canceled", "incomplete", "incomplete_expired"].includes(sub.status)) {
      if (sub.status === "past_due" && sub.pastDueSince !== undefined) {
        // Stripe's retries end within the grace period; then the subscription is canceled.
        const lastRetry = sub.pastDueSince + PAST_DUE_GRACE_DAYS * DAY;
        if (lastRetry <= now) {
          sub = await end(sub, lastRetry);
          continue;
        }
      }
      const boundary = sub.currentPeriodEnd;
      if (boundary > now) break;
      if (sub.cancelAtPeriodEnd || (sub.status === "trialing" && !sub.hasPaymentMethod)) {
        sub = await end(sub, boundary);
        continue;
      }
      const next = addInterval(boundary, sub.interval);
      sub = await update(sub, { currentPeriodStart: boundary, currentPeriodEnd: next });
      sub = await charge(sub, await newInvoice(sub, boundary, next, boundary), boundary);
    }
  }

  async function latestPaidInvoice(customerId: string) {
    const invoices = await TestInvoiceEntity.query.byCustomer({ customerId }).go({ order: "desc", pages: "all" });
    const paid = invoices.data.find((i) => i.status === "paid" && !i.refunded && !i.disputed);
    if (!paid) throw new Conflict("There is no paid invoice to refund or dispute");
    return paid;
  }

  /**
   * A subscription made under an idempotency key, once the request that makes it has made its
   * intent (and invoice): Stripe makes a repeated request wait for the first (409, retried by
   * the SDK) and then answers the same object, so a racing click never sees it half made.
   */
  async function completed(id: string): Promise<ProviderSubscription> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const sub = await getSubscription(id);
      const intent = sub.pendingIntentId ? (await TestIntentEntity.get({ id: sub.pendingIntentId }).go()).data : undefined;
      if (!sub.pendingIntentId || (intent && (sub.trialEnd || sub.latestInvoiceId))) {
        return fromStripeSubscription((await stripeSubscription(sub)) as never);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the request making subscription ${id} did not finish`);
  }

  const provider = {
    name: "test" as const,

    async createCustomer({ userId, email, idempotencyKey }: { userId: string; email: string; idempotencyKey: string }) {
      const id = idFor("cus", idempotencyKey);
      await TestCustomerEntity.create({ id, userId, email })
        .go()
        .catch((error) => {
          if (!isConditionFailure(error)) throw error;
        });
      return id;
    },

    async createSubscription(input: { customerId: string; userId: string; price: PlanPrice; trialDays: number; idempotencyKey: string }) {
      const id = idFor("sub", input.idempotencyKey);
      if ((await TestSubscriptionEntity.get({ id }).go()).data) return completed(id);
      const now = await testClockNow(input.customerId);
      const trialEnd = input.trialDays > 0 ? now + input.trialDays * DAY : undefined;
      const intentId = randomId(trialEnd ? "seti" : "pi");
      let sub: SubscriptionItem;
      try {
        sub = (
          await TestSubscriptionEntity.create({
            id,
            customerId: input.customerId,
            userId: input.userId,
            amount: input.price.amount,
            currency: input.price.currency,
            interval: input.price.interval,
            status: trialEnd ? "trialing" : "incomplete",
            created: now,
            currentPeriodStart: now,
            currentPeriodEnd: trialEnd ?? addInterval(now, input.price.interval),
            trialEnd,
            pendingIntentId: intentId,
          }).go()
        ).data;
      } catch (error) {
        // The same request, racing: answer the subscription it made.
        if (!isConditionFailure(error)) throw error;
        return completed(id);
      }
      const invoice = trialEnd ? undefined : await newInvoice(sub, now, sub.currentPeriodEnd, now);
      await TestIntentEntity.create({
        id: intentId,
        kind: trialEnd ? "setup" : "payment",
        clientSecret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        subscriptionId: id,
        invoiceId: invoice?.id,
        status: "requires_payment_method",
      }).go();
      if (invoice) sub = await update(sub, { latestInvoiceId: invoice.id });
      const shaped = await stripeSubscription(sub);
      await send("customer.subscription.created", shaped, now);
      return fromStripeSubscription(shaped as never);
    },

    async retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
      const sub = (await TestSubscriptionEntity.get({ id }).go()).data;
      return sub ? fromStripeSubscription((await stripeSubscription(sub)) as never) : undefined;
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean) {
      let sub = await getSubscription(id);
      if (sub.status === "canceled") throw new Conflict("This subscription has already ended");
      sub = await update(sub, { cancelAtPeriodEnd: cancel });
      await subscriptionChanged(sub, await testClockNow(sub.customerId));
      return fromStripeSubscription((await stripeSubscription(sub)) as never);
    },

    async cancelNow(id: string) {
      let sub = await getSubscription(id);
      if (sub.status !== "canceled") sub = await end(sub, await testClockNow(sub.customerId));
      return fromStripeSubscription((await stripeSubscription(sub)) as never);
    },

    async customerOfCharge(chargeId: string) {
      const invoice = (await TestInvoiceEntity.get({ id: chargeId.replace(/^ch_/, "in_") }).go()).data;
      return invoice?.customerId;
    },

    async createPortalSession(_customerId: string, returnUrl: string) {
      // The local portal is a page of the site itself, for the signed-in payer.
      const url = new URL("/billing/portal", returnUrl);
      url.searchParams.set("return", new URL(returnUrl).pathname);
      return url.toString();
    },

    parseWebhook(payload: string | Buffer, signature: string | undefined) {
      return parseSignedEvent(payload, signature, webhookSecret);
    },

    /** Stripe.js confirming a card against a client secret: the first payment, or a trial's saved card. */
    async confirm(intentId: string, clientSecret: string, card: TestCard): Promise<TestConfirmOutcome> {
      const intent = (await TestIntentEntity.get({ id: intentId }).go()).data;
      // As Stripe does, a wrong client secret reads as an unknown intent.
      if (!intent || intent.clientSecret !== clientSecret) throw new NotFound("Payment");
      if (intent.status !== "requires_payment_method")
        throw new Conflict(`This payment has already ${intent.status === "succeeded" ? "succeeded" : "been canceled"}.`);
      const problem = cardProblem(card);
      if (problem) throw new Invalid(problem);
      const number = card.number.replace(/[\s-]/g, "");
      const failsCharges = number === FAILS_CHARGES_CARD;
      const decline = DECLINES[number] ?? (intent.kind === "payment" && failsCharges ? CHARGE_FAILED : undefined);
      let sub = await getSubscription(intent.subscriptionId);
      const now = await testClockNow(sub.customerId);
      if (decline) {
        await TestIntentEntity.patch({ id: intentId }).set({ lastError: decline.message }).go();
        if (intent.invoiceId) {
          const invoice = (await TestInvoiceEntity.get({ id: intent.invoiceId }).go()).data!;
          await send("invoice.payment_failed", stripeInvoice(invoice), now);
        }
        return { status: "requires_payment_method", lastError: decline.message };
      }
      try {
        // Conditioned on the status read above: two confirmations racing charge once.
        await TestIntentEntity.patch({ id: intentId })
          .set({ status: "succeeded", lastError: "" })
          .where((a, op) => op.eq(a.status, "requires_payment_method"))
          .go();
      } catch (error) {
        if (isConditionFailure(error)) throw new Conflict("This payment has already succeeded.");
        throw error;
      }
      await TestCustomerEntity.patch({ id: sub.customerId })
        .set({ cardLast4: number.slice(-4), cardFailsCharges: failsCharges })
        .go();
      sub = await update(sub, { hasPaymentMethod: true, pendingIntentId: undefined });
      if (intent.kind === "payment" && intent.invoiceId) {
        const invoice = (await TestInvoiceEntity.get({ id: intent.invoiceId }).go()).data!;
        const paid = await markPaid(invoice, now);
        sub = await update(sub, { status: "active" });
        await send("invoice.paid", stripeInvoice(paid), now);
      }
      await subscriptionChanged(sub, now);
      return { status: "succeeded" };
    },

    /** Moves the customer's test clock forward and runs every renewal, failed retry and period end that falls due. */
    async advanceClock(customerId: string, seconds: number) {
      const clock = (await TestClockEntity.get({ id: customerId }).go()).data;
      const offsetSeconds = (clock?.offsetSeconds ?? 0) + seconds;
      await TestClockEntity.put({ id: customerId, offsetSeconds }).go();
      const now = await testClockNow(customerId);
      const subs = await TestSubscriptionEntity.query.byCustomer({ customerId }).go({ pages: "all" });
      for (const sub of subs.data) await runUntil(sub, now);
      return now;
    },

    /** A full refund of the customer's latest payment, as an operator would make it in the Dashboard. */
    async refundLatest(customerId: string) {
      const invoice = await latestPaidInvoice(customerId);
      await TestInvoiceEntity.patch({ id: invoice.id }).set({ refunded: true }).go();
      await send("charge.refunded", stripeCharge({ ...invoice, refunded: true }), await testClockNow(customerId));
    },

    /** The cardholder's bank opens a dispute on the latest payment. */
    async disputeLatest(customerId: string) {
      const invoice = await latestPaidInvoice(customerId);
      await TestInvoiceEntity.patch({ id: invoice.id }).set({ disputed: true }).go();
      const dispute = {
        id: randomId("dp"),
        object: "dispute",
        amount: invoice.amount,
        currency: invoice.currency,
        charge: chargeOf(invoice.id),
        reason: "fraudulent",
        status: "needs_response",
        livemode: false,
      };
      await send("charge.dispute.created", dispute, await testClockNow(customerId));
    },

    /** What the Customer Portal shows: the card on file, the subscription, the invoices. */
    async portal(customerId: string, subscriptionId?: string): Promise<TestPortal> {
      const customer = (await TestCustomerEntity.get({ id: customerId }).go()).data;
      const sub = subscriptionId ? (await TestSubscriptionEntity.get({ id: subscriptionId }).go()).data : undefined;
      const invoices = await TestInvoiceEntity.query.byCustomer({ customerId }).go({ order: "desc", pages: "all" });
      return {
        now: new Date((await testClockNow(customerId)) * 1000).toISOString(),
        card: customer?.cardLast4 ? { last4: customer.cardLast4 } : null,
        subscription: sub
          ? { status: sub.status, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: !!sub.cancelAtPeriodEnd }
          : null,
        invoices: invoices.data.map((i) => ({
          id: i.id,
          amount: i.amount,
          currency: i.currency,
          status: i.status,
          created: i.created,
          refunded: !!i.refunded,
        })),
      };
    },

    /** The portal's "update payment method"; a past-due invoice is retried on the new card at once, as Stripe does. */
    async replaceCard(customerId: string, subscriptionId: string | undefined, card: TestCard) {
      const problem = cardProblem(card);
      if (problem) throw new Invalid(problem);
      const number = card.number.replace(/[\s-]/g, "");
      const decline = DECLINES[number];
      if (decline) throw new Invalid(decline.message);
      await TestCustomerEntity.patch({ id: customerId })
        .set({ cardLast4: number.slice(-4), cardFailsCharges: number === FAILS_CHARGES_CARD })
        .go();
      const sub = subscriptionId ? (await TestSubscriptionEntity.get({ id: subscriptionId }).go()).data : undefined;
      if (sub?.status === "past_due" && sub.latestInvoiceId) {
        const invoice = (await TestInvoiceEntity.get({ id: sub.latestInvoiceId }).go()).data;
        if (invoice?.status === "open") await charge({ ...sub, hasPaymentMethod: true }, invoice, await testClockNow(customerId));
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
