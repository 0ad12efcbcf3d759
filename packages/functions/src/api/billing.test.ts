import Stripe from "stripe";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@quorum/core/config";
import { LOCAL_WEBHOOK_SECRET } from "@quorum/core/billing/test-provider";
import { startFakeStripe, type FakeStripe } from "@quorum/testing/fake-stripe";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import type { Handler } from "../http/route";
import { cancelSubscription, createPaymentIntent, portalSession, updateSubscription } from "./billing";
import { handle as stripeWebhook } from "./stripe-webhook";
import { ORIGIN_HEADER } from "../http/origin-headers";

const card = (number = "4242 4242 4242 4242") => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" });
const DAY = 86_400_000;

const profile = async (user: TestUser) => (await call(user, "GET", `/api/users/${user.uid}`)).body;

/** Subscribes through the card form the way the payment modal does (test mode). */
async function subscribe(user: TestUser, number?: string) {
  const created = await call(user, "POST", "/api/create-payment-intent", { amount: 50 });
  expect(created.status).toBe(200);
  const confirmed = await call(user, "POST", `/api/test-payments/${created.body.paymentIntentId}/confirm`, {
    clientSecret: created.body.clientSecret,
    card: card(number),
  });
  return { created: created.body, confirmed };
}

const advance = (user: TestUser, days: number) => call(user, "POST", "/api/test-billing/clock", { days });

describe("the subscription over the local gateway (no Stripe keys: test mode, events through the webhook route)", () => {
  it("a trial: the card is saved, not charged; the account is Professional until the trial ends, then charged monthly", async () => {
    const pat = await signedInUser();
    const { created, confirmed } = await subscribe(pat);
    expect(created).toMatchObject({ provider: "test", intentType: "setup", amount: 5000, currency: "usd", interval: "month" });
    expect(created.clientSecret).toMatch(/^seti_test_\w+_secret_\w+$/);
    expect(confirmed.status).toBe(200);

    const trial = await profile(pat);
    expect(trial).toMatchObject({ plan: "professional", planStatus: "active", cancelAtPeriodEnd: false, trialEndsAt: created.trialEndsAt });
    expect(Date.parse(trial.currentPeriodEnd) - Date.now()).toBeGreaterThan(29.9 * DAY);
    // Signing up again through the wizard never lowers the plan someone pays for.
    const again = { firebaseUid: pat.uid, email: pat.email, firstName: "Pat", lastName: "Again", plan: "starter", trialEndsAt: null };
    expect((await call(pat, "POST", "/api/auth/register", again)).body.user).toMatchObject({ plan: "professional", lastName: "Again" });
    expect((await call(pat, "GET", "/api/test-billing/portal")).body.invoices).toEqual([]);

    expect((await advance(pat, 31)).status).toBe(200);
    const renewed = await profile(pat);
    expect(renewed).toMatchObject({ plan: "professional", planStatus: "active" });
    expect(Date.parse(renewed.currentPeriodEnd) - Date.parse(trial.currentPeriodEnd)).toBeGreaterThan(27 * DAY);
    const portal = (await call(pat, "GET", "/api/test-billing/portal")).body;
    expect(portal).toMatchObject({ card: { last4: "4242" }, invoices: [{ amount: 5000, currency: "usd", status: "paid" }] });
  });

  it("racing subscribe clicks and a second tab get the same subscription", async () => {
    const user = await signedInUser();
    const answers = await Promise.all([1, 2, 3].map(() => call(user, "POST", "/api/create-payment-intent", { amount: 50 })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.subscriptionId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
  });

  it("a failed renewal: past due with access for 7 days, then back to Starter", async () => {
    const user = await signedInUser();
    // Stripe's test card that saves fine and fails every charge.
    await subscribe(user, "4000 0000 0000 0341");
    await advance(user, 31);
    const pastDue = await profile(user);
    expect(pastDue).toMatchObject({ plan: "professional", planStatus: "past_due" });
    expect(Date.parse(pastDue.graceEndsAt) - Date.parse(pastDue.pastDueSince)).toBe(7 * DAY);
    expect((await call(user, "GET", "/api/usage")).body.limit).toBeNull();

    await advance(user, 8);
    expect(await profile(user)).toMatchObject({ plan: "starter", planStatus: "active", subscriptionStatus: "canceled" });
    expect((await call(user, "GET", "/api/usage")).body.limit).toBe(10);
  });

  it("a past-due account that replaces its card in the portal is charged at once and active again", async () => {
    const user = await signedInUser();
    await subscribe(user, "4000 0000 0000 0341");
    await advance(user, 31);
    const replaced = await call(user, "PUT", "/api/test-billing/portal/card", { card: card() });
    expect(replaced.status).toBe(200);
    expect(await profile(user)).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("cancel at period end keeps the plan to the end date; resume takes it back; a canceled plan ends at the period end", async () => {
    const user = await signedInUser();
    await subscribe(user);
    const canceled = await call(user, "POST", "/api/subscription/cancel");
    expect(canceled.body.user).toMatchObject({ plan: "professional", planStatus: "active", cancelAtPeriodEnd: true });
    const resumed = await call(user, "POST", "/api/subscription/resume");
    expect(resumed.body.user.cancelAtPeriodEnd).toBe(false);
    await call(user, "POST", "/api/subscription/cancel");
    await advance(user, 29);
    expect(await profile(user)).toMatchObject({ plan: "professional", cancelAtPeriodEnd: true });
    await advance(user, 2);
    expect(await profile(user)).toMatchObject({ plan: "starter", cancelAtPeriodEnd: false });
    expect((await call(user, "GET", "/api/test-billing/portal")).body.invoices).toEqual([]);
  });

  it("a refund or a dispute of the latest payment ends the plan and says why", async () => {
    for (const action of ["refund", "dispute"] as const) {
      const user = await signedInUser();
      await subscribe(user);
      await advance(user, 31);
      expect((await call(user, "POST", `/api/test-billing/${action}`)).status).toBe(200);
      const after = await profile(user);
      expect(after).toMatchObject({ plan: "starter", subscriptionStatus: "canceled" });
      expect(after.billingNotice).toMatch(action === "refund" ? /refunded/ : /disputed/);
    }
  });

  it("no subscription yet: cancel, portal and test clock say so", async () => {
    const user = await signedInUser();
    expect(await call(user, "POST", "/api/subscription/cancel")).toMatchObject({
      status: 409,
      body: { error: "You have no Professional subscription" },
    });
    expect((await call(user, "POST", "/api/billing/portal", undefined, { origin: "http://127.0.0.1:5173" })).status).toBe(409);
    expect((await advance(user, 1)).status).toBe(409);
    expect((await call(user, "POST", "/api/test-billing/clock", { days: -1 })).status).toBe(400);
  });

  it("the local portal is a page of the site for the signed-in payer", async () => {
    const user = await signedInUser();
    await subscribe(user);
    const portal = await call(user, "POST", "/api/billing/portal", undefined, { origin: "http://127.0.0.1:5173" });
    expect(portal.body).toEqual({ url: "http://127.0.0.1:5173/billing/portal?return=%2Fprofile" });
  });

  it("the webhook route verifies the raw body: an altered or unsigned event is 400 and changes nothing; a replay changes nothing", async () => {
    const user = await signedInUser();
    await subscribe(user);
    const sub = (await profile(user)).subscriptionId;
    const customer = (await profile(user)).stripeCustomerId;
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: "event",
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: sub, object: "subscription", customer, status: "canceled", metadata: { userId: user.uid } } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET });
    const headers = { "content-type": "application/json", "stripe-signature": signature };
    const altered = await call(undefined, "POST", "/api/stripe/webhook", payload.replace("deleted", "updated"), headers);
    expect(altered).toMatchObject({ status: 400, body: { error: "Invalid Stripe signature" } });
    expect((await call(undefined, "POST", "/api/stripe/webhook", payload, { "content-type": "application/json" })).status).toBe(400);
    expect((await profile(user)).plan).toBe("professional");

    // The event's own body is never trusted: the subscription is read from the provider, still active.
    expect((await call(undefined, "POST", "/api/stripe/webhook", payload, headers)).body).toEqual({ received: true, handled: true });
    expect((await call(undefined, "POST", "/api/stripe/webhook", payload, headers)).body).toEqual({
      received: true,
      handled: false,
      duplicate: true,
    });
    expect((await profile(user)).plan).toBe("professional");
  });

  it("contact sales stores a request of kind 'sales' for a visitor or a user", async () => {
    const sent = await call(undefined, "POST", "/api/sales", {
      name: "Robin Lee",
      email: "robin@acme.example",
      company: "Acme",
      teamSize: "51-200",
      message: "On-premise for 120 seats",
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, id: expect.any(String) });
    const bad = await call(undefined, "POST", "/api/sales", { name: "R", email: "nope", company: "", teamSize: "3", message: "" });
    expect(bad.status).toBe(400);
  });

  it("setting up a payment needs a signed-in user", async () => {
    expect((await call(undefined, "POST", "/api/create-payment-intent", { amount: 50 })).status).toBe(401);
  });

  it("usage answers the plan, today's count, the limit and the next reset at 00:00 UTC", async () => {
    const user = await signedInUser();
    const usage = await call(user, "GET", "/api/usage");
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ plan: "starter", used: 0, limit: 10 });
    expect(new Date(usage.body.resetsAt).toISOString()).toMatch(/T00:00:00\.000Z$/);
  });
});

/** The event API Gateway hands a Lambda, enough for our route wrapper. */
function lambdaEvent(options: { body?: string; headers?: Record<string, string>; base64?: boolean }): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "POST /test",
    rawPath: "/test",
    rawQueryString: "",
    // Behind the site's CloudFront, which adds the origin secret the local stack set.
    headers: { "content-type": "application/json", [ORIGIN_HEADER]: process.env.ORIGIN_SECRET ?? "", ...options.headers },
    requestContext: { http: { method: "POST", path: "/test" } } as APIGatewayProxyEventV2["requestContext"],
    body: options.body === undefined ? undefined : options.base64 ? Buffer.from(options.body).toString("base64") : options.body,
    isBase64Encoded: !!options.base64,
  };
}

async function invoke(handler: Handler, options: Parameters<typeof lambdaEvent>[0]) {
  const result = (await handler(lambdaEvent(options))) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? "null") };
}

describe("the handlers with Stripe keys (real SDK against a fake Stripe server)", () => {
  const WEBHOOK_SECRET = "whsec_functions_test";
  const KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY", "STRIPE_API_BASE"];
  const saved = { ...process.env };
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_functions",
      STRIPE_API_BASE: stripe.url,
    });
    resetConfig();
  });
  afterAll(async () => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetConfig();
    await stripe.close();
  });

  it("create-payment-intent answers the subscription's client secret and the publishable key", async () => {
    const sam = await signedInUser();
    const created = await invoke(createPaymentIntent, { body: JSON.stringify({ amount: 50 }), headers: sam.headers });
    expect(created.status).toBe(200);
    expect(stripe.subscriptions.get(created.body.subscriptionId)).toMatchObject({ metadata: { userId: sam.uid }, status: "trialing" });
    expect(created.body).toMatchObject({ provider: "stripe", publishableKey: "pk_test_functions", intentType: "setup" });
  });

  it("the webhook verifies Stripe's signature over the raw body, text or base64, and applies an event once", async () => {
    const user = await signedInUser();
    const created = await invoke(createPaymentIntent, { body: JSON.stringify({ amount: 50 }), headers: user.headers });
    stripe.confirm(created.body.subscriptionId);
    // Stripe's own formatting (indented JSON): verified byte for byte, never re-serialized.
    const payload = JSON.stringify(stripe.subscriptionEvent("customer.subscription.updated", created.body.subscriptionId), null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" });

    expect(await invoke(stripeWebhook, { body: payload, headers: { "stripe-signature": forged } })).toEqual({
      status: 400,
      body: { error: "Invalid Stripe signature" },
    });
    expect(await invoke(stripeWebhook, { body: payload, base64: true, headers: { "stripe-signature": signature } })).toEqual({
      status: 200,
      body: { received: true, handled: true },
    });
    expect(await invoke(stripeWebhook, { body: payload, headers: { "stripe-signature": signature } })).toEqual({
      status: 200,
      body: { received: true, handled: false, duplicate: true },
    });
    const activated = await invoke(updateSubscription, {
      body: JSON.stringify({ firebaseUid: user.uid, planStatus: "active" }),
      headers: user.headers,
    });
    expect(activated.body.user).toMatchObject({ plan: "professional", planStatus: "active" });
    const canceled = await invoke(cancelSubscription, { headers: user.headers });
    expect(canceled.body.user.cancelAtPeriodEnd).toBe(true);
    expect(stripe.subscriptions.get(created.body.subscriptionId)!.cancel_at_period_end).toBe(true);
    const portal = await invoke(portalSession, { headers: { ...user.headers, origin: "https://quorum.example" } });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });
});
