import type { z } from "zod";
import { Actor } from "../actor";
import { config } from "../config";
import { Conflict, NotFound, VisibleError } from "../error";
import { fn } from "../fn";
import { User } from "../user/index";
import { Billing } from "./index";
import { localTestProvider, testClockNow } from "./test-provider";
import { AdvanceClockInput, ReplaceCardInput, TestPaymentInput } from "./schema";

/**
 * What only the local test mode offers (a local stack without Stripe keys): the
 * card confirmation Stripe.js does in the browser, the Customer Portal's page,
 * the developer's clock, and the refund or dispute an operator or a bank would
 * start. Every change reaches the account through the signed webhook, as Stripe's would.
 */
export namespace TestMode {
  function local() {
    if (!Billing.testModeAvailable()) {
      throw new VisibleError("not_found", "Test payments are only available on a local stack without Stripe keys", 404);
    }
    return localTestProvider(config());
  }

  /** Stripe.js's confirmPayment / confirmSetup for a client secret of the caller's subscription. */
  export async function confirm(intentId: string, input: z.input<typeof TestPaymentInput>) {
    const payments = local();
    const parsed = fn(TestPaymentInput, (x) => x)(input);
    const user = await User.find(Actor.userId());
    const sub = user?.subscriptionId ? await payments.retrieveSubscription(user.subscriptionId) : undefined;
    // Only the caller's own pending intent: anyone else's reads as unknown.
    if (!sub?.pending || sub.pending.intentId !== intentId) throw new NotFound("Payment");
    return payments.confirm(intentId, parsed.clientSecret, parsed.card);
  }

  /**
   * Moves the caller's test clock forward (like a Stripe test clock attached to
   * their customer): renewals, failed payments and period ends fall due.
   */
  export async function advanceClock(input: z.input<typeof AdvanceClockInput>) {
    const payments = local();
    const { days } = AdvanceClockInput.parse(input);
    const now = await payments.advanceClock((await myCustomer()).stripeCustomerId, Math.round(days * 86_400));
    return { now: new Date(now * 1000).toISOString() };
  }

  export async function clock() {
    local();
    return { now: new Date((await testClockNow((await myCustomer()).stripeCustomerId)) * 1000).toISOString() };
  }

  async function myCustomer() {
    const user = await User.find(Actor.userId());
    if (!user?.stripeCustomerId) throw new Conflict("You have no billing account yet: upgrade to Professional first");
    return user as typeof user & { stripeCustomerId: string };
  }

  /** A full refund of the caller's latest payment (what an operator does in the Dashboard). */
  export async function refundLatest() {
    const payments = local();
    await payments.refundLatest((await myCustomer()).stripeCustomerId);
  }

  /** A bank dispute on the caller's latest payment. */
  export async function disputeLatest() {
    const payments = local();
    await payments.disputeLatest((await myCustomer()).stripeCustomerId);
  }

  /** The local Customer Portal: card on file, subscription, invoices. */
  export async function portal() {
    const payments = local();
    const user = await myCustomer();
    return payments.portal(user.stripeCustomerId, user.subscriptionId);
  }

  export async function replaceCard(input: z.input<typeof ReplaceCardInput>) {
    const payments = local();
    const { card } = ReplaceCardInput.parse(input);
    const user = await myCustomer();
    await payments.replaceCard(user.stripeCustomerId, user.subscriptionId, card);
    return payments.portal(user.stripeCustomerId, user.subscriptionId);
  }
}
