/**
 * The one interface every payment provider speaks. Stripe is the real one; the
 * test provider stands in for it on a local stack without Stripe keys. The
 * billing domain only ever talks to this interface, so both run the same flow.
 */

/** Stripe's PaymentIntent statuses (the test provider uses the same words). */
export type IntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";

export interface ProviderIntent {
  id: string;
  /** Handed to the browser so it can confirm the payment; never stored by us. */
  clientSecret: string | null;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  /** The provider's words for the last failed attempt, shown to the payer. */
  lastError?: string;
}

/** The events billing reacts to; anything else is acknowledged and ignored. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event is about, when it is about one. */
  intent?: ProviderIntent;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  description: string;
  metadata: { userId: string; plan: string };
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface TestConfirmResult {
  intent: ProviderIntent;
  /** The signed webhook the provider "sends" for this outcome: payload and signature header. */
  webhook: { payload: string; signature: string };
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the browser needs to load the provider's card form (Stripe.js); none for the test provider. */
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Undefined when the provider does not know the id. */
  retrieve(id: string): Promise<ProviderIntent | undefined>;
  /** Verifies the signature over the raw body and answers the event; throws `Invalid` when it does not verify. */
  parseWebhook(payload: string | Buffer, signature: string | undefined): ProviderEvent;
  /** Only the test provider confirms on the server (Stripe confirms in the browser, with Stripe.js). */
  confirm?(id: string, input: { clientSecret: string; card: TestCard }): Promise<TestConfirmResult>;
}
