import { Billing } from "@quorum/core/billing/index";
import { rawBody, route } from "../http/route";

/**
 * Stripe's webhook (no user token: Stripe signs the request instead). The
 * signature is checked over the raw body exactly as received; a replayed event
 * is acknowledged and changes nothing. A failure to apply an event answers 500,
 * so Stripe delivers it again later.
 */
export const handle = route({ auth: false }, async ({ event }) => {
  const headers = event.headers ?? {};
  return Billing.receiveWebhook(rawBody(event), headers["stripe-signature"] ?? headers["Stripe-Signature"]);
});
