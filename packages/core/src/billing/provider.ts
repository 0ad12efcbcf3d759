/**
 * The one interface every payment provider speaks. Stripe is the real one; the
 * test provider stands in for it on a local stack without Stripe keys. The
 * billing domain only ever talks to this interface, so both run the same flow:
 * a customer per user, a monthly subscription, and signed webhook events that
 * carry every change of its state.
 */

/** Stripe's subscription statuses (the test provider uses the same words). */
export type SubscriptionStatus =
  "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** Seconds since the epoch, as Stripe counts. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
  /** A card is on file for the renewals: a trial without one grants nothing. */
  hasPaymentMethod: boolean;
  metadata: Record<string, string>;
  /**
   * What the browser confirms while the subscription waits for the payer: the
   * first invoice's PaymentIntent ('payment') or, during a trial, the SetupIntent
   * that saves the card ('setup'). Null once nothing is pending.
   */
  pending: { kind: "payment" | "setup"; intentId: string; clientSecret: string } | null;
}

/** The price the server sells Professional at, from configuration only. */
export interface PlanPrice {
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  interval: "month" | "year";
  /** A Price already created in the Stripe Dashboard; when absent one is found or created from the fields above. */
  priceId?: string;
}

/** A verified event: Stripe's envelope with the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, on the provider's clock. */
  created: number;
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the browser needs to load the provider's card form (Stripe.js); none for the test provider. */
  readonly publishableKey?: string;
  /** The same key always answers the same customer: racing first clicks make one. */
  createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>;
  /** The same key always answers the same subscription: racing clicks or two tabs make one. */
  createSubscription(input: {
    customerId: string;
    userId: string;
    price: PlanPrice;
    trialDays: number;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  /** Undefined when the provider does not know the id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  /** Cancel at the end of the paid period (true) or take that back (false). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now: no further charge. */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /** The customer a charge belongs to (a dispute names only its charge). */
  customerOfCharge(chargeId: string): Promise<string | undefined>;
  /** Where the payer manages their card and invoices; `returnUrl` brings them back. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body and answers the event; throws `Invalid` when it does not verify. */
  parseWebhook(payload: string | Buffer, signature: string | undefined): ProviderEvent;
}
