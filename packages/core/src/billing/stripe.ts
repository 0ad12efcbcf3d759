import Stripe from "stripe";
import { Invalid, Unavailable } from "../error";
import type { CreateIntentInput, IntentStatus, PaymentProvider, ProviderEvent, ProviderIntent } from "./provider";

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  publishableKey?: string;
  /** Tests point the SDK at a local fake (e.g. http://127.0.0.1:12111); unset means api.stripe.com. */
  apiBase?: string;
}

const clients = new Map<string, Stripe>();

/** One SDK client per key and address: it keeps its connections alive across a Lambda's invocations. */
function client(settings: StripeSettings): Stripe {
  const cacheKey = `${settings.secretKey}|${settings.apiBase ?? ""}`;
  let stripe = clients.get(cacheKey);
  if (!stripe) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    stripe = new Stripe(settings.secretKey, {
      // Below API Gateway's 30 s, with one retry of a dropped connection (the SDK sends an idempotency key).
      timeout: 10_000,
      maxNetworkRetries: 1,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "http:" ? 80 : 443),
            protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
          }
        : {}),
    });
    clients.set(cacheKey, stripe);
  }
  return stripe;
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amount: intent.amount,
    currency: intent.currency,
    // Newer API versions may add statuses; billing only acts on the ones it knows.
    status: intent.status as IntentStatus,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? undefined,
  };
}

/**
 * Verifies a webhook signed with Stripe's scheme (HMAC-SHA256 over "<timestamp>.<raw body>",
 * five minutes' tolerance) and answers the event. The signature covers the exact bytes
 * that were sent: this must get the raw body, never a re-serialized one.
 */
export function parseSignedEvent(payload: string | Buffer, signature: string | undefined, secret: string): ProviderEvent {
  if (!signature) throw new Invalid("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new Invalid("Invalid Stripe signature");
    throw error;
  }
  const object = event.data.object as { object?: string };
  return {
    id: event.id,
    type: event.type,
    intent: object.object === "payment_intent" ? fromStripeIntent(object as Stripe.PaymentIntent) : undefined,
  };
}

function isMissing(error: unknown) {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === "resource_missing" || error.statusCode === 404);
}

/** The real provider: Stripe's API through the official SDK. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = client(settings);
  return {
    name: "stripe",
    publishableKey: settings.publishableKey || undefined,

    async createIntent(input: CreateIntentInput) {
      const intent = await stripe.paymentIntents.create({
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        // The Payment Element offers whatever methods the Stripe account has enabled.
        automatic_payment_methods: { enabled: true },
      });
      return fromStripeIntent(intent);
    },

    async retrieve(id: string) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    parseWebhook(payload, signature): ProviderEvent {
      if (!settings.webhookSecret) throw new Unavailable("Stripe webhooks are not configured for this stage");
      return parseSignedEvent(payload, signature, settings.webhookSecret);
    },
  };
}
