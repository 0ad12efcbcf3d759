import Stripe from "stripe";
import { Invalid, Unavailable } from "../error";
import type { PaymentProvider, PlanPrice, ProviderEvent, ProviderSubscription, SubscriptionStatus } from "./provider";

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  publishableKey?: string;
  /** A Customer Portal configuration (bpc_...); unset uses the account's default. */
  portalConfiguration?: string;
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
      // Below API Gateway's 30 s, with one retry of a dropped connection (the SDK resends the same idempotency key).
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

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? undefined));

/** Our view of a Stripe Subscription; its period lives on its items since API version 2025-03-31. */
export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
  const setup = typeof sub.pending_setup_intent === "object" ? sub.pending_setup_intent : null;
  let pending: ProviderSubscription["pending"] = null;
  if (sub.status === "incomplete" && invoice?.confirmation_secret?.client_secret) {
    pending = { kind: "payment", intentId: invoice.id ?? "", clientSecret: invoice.confirmation_secret.client_secret };
  } else if (setup?.client_secret && setup.status !== "succeeded" && setup.status !== "canceled") {
    pending = { kind: "setup", intentId: setup.id, clientSecret: setup.client_secret };
  }
  return {
    id: sub.id,
    customerId: idOf(sub.customer as string | { id: string }) ?? "",
    status: sub.status as SubscriptionStatus,
    currentPeriodEnd: item?.current_period_end ?? 0,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialEnd: sub.trial_end,
    hasPaymentMethod: !!sub.default_payment_method,
    metadata: { ...(sub.metadata ?? {}) },
    pending,
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
  return { id: event.id, type: event.type, created: event.created, object: event.data.object as unknown as Record<string, unknown> };
}

function isMissing(error: unknown) {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === "resource_missing" || error.statusCode === 404);
}

/** What the subscription calls expand, so the pending client secret comes back with the subscription. */
const EXPAND = ["latest_invoice.confirmation_secret", "pending_setup_intent"];

/** The real provider: Stripe's API through the official SDK. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = client(settings);

  /**
   * The configured Price, or one made from the configured amount, currency and
   * interval, found again by its lookup key so every Lambda uses the same one.
   */
  async function priceId(price: PlanPrice): Promise<string> {
    if (price.priceId) return price.priceId;
    const lookupKey = `quorum_professional_${price.amount}_${price.currency}_${price.interval}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await stripe.prices.create(
      {
        unit_amount: price.amount,
        currency: price.currency,
        recurring: { interval: price.interval },
        product_data: { name: "Quorum Professional" },
        lookup_key: lookupKey,
      },
      { idempotencyKey: `price:${lookupKey}` },
    );
    return created.id;
  }

  return {
    name: "stripe",
    publishableKey: settings.publishableKey || undefined,

    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey });
      return customer.id;
    },

    async createSubscription({ customerId, userId, price, trialDays, idempotencyKey }) {
      const sub = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceId(price) }],
          // The first invoice waits for the browser to confirm it; nothing is charged from here.
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          ...(trialDays > 0
            ? { trial_period_days: trialDays, trial_settings: { end_behavior: { missing_payment_method: "cancel" as const } } }
            : {}),
          metadata: { userId },
          expand: EXPAND,
        },
        { idempotencyKey },
      );
      return fromStripeSubscription(sub);
    },

    async retrieveSubscription(id) {
      try {
        return fromStripeSubscription(await stripe.subscriptions.retrieve(id, { expand: EXPAND }));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return fromStripeSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: EXPAND }));
    },

    async cancelNow(id) {
      try {
        return fromStripeSubscription(await stripe.subscriptions.cancel(id, { expand: EXPAND }));
      } catch (error) {
        // Already canceled: Stripe refuses to cancel twice; the current state is what we wanted.
        const current = await this.retrieveSubscription(id);
        if (current?.status === "canceled") return current;
        throw error;
      }
    },

    async customerOfCharge(chargeId) {
      try {
        return idOf((await stripe.charges.retrieve(chargeId)).customer as string | { id: string } | null);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        ...(settings.portalConfiguration ? { configuration: settings.portalConfiguration } : {}),
      });
      return session.url;
    },

    parseWebhook(payload, signature): ProviderEvent {
      if (!settings.webhookSecret) throw new Unavailable("Stripe webhooks are not configured for this stage");
      return parseSignedEvent(payload, signature, settings.webhookSecret);
    },
  };
}
