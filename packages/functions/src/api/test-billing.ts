import { AdvanceClockInput, ReplaceCardInput } from "@quorum/core/billing/schema";
import { TestMode } from "@quorum/core/billing/test-mode";
import { route } from "../http/route";

/**
 * The local test mode's developer controls (a local stack without Stripe keys;
 * elsewhere every one answers 404): the caller's clock, like a Stripe test clock, and
 * what an operator or a bank would do to the caller's latest payment.
 */
export const clock = route({}, async () => TestMode.clock());

export const advanceClock = route({ body: AdvanceClockInput }, async ({ body }) => TestMode.advanceClock(body));

export const refund = route({}, async () => {
  await TestMode.refundLatest();
  return { success: true };
});

export const dispute = route({}, async () => {
  await TestMode.disputeLatest();
  return { success: true };
});

/** The local Customer Portal page's data and its "update payment method". */
export const portal = route({}, async () => TestMode.portal());

export const replaceCard = route({ body: ReplaceCardInput }, async ({ body }) => TestMode.replaceCard(body));
