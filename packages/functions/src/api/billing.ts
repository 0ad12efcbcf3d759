import { z } from "zod";
import { config } from "@quorum/core/config";
import { Billing } from "@quorum/core/billing/index";
import { CreatePaymentIntentInput, TestPaymentInput, UpdateSubscriptionInput } from "@quorum/core/billing/schema";
import { TestMode } from "@quorum/core/billing/test-mode";
import { Quota } from "@quorum/core/quota/index";
import { StorageUse } from "@quorum/core/quota/storage";
import { Actor } from "@quorum/core/actor";
import { PlanGrant } from "@quorum/core/user/plan-grant";
import { Invalid } from "@quorum/core/error";
import { reply, route } from "../http/route";

/**
 * `{ amount: 50 }` from the spec's client; the server subscribes the caller at the
 * configured price and answers the client secret the card form confirms.
 */
export const createPaymentIntent = route({ fresh: true, body: CreatePaymentIntentInput }, async ({ body }) =>
  Billing.createPaymentIntent(body),
);

export const updateSubscription = route({ fresh: true, body: UpdateSubscriptionInput }, async ({ body }) => ({
  success: true as const,
  user: await Billing.updateSubscription(body),
}));

/** Cancel at the end of the paid period; the plan stays until then. */
export const cancelSubscription = route({ fresh: true }, async () => ({ user: await Billing.setCancelAtPeriodEnd(true) }));

/** Take a pending cancellation back. */
export const resumeSubscription = route({ fresh: true }, async () => ({ user: await Billing.setCancelAtPeriodEnd(false) }));

/** A Customer Portal session (card, invoices); the payer comes back to /profile. */
export const portalSession = route({ fresh: true }, async ({ event }) => {
  const site = config().SITE_URL || event.headers?.origin;
  if (!site || !/^https?:\/\//.test(site)) throw new Invalid("The request has no Origin to return to");
  return Billing.portalSession(new URL("/profile", site).toString());
});

/**
 * Test mode's card confirmation (local stack without Stripe keys). Answers like
 * Stripe.js's confirmPayment / confirmSetup: the intent, or a 402 with the card's words.
 */
export const confirmTestPayment = route(
  { path: z.object({ id: z.string().min(1).max(100) }), body: TestPaymentInput },
  async ({ path, body }) => {
    const outcome = await TestMode.confirm(path.id, body);
    const paymentIntent = { id: path.id, status: outcome.status };
    if (outcome.status !== "succeeded")
      return reply(402, { error: outcome.lastError ?? "Your card was declined.", code: "card_declined", paymentIntent });
    return { paymentIntent };
  },
);

/** Today's questions and every meter against the plan's limits, and the documents stored against the plan's storage, for the UI. */
export const usage = route({}, async () => {
  const [counts, { used, limit }] = await Promise.all([Quota.usage(), StorageUse.summary()]);
  return { ...counts, storage: { used, limit } };
});

/** The caller's plan changes made by people (Enterprise set or ended by an operator) or by their end date, newest first. */
export const history = route({}, async () => ({ changes: await PlanGrant.history(Actor.userId()) }));
