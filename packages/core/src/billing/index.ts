import { Actor } from "../actor";
import { config, isLocalStage, type Config } from "../config";
import { isConditionFailure } from "../db/optimistic";
import { fn } from "../fn";
import { Conflict, Invalid, NotFound, Unavailable, VisibleError } from "../error";
import { UserEntity, type UserItem } from "../user/entity";
import { User } from "../user/index";
import { CreatePaymentIntentInput, TRIAL_DAYS, UpdateSubscriptionInput } from "./schema";
import { isLoopback } from "../loopback";
import type { PaymentProvider, PlanPrice, ProviderEvent, ProviderSubscription } from "./provider";
import { stripeProvider } from "./stripe";
import { Notify } from "../notify/index";
import { localTestProvider } from "./test-provider";
import { BillingEventEntity, BillingCustomerEntity } from "./entity";

/** Subscription states in which the payer holds (or is owed) the paid plan. */
const LIVE = new Set(["active", "trialing", "past_due"]);
/** States that end the subscription: the account goes back to Starter, its data kept. */
const ENDED = new Set(["canceled", "incomplete_expired", "unpaid", "paused"]);

/** Not ours to handle yet (unknown customer, user record not written): a non-2xx answer makes Stripe retry. */
class NotYetKnown extends VisibleError {
  constructor(message: string) {
    super("unknown_customer", message, 409);
  }
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** What a subscription as the provider reports it means for the user's plan. */
function planChanges(sub: ProviderSubscription, user: UserItem, happenedAt: number): Partial<UserItem> {
  const base = {
    subscriptionId: sub.id,
    subscriptionStatus: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    ...(sub.currentPeriodEnd ? { currentPeriodEnd: iso(sub.currentPeriodEnd) } : {}),
  };
  // Enterprise is set by an operator (PlanGrant): a late event about an earlier Professional subscription never ends it.
  if (user.plan === "enterprise" && User.hasPaidAccess(user)) return base;
  // A trial without a saved card (the payer left the form) and an unpaid first invoice grant nothing yet.
  if (sub.status === "incomplete" || (sub.status === "trialing" && !sub.hasPaymentMethod)) return base;
  if (ENDED.has(sub.status)) {
    return { ...base, plan: "starter", planStatus: "active", cancelAtPeriodEnd: false, pastDueSince: "" };
  }
  if (sub.status === "past_due") {
    return { ...base, plan: "professional", planStatus: "past_due", pastDueSince: user.pastDueSince || new Date(happenedAt).toISOString() };
  }
  return {
    ...base,
    plan: "professional",
    planStatus: "active",
    pastDueSince: "",
    billingNotice: "",
    ...(sub.trialEnd ? { trialEndsAt: iso(sub.trialEnd) } : {}),
  };
}

export namespace Billing {
  /**
   * The test provider stands in for Stripe only on a local stack without Stripe
   * keys: stage `local` with its data in a stand-in on this machine. Its webhook
   * secret is public, so a deployed stage (no loopback endpoint) never offers it,
   * whatever its name.
   */
  export function testModeAvailable(c: Config = config()) {
    return isLocalStage(c) && !c.STRIPE_SECRET_KEY && isLoopback(c.DYNAMO_ENDPOINT);
  }

  /** The payment provider of this stage: Stripe with keys, the test provider locally without them, else none. */
  export function provider(c: Config = config()): PaymentProvider {
    if (c.STRIPE_SECRET_KEY) {
      return stripeProvider({
        secretKey: c.STRIPE_SECRET_KEY,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        publishableKey: c.STRIPE_PUBLISHABLE_KEY,
        portalConfiguration: c.STRIPE_PORTAL_CONFIGURATION,
        apiBase: c.STRIPE_API_BASE,
      });
    }
    if (testModeAvailable(c)) return localTestProvider(c);
    throw new Unavailable("Payments are not configured for this stage");
  }

  /** The server decides the price (configuration), never the client. */
  export function professionalPrice(c: Config = config()): PlanPrice {
    return {
      amount: Math.round(c.PROFESSIONAL_PRICE_USD * 100),
      currency: c.PROFESSIONAL_PRICE_CURRENCY,
      interval: c.PROFESSIONAL_PRICE_INTERVAL,
      ...(c.STRIPE_PRICE_ID ? { priceId: c.STRIPE_PRICE_ID } : {}),
    };
  }

  /** A provider call failed for a reason of its own (bad key, outage): its words go to the log, not to the payer. */
  async function calling<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof VisibleError) throw error;
      console.error(`${what} failed`, error);
      throw new Unavailable("The payment provider could not be reached. Please try again.");
    }
  }

  /** The caller's record; the sign-in sync normally wrote it, but payment may come first. */
  async function currentUser(): Promise<UserItem> {
    const existing = await User.find(Actor.userId());
    return existing ?? (await User.login({ firebaseUid: Actor.userId() }));
  }

  /** The user's one customer, created once: racing first clicks send the same idempotency key and get the same one. */
  async function customerOf(user: UserItem, payments: PaymentProvider): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customerId = await calling("Creating a customer", () =>
      payments.createCustomer({ userId: user.userId, email: user.email, idempotencyKey: `customer:${user.userId}` }),
    );
    await BillingCustomerEntity.create({ customerId, userId: user.userId })
      .go()
      .catch((error) => {
        if (!isConditionFailure(error)) throw error;
      });
    try {
      await UserEntity.patch({ userId: user.userId })
        .set({ stripeCustomerId: customerId })
        .where((a, op) => op.notExists(a.stripeCustomerId))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return (await User.find(user.userId))!.stripeCustomerId!;
    }
    return customerId;
  }

  /**
   * Starts (or picks up) the caller's Professional subscription and answers the
   * client secret the card form confirms: the first invoice's PaymentIntent, or
   * during the free trial the SetupIntent that saves the card. The price is the
   * configured one; the spec's `amount` is accepted for the contract and not used.
   * Two clicks or two tabs get the same subscription: its idempotency key is the
   * user's subscription count, and a pending one is answered again.
   */
  export const createPaymentIntent = fn(CreatePaymentIntentInput, async () => {
    const payments = provider();
    let user = await currentUser();
    const price = professionalPrice();
    const customerId = await customerOf(user, payments);

    if (user.subscriptionId) {
      const current = await calling("Reading the subscription", () => payments.retrieveSubscription(user.subscriptionId!));
      if (current?.pending) return setupAnswer(payments, current, price);
      if (current && LIVE.has(current.status)) {
        throw new Conflict(
          current.status === "past_due"
            ? "Your Professional plan's last payment failed: update your card with Manage billing"
            : "Your Professional plan is already active",
        );
      }
    }

    const generation = user.subscriptionCount ?? 0;
    const trial = !user.trialUsed;
    const sub = await calling("Creating a subscription", () =>
      payments.createSubscription({
        customerId,
        userId: user.userId,
        price,
        trialDays: trial ? TRIAL_DAYS : 0,
        idempotencyKey: `subscription:${user.userId}:${generation}`,
      }),
    );
    try {
      await UserEntity.patch({ userId: user.userId })
        .set({ subscriptionId: sub.id, subscriptionCount: generation + 1, ...(trial ? { trialUsed: true } : {}) })
        .where((a, op) => (generation === 0 ? op.notExists(a.subscriptionCount) : op.eq(a.subscriptionCount, generation)))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A racing click recorded its subscription first; with the same key it is this one.
      user = (await User.find(user.userId))!;
      if (user.subscriptionId !== sub.id) {
        await calling("Canceling a duplicate subscription", () => payments.cancelNow(sub.id));
        throw new Conflict("A subscription is already being set up in another window");
      }
    }
    if (!sub.pending) throw new Unavailable("The payment provider answered without a client secret");
    return setupAnswer(payments, sub, price);
  });

  function setupAnswer(payments: PaymentProvider, sub: ProviderSubscription, price: PlanPrice) {
    const pending = sub.pending!;
    return {
      clientSecret: pending.clientSecret,
      provider: payments.name,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
      /** 'setup': a free trial, the card is saved and first charged at `trialEndsAt`; 'payment': charged now. */
      intentType: pending.kind,
      paymentIntentId: pending.intentId,
      subscriptionId: sub.id,
      amount: price.amount,
      currency: price.currency,
      interval: price.interval,
      trialEndsAt: pending.kind === "setup" && sub.trialEnd ? iso(sub.trialEnd) : null,
    };
  }

  /**
   * Writes the subscription's state to its user, unless a newer read was
   * written already (events arrive in any order; each applies the state the
   * provider holds now, and the latest read wins).
   */
  async function applySubscription(userId: string, sub: ProviderSubscription, seenAt: number, happenedAt = seenAt) {
    const user = await User.find(userId);
    if (!user) throw new NotYetKnown(`No user ${userId} yet`);
    // A late event about an earlier subscription never overrides the current one.
    if (user.subscriptionId && user.subscriptionId !== sub.id) {
      console.warn(`Subscription ${sub.id} is not user ${userId}'s current one (${user.subscriptionId}): ignored`);
      return;
    }
    const changes = { ...planChanges(sub, user, happenedAt), billingSyncedAt: seenAt };
    try {
      await UserEntity.patch({ userId })
        .set(changes as never)
        .where((a, op) => `${op.notExists(a.billingSyncedAt)} OR ${op.lte(a.billingSyncedAt, seenAt)}`)
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /**
   * Re-reads a subscription from the provider and applies it: the provider's current state is the truth.
   * `happenedAt` (the event's time, on the provider's clock) dates a payment failure's grace period.
   */
  async function syncSubscription(userId: string, subscriptionId: string, payments: PaymentProvider, happenedAt?: number) {
    const seenAt = Date.now();
    const sub = await payments.retrieveSubscription(subscriptionId);
    if (!sub) throw new NotYetKnown(`Subscription ${subscriptionId} is unknown to the provider`);
    if (sub.metadata.userId && sub.metadata.userId !== userId) {
      console.error(`Subscription ${sub.id} names user ${sub.metadata.userId}, its customer belongs to ${userId}: refused`);
      throw new Invalid("The subscription belongs to another user");
    }
    await applySubscription(userId, sub, seenAt, happenedAt);
    return sub;
  }

  /** The user behind an event's customer; unknown customers and users are refused (and retried by Stripe). */
  async function userOfCustomer(customerId: string | undefined, claimedUserId: string | undefined) {
    if (!customerId) throw new Invalid("The event names no customer");
    const mapping = (await BillingCustomerEntity.get({ customerId }).go()).data;
    if (!mapping) {
      console.error(`Stripe event for unknown customer ${customerId}: refused`);
      throw new NotYetKnown(`Unknown customer ${customerId}`);
    }
    if (claimedUserId && claimedUserId !== mapping.userId) {
      console.error(`Stripe event names user ${claimedUserId} for customer ${customerId} of user ${mapping.userId}: refused`);
      throw new Invalid("The event names another user");
    }
    return mapping.userId;
  }

  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  const idOf = (value: unknown) => str(value) ?? str((value as { id?: unknown } | null)?.id);
  const metadataUser = (object: Record<string, unknown>) => str((object.metadata as Record<string, unknown> | undefined)?.userId);

  /** The subscription an invoice is for (since API 2025-03-31 under parent.subscription_details). */
  function invoiceSubscription(invoice: Record<string, unknown>) {
    const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  }

  /**
   * A charge given back or disputed: the money is gone, so no paid period is owed.
   * The subscription is ended now (no further charge to that card) and the
   * account returns to Starter with its data; the user is told why on /profile.
   */
  async function endForMoneyReturned(userId: string, payments: PaymentProvider, notice: string) {
    const user = await User.find(userId);
    if (!user) throw new NotYetKnown(`No user ${userId} yet`);
    if (!user.subscriptionId) return;
    const seenAt = Date.now();
    const sub = await payments.cancelNow(user.subscriptionId);
    await applySubscription(userId, sub, seenAt);
    // Said whatever order the cancellation's own event lands in.
    await UserEntity.patch({ userId }).set({ billingNotice: notice }).go();
  }

  /** Applies one verified event to its user. */
  async function apply(event: ProviderEvent, payments: PaymentProvider): Promise<string | undefined> {
    const object = event.object;
    switch (event.type) {
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
      case "customer.subscription.trial_will_end": {
        const userId = await userOfCustomer(idOf(object.customer), metadataUser(object));
        await syncSubscription(userId, idOf(object.id)!, payments, event.created * 1000);
        return userId;
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const subscriptionId = invoiceSubscription(object);
        if (!subscriptionId) return undefined; // a one-off invoice: no plan in it
        const userId = await userOfCustomer(idOf(object.customer), undefined);
        await syncSubscription(userId, subscriptionId, payments, event.created * 1000);
        const paid = event.type === "invoice.paid";
        const amount = Number(paid ? object.amount_paid : object.amount_due) || 0;
        // A free trial's $0 invoice is no payment to tell about.
        if (amount > 0) await Notify.payment(userId, paid ? "succeeded" : "failed", amount, str(object.currency) ?? "usd");
        return userId;
      }
      case "charge.refunded": {
        const userId = await userOfCustomer(idOf(object.customer), metadataUser(object));
        // A partial refund is a goodwill credit: the plan stays. A full one ends it.
        if (object.refunded !== true) return userId;
        await endForMoneyReturned(userId, payments, "Your last payment was refunded, so your Professional plan has ended.");
        return userId;
      }
      case "charge.dispute.created": {
        const chargeId = idOf(object.charge);
        const customerId = chargeId ? await payments.customerOfCharge(chargeId) : undefined;
        const userId = await userOfCustomer(customerId, undefined);
        await endForMoneyReturned(
          userId,
          payments,
          "Your bank disputed a payment, so your Professional plan has ended. Contact support to resolve it.",
        );
        return userId;
      }
      default:
        return undefined;
    }
  }

  /** Event types billing acts on; the README lists the same for the Stripe Dashboard. */
  export const HANDLED_EVENTS = [
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "customer.subscription.trial_will_end",
    "invoice.paid",
    "invoice.payment_failed",
    "charge.refunded",
    "charge.dispute.created",
  ] as const;

  /** One provider event, at most once; a failure forgets it so the provider's retry applies it. */
  export async function handleEvent(
    event: ProviderEvent,
    payments: PaymentProvider = provider(),
  ): Promise<{ received: true; handled: boolean; duplicate?: true }> {
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { received: true, handled: false };
    try {
      await BillingEventEntity.create({ eventId: event.id, type: event.type }).go();
    } catch (error) {
      if (isConditionFailure(error)) return { received: true, handled: false, duplicate: true };
      throw error;
    }
    try {
      const userId = await apply(event, payments);
      if (userId) await BillingEventEntity.patch({ eventId: event.id }).set({ userId }).go();
    } catch (error) {
      await BillingEventEntity.delete({ eventId: event.id })
        .go()
        .catch(() => undefined);
      throw error;
    }
    return { received: true, handled: true };
  }

  /** The webhook endpoint: verify the signature over the raw body, then apply the event once. */
  export async function receiveWebhook(payload: string | Buffer, signature: string | undefined, using: PaymentProvider = provider()) {
    return handleEvent(using.parseWebhook(payload, signature), using);
  }

  /** The caller's subscription, or a 409 that says there is none to change. */
  async function mySubscription() {
    const user = await User.find(Actor.userId());
    if (!user?.subscriptionId || !user.plan || user.plan !== "professional") {
      throw new Conflict("You have no Professional subscription");
    }
    return user as UserItem & { subscriptionId: string };
  }

  /** Cancel at the end of the paid period (true), or resume (false); access runs to the period end either way. */
  export async function setCancelAtPeriodEnd(cancel: boolean) {
    const user = await mySubscription();
    const payments = provider();
    const seenAt = Date.now();
    const sub = await calling("Changing the subscription", () => payments.setCancelAtPeriodEnd(user.subscriptionId, cancel));
    // The webhook will say the same; applying the answer now shows it at once.
    await applySubscription(user.userId, sub, seenAt);
    return User.present((await User.find(user.userId))!);
  }

  /** A Customer Portal session for the caller's customer (payment method, invoices). */
  export async function portalSession(returnUrl: string) {
    const user = await User.find(Actor.userId());
    if (!user?.stripeCustomerId) throw new Conflict("You have no billing account yet: upgrade to Professional first");
    const payments = provider();
    const url = await calling("Opening the billing portal", () => payments.createPortalSession(user.stripeCustomerId!, returnUrl));
    return { url };
  }

  /** An account deleted mid-subscription leaves no charge running. */
  export async function endForDeletedUser(userId: string) {
    const user = await User.find(userId);
    if (!user?.subscriptionId) return;
    const sub = await provider().retrieveSubscription(user.subscriptionId);
    if (sub && !ENDED.has(sub.status)) await provider().cancelNow(sub.id);
  }

  /**
   * The spec's client calls this after paying. It cannot grant anything by itself:
   * 'active' for Professional needs the provider to say so (the webhook did, or
   * the subscription read from the provider right now).
   */
  export const updateSubscription = fn(UpdateSubscriptionInput, async ({ planStatus }) => {
    const userId = Actor.userId();
    const user = await User.find(userId);
    if (!user) throw new NotFound("User");
    if (planStatus !== "active") throw new Invalid("Only the payment provider changes a plan's status");
    if (!User.hasPaidAccess(user) && user.subscriptionId) {
      await calling("Reading the subscription", () => syncSubscription(userId, user.subscriptionId!, provider()));
    }
    const now = (await User.find(userId))!;
    if (now.plan === "professional" && !User.hasPaidAccess(now)) {
      throw new Conflict("No successful payment has been recorded for this account");
    }
    return User.present(now);
  });
}
