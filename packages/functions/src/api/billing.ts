import { z } from "zod";
import { Billing } from "@quorum/core/billing/index";
import { Quota } from "@quorum/core/quota/index";
import { reply, route } from "../http/route";

/** `{ amount: 50 }` from the spec's client; the server charges the configured price. */
export const createPaymentIntent = route({ body: Billing.CreatePaymentIntentInput }, async ({ body }) => Billing.createPaymentIntent(body));

export const updateSubscription = route({ body: Billing.UpdateSubscriptionInput }, async ({ body }) => ({
  success: true,
  user: await Billing.updateSubscription(body),
}));

/**
 * Test mode's card confirmation (local stack without Stripe keys). Answers like
 * Stripe.js's confirmPayment: the intent, or a 402 with the provider's words.
 */
export const confirmTestPayment = route(
  { path: z.object({ id: z.string().min(1).max(100) }), body: Billing.ConfirmTestPaymentInput },
  async ({ path, body }) => {
    const intent = await Billing.confirmTestPayment(path.id, body);
    const paymentIntent = { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
    if (intent.status !== "succeeded")
      return reply(402, { error: intent.lastError ?? "Your card was declined.", code: "card_declined", paymentIntent });
    return { paymentIntent };
  },
);

/** Today's questions against the plan's limit, for the UI. */
export const usage = route({}, async () => Quota.usage());
