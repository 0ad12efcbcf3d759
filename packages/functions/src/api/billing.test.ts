import Stripe from "stripe";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@quorum/core/config";
import { LOCAL_WEBHOOK_SECRET } from "@quorum/core/billing/test-provider";
import { startFakeStripe, type FakeStripe } from "@quorum/core/billing/testing/fake-stripe";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import type { Handler } from "../http/route";
import { createPaymentIntent, updateSubscription } from "./billing";
import { handle as stripeWebhook } from "./stripe-webhook";

const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" };

const professional = (user: TestUser) => ({
  firebaseUid: user.uid,
  email: user.email,
  displayName: "Pat Payer",
  firstName: "Pat",
  lastName: "Payer",
  phoneNumber: "",
  plan: "professional",
  trialEndsAt: Date.now() + 2_592_000_000,
});

/** An event as Stripe (and the test provider) sends it about one PaymentIntent. */
function intentEvent(type: string, intent: { id: string; amount: number; currency: string; userId: string; status: string }) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amount,
        currency: intent.currency,
        status: intent.status,
        client_secret: null,
        metadata: { userId: intent.userId, plan: "professional" },
        last_payment_error: null,
      },
    },
  });
}

describe("payments over the local gateway (no Stripe keys: test mode)", () => {
  let pat: TestUser;
  beforeAll(async () => {
    pat = await signedInUser({ displayName: "Pat" });
  });

  it("professional sign-up: intent, card confirmed through the server, plan active, subscription call accepted", async () => {
    const registered = await call(pat, "POST", "/api/auth/register", professional(pat));
    expect(registered.status).toBe(200);
    expect(registered.body.user).toMatchObject({ plan: "professional", planStatus: "pending" });

    const created = await call(pat, "POST", "/api/create-payment-intent", { amount: 50 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ provider: "test", amount: 5000, currency: "usd" });
    expect(created.body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);

    const early = await call(pat, "POST", "/api/update-subscription", { firebaseUid: pat.uid, planStatus: "active" });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: "No successful payment has been recorded for this account" });

    const confirmed = await call(pat, "POST", `/api/test-payments/${created.body.paymentIntentId}/confirm`, {
      clientSecret: created.body.clientSecret,
      card,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.paymentIntent).toMatchObject({ id: created.body.paymentIntentId, status: "succeeded", amount: 5000 });

    const activated = await call(pat, "POST", "/api/update-subscription", { firebaseUid: pat.uid, planStatus: "active" });
    expect(activated.status).toBe(200);
    const profile = await call(pat, "GET", `/api/users/${pat.uid}`);
    expect(profile.body).toMatchObject({ plan: "professional", planStatus: "active" });
    expect(Date.parse(profile.body.trialEndsAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it("a declined test card answers 402 with the card's message and grants nothing", async () => {
    const user = await signedInUser();
    const created = await call(user, "POST", "/api/create-payment-intent", { amount: 50 });
    const declined = await call(user, "POST", `/api/test-payments/${created.body.paymentIntentId}/confirm`, {
      clientSecret: created.body.clientSecret,
      card: { ...card, number: "4000 0000 0000 0002" },
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: "Your card was declined.", code: "card_declined" });
    const profile = await call(user, "GET", `/api/users/${user.uid}`);
    expect(profile.body.plan).toBe("starter");
  });

  it("setting up a payment needs a signed-in user", async () => {
    const anonymous = await call(undefined, "POST", "/api/create-payment-intent", { amount: 50 });
    expect(anonymous.status).toBe(401);
  });

  it("the webhook takes the raw body: a signed event is applied once, an altered one is refused", async () => {
    const user = await signedInUser();
    const created = await call(user, "POST", "/api/create-payment-intent", { amount: 50 });
    const payload = intentEvent("payment_intent.succeeded", {
      id: created.body.paymentIntentId,
      amount: 5000,
      currency: "usd",
      userId: user.uid,
      status: "succeeded",
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET });

    const altered = await call(undefined, "POST", "/api/stripe/webhook", payload.replace(`"amount":5000`, `"amount":5001`), {
      "content-type": "application/json",
      "stripe-signature": signature,
    });
    expect(altered.status).toBe(400);
    expect(altered.body).toEqual({ error: "Invalid Stripe signature" });
    const unsigned = await call(undefined, "POST", "/api/stripe/webhook", payload, { "content-type": "application/json" });
    expect(unsigned.status).toBe(400);
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body.plan).toBe("starter");

    const first = await call(undefined, "POST", "/api/stripe/webhook", payload, {
      "content-type": "application/json",
      "stripe-signature": signature,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, handled: true });
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body).toMatchObject({ plan: "professional", planStatus: "active" });

    await call(user, "POST", "/api/update-subscription", { firebaseUid: user.uid, planStatus: "canceled" });
    const replay = await call(undefined, "POST", "/api/stripe/webhook", payload, {
      "content-type": "application/json",
      "stripe-signature": signature,
    });
    expect(replay.body).toEqual({ received: true, handled: false, duplicate: true });
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body.planStatus).toBe("canceled");
  });

  it("usage answers the plan, today's count, the limit and the next reset at 00:00 UTC", async () => {
    const user = await signedInUser();
    const usage = await call(user, "GET", "/api/usage");
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ plan: "starter", used: 0, limit: 10 });
    const reset = new Date(usage.body.resetsAt);
    expect(reset.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(reset.getTime() - Date.now()).toBeGreaterThan(0);
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
  });
});

/** The event API Gateway hands a Lambda, enough for our route wrapper. */
function lambdaEvent(options: { body: string; headers?: Record<string, string>; base64?: boolean }): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "POST /test",
    rawPath: "/test",
    rawQueryString: "",
    headers: { "content-type": "application/json", ...options.headers },
    requestContext: { http: { method: "POST", path: "/test" } } as APIGatewayProxyEventV2["requestContext"],
    body: options.base64 ? Buffer.from(options.body).toString("base64") : options.body,
    isBase64Encoded: !!options.base64,
  };
}

async function invoke(handler: Handler, options: Parameters<typeof lambdaEvent>[0]) {
  const result = (await handler(lambdaEvent(options))) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? "null") };
}

describe("the handlers with Stripe keys (real SDK against a fake Stripe server)", () => {
  const WEBHOOK_SECRET = "whsec_functions_test";
  const saved = { ...process.env };
  let stripe: FakeStripe;
  let sam: TestUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_functions",
      STRIPE_API_BASE: stripe.url,
    });
    resetConfig();
    sam = await signedInUser({ displayName: "Sam" });
  });
  afterAll(async () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY", "STRIPE_API_BASE"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetConfig();
    await stripe.close();
  });

  it("create-payment-intent asks Stripe for 5000 cents in usd for this user and answers the client secret and publishable key", async () => {
    const created = await invoke(createPaymentIntent, { body: JSON.stringify({ amount: 50 }), headers: sam.headers });
    expect(created.status).toBe(200);
    const intent = stripe.intents.get(created.body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 5000, currency: "usd", metadata: { userId: sam.uid, plan: "professional" } });
    expect(created.body).toMatchObject({ clientSecret: intent.client_secret, provider: "stripe", publishableKey: "pk_test_functions" });
  });

  it("the webhook verifies Stripe's signature over the raw body, text or base64, and applies an event once", async () => {
    const user = await signedInUser();
    const created = await invoke(createPaymentIntent, { body: JSON.stringify({ amount: 50 }), headers: user.headers });
    // Stripe's own formatting (indented JSON): verified byte for byte, never re-serialized.
    const payload = JSON.stringify(stripe.succeed(created.body.paymentIntentId), null, 2);
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
  });

  it("update-subscription is refused without a payment Stripe confirms", async () => {
    const user = await signedInUser();
    await call(user, "POST", "/api/auth/register", professional(user));
    await invoke(createPaymentIntent, { body: JSON.stringify({ amount: 50 }), headers: user.headers });
    const refused = await invoke(updateSubscription, {
      body: JSON.stringify({ firebaseUid: user.uid, planStatus: "active" }),
      headers: user.headers,
    });
    expect(refused).toEqual({ status: 409, body: { error: "No successful payment has been recorded for this account" } });
  });
});
