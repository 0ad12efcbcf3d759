import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { config, resetConfig } from "../config";
import { User } from "../user/index";
import { PlanGrant } from "../user/plan-grant";
import { BillingCustomerEntity } from "./entity";
import { Billing } from "./index";
import { startFakeStripe, type FakeStripe, type StripeEvent } from "@quorum/testing/fake-stripe";

const WEBHOOK_SECRET = "whsec_test_quorum_billing";
const PAYMENT_ENV = [
  "STAGE",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_API_BASE",
  "STRIPE_PRICE_ID",
  "PROFESSIONAL_PRICE_USD",
] as const;
const saved = Object.fromEntries(PAYMENT_ENV.map((k) => [k, process.env[k]]));

function useEnv(values: Partial<Record<(typeof PAYMENT_ENV)[number], string | undefined>>) {
  for (const key of PAYMENT_ENV) {
    const value = key in values ? values[key] : saved[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfig();
}

/** A Quorum user (the login sync has run) and a way to act as them. */
async function newUser() {
  const userId = `u-${randomUUID()}`;
  const email = `${userId}@example.com`;
  const as = <R>(work: () => R) => Actor.provide({ userId, email }, work);
  await as(() => User.login({ firebaseUid: userId, email }));
  return { userId, email, as, find: async () => (await User.find(userId))! };
}

function signed(event: StripeEvent | string, secret = WEBHOOK_SECRET) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function deliver(event: StripeEvent) {
  const { payload, signature } = signed(event);
  return Billing.receiveWebhook(payload, signature);
}

describe("Stripe subscriptions (real SDK against a fake Stripe server)", () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    useEnv({});
    await stripe.close();
  });
  beforeEach(() => {
    useEnv({
      STAGE: "local",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_quorum",
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_ID: undefined,
      PROFESSIONAL_PRICE_USD: undefined,
    });
  });

  /** A user whose trial subscription Stripe confirmed (card saved) and told us about. */
  async function subscribed() {
    const user = await newUser();
    const answer = await user.as(() => Billing.createPaymentIntent({ amount: 50 }));
    stripe.confirm(answer.subscriptionId);
    await deliver(stripe.subscriptionEvent("customer.subscription.updated", answer.subscriptionId));
    return { ...user, subscriptionId: answer.subscriptionId, answer };
  }

  it("subscribing makes one customer and a trial subscription on a monthly Price made from configuration", async () => {
    const before = stripe.requests.length;
    const { userId, email, as, find } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 1 }));
    const mine = stripe.requests.slice(before);

    expect(answer).toMatchObject({
      provider: "stripe",
      publishableKey: "pk_test_quorum",
      intentType: "setup",
      amount: 5000,
      currency: "usd",
    });
    expect(answer.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(Date.parse(answer.trialEndsAt!) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const customer = mine.find((r) => r.path === "/v1/customers")!;
    expect(customer.params).toMatchObject({ email, metadata: { userId } });
    // The Price is made once, by whichever subscription comes first, and reused after.
    const price = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/prices")!;
    // The client's `amount: 1` is not what is charged: the configured $50 a month is.
    expect(price.params).toMatchObject({ unit_amount: "5000", currency: "usd", recurring: { interval: "month" } });
    const sub = mine.findLast((r) => r.path === "/v1/subscriptions")!;
    expect(sub.params).toMatchObject({ trial_period_days: "30", payment_behavior: "default_incomplete", metadata: { userId } });
    expect(sub.headers["idempotency-key"]).toBe(`subscription:${userId}:0`);
    expect(await find()).toMatchObject({ subscriptionId: answer.subscriptionId, trialUsed: true, plan: "starter" });
  });

  it("a Price made in the Dashboard is used as configured, without looking one up", async () => {
    useEnv({ ...Object.fromEntries(PAYMENT_ENV.map((k) => [k, process.env[k]])), STRIPE_PRICE_ID: "price_dashboard" });
    const before = stripe.requests.length;
    const { as } = await newUser();
    // The fake knows no such Price: Stripe answers 404, which the payer sees as a 503.
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({ status: 503 });
    const calls = stripe.requests.slice(before);
    expect(calls.some((r) => r.path.startsWith("/v1/prices"))).toBe(false);
    expect(calls.find((r) => r.path === "/v1/subscriptions")!.params).toMatchObject({ items: { 0: { price: "price_dashboard" } } });
  });

  it("a trial without a saved card grants nothing; the card saved makes the account Professional until the trial ends", async () => {
    const { as, find } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    await deliver(stripe.subscriptionEvent("customer.subscription.created", answer.subscriptionId));
    expect(await find()).toMatchObject({ plan: "starter", subscriptionStatus: "trialing" });

    stripe.confirm(answer.subscriptionId);
    await deliver(stripe.subscriptionEvent("customer.subscription.updated", answer.subscriptionId));
    const user = await find();
    expect(user).toMatchObject({ plan: "professional", planStatus: "active", cancelAtPeriodEnd: false, trialEndsAt: answer.trialEndsAt });
    expect(user.currentPeriodEnd).toBe(answer.trialEndsAt);
  });

  it("two tabs and racing clicks end with one customer and one subscription", async () => {
    const { userId, as } = await newUser();
    const answers = await Promise.all([1, 2, 3, 4].map(() => as(() => Billing.createPaymentIntent({ amount: 50 }))));
    expect(new Set(answers.map((a) => a.subscriptionId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.clientSecret)).size).toBe(1);
    const mine = [...stripe.subscriptions.values()].filter((s) => s.metadata.userId === userId);
    expect(mine).toHaveLength(1);
    const later = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    expect(later.subscriptionId).toBe(answers[0]!.subscriptionId);
  });

  it("a subscription already in force refuses a second one", async () => {
    const { as } = await subscribed();
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({
      status: 409,
      message: "Your Professional plan is already active",
    });
  });

  it("after a trial was used, a new subscription is charged at once: the client secret is the first invoice's", async () => {
    const { as, subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { status: "canceled" });
    await deliver(stripe.subscriptionEvent("customer.subscription.deleted", subscriptionId));
    expect(await find()).toMatchObject({ plan: "starter", planStatus: "active" });

    const again = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    expect(again).toMatchObject({ intentType: "payment", trialEndsAt: null });
    expect(again.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(again.subscriptionId).not.toBe(subscriptionId);
    expect(stripe.requests.findLast((r) => r.path === "/v1/subscriptions")!.params).not.toHaveProperty("trial_period_days");
  });

  it("invoice.paid activates and extends the plan to the new period end", async () => {
    const { subscriptionId, find } = await subscribed();
    const periodEnd = Math.floor(Date.now() / 1000) + 61 * 86_400;
    stripe.set(subscriptionId, { status: "active", current_period_end: periodEnd });
    await deliver(stripe.invoiceEvent("invoice.paid", subscriptionId));
    expect(await find()).toMatchObject({
      plan: "professional",
      planStatus: "active",
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
  });

  it("invoice.payment_failed makes the plan past due: access kept for the grace period, then gone", async () => {
    const { subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { status: "past_due" });
    await deliver(stripe.invoiceEvent("invoice.payment_failed", subscriptionId));
    const user = await find();
    expect(user).toMatchObject({ plan: "professional", planStatus: "past_due" });
    const graceEnds = Date.parse(User.present(user).graceEndsAt!);
    expect(graceEnds - Date.parse(user.pastDueSince!)).toBe(7 * 86_400_000);
    expect(User.hasPaidAccess(user)).toBe(true);
    expect(User.hasPaidAccess(user, graceEnds + 1)).toBe(false);

    // The card updated and the retry paid: active again, no grace left over.
    stripe.set(subscriptionId, { status: "active" });
    await deliver(stripe.invoiceEvent("invoice.paid", subscriptionId));
    expect(await find()).toMatchObject({ planStatus: "active", pastDueSince: "" });
  });

  it("customer.subscription.updated carries cancel at period end and resume", async () => {
    const { subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { cancel_at_period_end: true });
    await deliver(stripe.subscriptionEvent("customer.subscription.updated", subscriptionId));
    expect(await find()).toMatchObject({ plan: "professional", planStatus: "active", cancelAtPeriodEnd: true });
    stripe.set(subscriptionId, { cancel_at_period_end: false });
    await deliver(stripe.subscriptionEvent("customer.subscription.updated", subscriptionId));
    expect(await find()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("cancel and resume from the account go to Stripe and show at once", async () => {
    const { as, subscriptionId } = await subscribed();
    const canceled = await as(() => Billing.setCancelAtPeriodEnd(true));
    expect(canceled).toMatchObject({ plan: "professional", planStatus: "active", cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const resumed = await as(() => Billing.setCancelAtPeriodEnd(false));
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it("customer.subscription.deleted returns the account to Starter and keeps its data", async () => {
    const { as, userId, subscriptionId, find } = await subscribed();
    await as(() => User.update(userId, { company: "Stone & Co" }));
    stripe.set(subscriptionId, { status: "canceled" });
    await deliver(stripe.subscriptionEvent("customer.subscription.deleted", subscriptionId));
    expect(await find()).toMatchObject({ plan: "starter", planStatus: "active", company: "Stone & Co", cancelAtPeriodEnd: false });
  });

  it("a late event about an ended Professional subscription leaves an Enterprise plan an operator set", async () => {
    const { email, subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { status: "canceled" });
    await deliver(stripe.subscriptionEvent("customer.subscription.deleted", subscriptionId));
    await PlanGrant.set({ email, plan: "enterprise", by: "dana@sales" });
    await deliver(stripe.subscriptionEvent("customer.subscription.deleted", subscriptionId));
    expect(await find()).toMatchObject({ plan: "enterprise", planStatus: "active", subscriptionStatus: "canceled" });
  });

  it("a full refund ends the subscription now and says why; a partial one changes nothing", async () => {
    const { subscriptionId, find } = await subscribed();
    await deliver(stripe.chargeEvent("charge.refunded", subscriptionId, false));
    expect(await find()).toMatchObject({ plan: "professional", planStatus: "active" });

    await deliver(stripe.chargeEvent("charge.refunded", subscriptionId, true));
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await find()).toMatchObject({ plan: "starter", billingNotice: expect.stringContaining("refunded") });
  });

  it("a dispute ends the subscription now: no further charge to that card", async () => {
    const { subscriptionId, find } = await subscribed();
    await deliver(stripe.disputeEvent(subscriptionId));
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await find()).toMatchObject({ plan: "starter", billingNotice: expect.stringContaining("disputed") });
  });

  it("a webhook whose signature does not verify is refused and changes nothing", async () => {
    const { subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { status: "canceled" });
    const event = stripe.subscriptionEvent("customer.subscription.deleted", subscriptionId);
    const { payload, signature } = signed(event, "whsec_someone_else");
    await expect(Billing.receiveWebhook(payload, signature)).rejects.toMatchObject({ status: 400, message: "Invalid Stripe signature" });
    const good = signed(event);
    await expect(Billing.receiveWebhook(good.payload.replace("canceled", "active"), good.signature)).rejects.toMatchObject({ status: 400 });
    await expect(Billing.receiveWebhook(good.payload, undefined)).rejects.toMatchObject({ status: 400 });
    expect((await find()).plan).toBe("professional");
  });

  it("a replayed event changes nothing, even delivered many times at once", async () => {
    const { subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { cancel_at_period_end: true });
    const event = stripe.subscriptionEvent("customer.subscription.updated", subscriptionId);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(event)));
    expect(results.filter((r) => r.handled)).toHaveLength(1);
    stripe.set(subscriptionId, { cancel_at_period_end: false });
    expect(await deliver(event)).toEqual({ received: true, handled: false, duplicate: true });
    expect((await find()).cancelAtPeriodEnd).toBe(true);
  });

  it("events in any order: an old event arriving last applies the state Stripe holds now", async () => {
    const { subscriptionId, find } = await subscribed();
    stripe.set(subscriptionId, { status: "past_due" });
    const old = stripe.invoiceEvent("invoice.payment_failed", subscriptionId);
    stripe.set(subscriptionId, { status: "active" });
    await deliver(stripe.invoiceEvent("invoice.paid", subscriptionId));
    await deliver(old);
    expect(await find()).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("an unknown customer is refused (Stripe retries), one naming another user is refused, both logged", async () => {
    const { subscriptionId, userId } = await subscribed();
    const stranger = stripe.subscriptionEvent("customer.subscription.updated", subscriptionId);
    stranger.data.object.customer = "cus_nobody";
    await expect(deliver(stranger)).rejects.toMatchObject({ status: 409 });
    const other = await newUser();
    const lying = stripe.subscriptionEvent("customer.subscription.updated", subscriptionId);
    lying.data.object.metadata = { userId: other.userId };
    await expect(deliver(lying)).rejects.toMatchObject({ status: 400, message: "The event names another user" });
    expect((await other.find()).plan).toBe("starter");
    expect((await User.find(userId))!.plan).toBe("professional");
  });

  it("an event before its user record exists is refused, then applied when Stripe retries", async () => {
    const { subscriptionId } = await subscribed();
    const customerId = stripe.subscriptions.get(subscriptionId)!.customer;
    const lateUserId = `u-${randomUUID()}`;
    // The customer is known but its user record is not there (yet).
    const mapping = (await BillingCustomerEntity.get({ customerId }).go()).data!;
    await BillingCustomerEntity.delete({ customerId }).go();
    await BillingCustomerEntity.create({ customerId, userId: lateUserId }).go();
    stripe.set(subscriptionId, { metadata: { userId: lateUserId } });
    const event = stripe.subscriptionEvent("customer.subscription.updated", subscriptionId);
    await expect(deliver(event)).rejects.toMatchObject({ status: 409 });

    await Actor.provide({ userId: lateUserId, email: `${lateUserId}@example.com` }, () => User.login({ firebaseUid: lateUserId }));
    expect(await deliver(event)).toEqual({ received: true, handled: true });
    expect(await User.find(lateUserId)).toMatchObject({ plan: "professional", subscriptionId });
    await BillingCustomerEntity.delete({ customerId }).go();
    await BillingCustomerEntity.create(mapping).go();
  });

  it("Manage billing opens a Customer Portal session Stripe created for the user's customer", async () => {
    const { as, subscriptionId } = await subscribed();
    const { url } = await as(() => Billing.portalSession("https://quorum.example/profile"));
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const request = stripe.requests.findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(request.params).toMatchObject({
      customer: stripe.subscriptions.get(subscriptionId)!.customer,
      return_url: "https://quorum.example/profile",
    });
  });

  it("deleting an account cancels its subscription", async () => {
    const { userId, subscriptionId } = await subscribed();
    await Billing.endForDeletedUser(userId);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe("canceled");
  });

  it("registering again never lowers or overwrites a paid plan", async () => {
    const { as, userId, email, find } = await subscribed();
    await as(() => User.register({ firebaseUid: userId, email, firstName: "Pat", lastName: "Again", plan: "starter", trialEndsAt: null }));
    expect(await find()).toMatchObject({ plan: "professional", planStatus: "active", lastName: "Again" });
  });

  it("a Stripe outage while subscribing is a 503 and records nothing", async () => {
    const { as, find } = await newUser();
    stripe.failNext(2);
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({ status: 503 });
    expect((await find()).stripeCustomerId).toBeUndefined();
  });

  it("update-subscription reads Stripe when the webhook has not arrived, and grants nothing unpaid", async () => {
    const { as, userId, find } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    await expect(as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }))).resolves.toMatchObject({
      plan: "starter",
    });
    stripe.confirm(answer.subscriptionId);
    const user = await as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }));
    expect(user).toMatchObject({ plan: "professional", planStatus: "active" });
    expect((await find()).plan).toBe("professional");
  });
});

describe("which provider a stage uses", () => {
  afterEach(() => useEnv({}));

  it("a deployed stage without keys refuses payments with a clear error", async () => {
    useEnv({ STAGE: "production", STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined });
    const { as } = await newUser();
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({
      status: 503,
      message: "Payments are not configured for this stage",
    });
  });

  it("a stage named local refuses test mode unless its data is a stand-in on this machine", () => {
    const local = { ...config(), STAGE: "local", STRIPE_SECRET_KEY: undefined };
    expect(Billing.testModeAvailable({ ...local, DYNAMO_ENDPOINT: "http://127.0.0.1:8000" })).toBe(true);
    // Deployed (no endpoint: DynamoDB itself) or pointed at another host: the known webhook secret must not work there.
    for (const DYNAMO_ENDPOINT of [undefined, "http://10.0.0.5:8000", "https://dynamodb.us-east-1.amazonaws.com"]) {
      expect(Billing.testModeAvailable({ ...local, DYNAMO_ENDPOINT })).toBe(false);
      expect(() => Billing.provider({ ...local, DYNAMO_ENDPOINT })).toThrow("Payments are not configured for this stage");
    }
    expect(Billing.testModeAvailable({ ...local, STAGE: "dev", DYNAMO_ENDPOINT: "http://127.0.0.1:8000" })).toBe(false);
  });
});
