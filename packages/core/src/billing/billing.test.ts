import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { config, resetConfig } from "../config";
import { User } from "../user/index";
import { Billing, PaymentEntity } from "./index";
import { startFakeStripe, type FakeStripe, type StripeEvent } from "./testing/fake-stripe";

const WEBHOOK_SECRET = "whsec_test_quorum_billing";
const PAYMENT_ENV = [
  "STAGE",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_API_BASE",
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
  return { userId, email, as };
}

const registration = (userId: string, email: string) => ({
  firebaseUid: userId,
  email,
  firstName: "Pat",
  lastName: "Payer",
  plan: "professional" as const,
  trialEndsAt: Date.now() + 2_592_000_000,
});

function signed(event: StripeEvent | string, secret = WEBHOOK_SECRET) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function deliver(event: StripeEvent) {
  const { payload, signature } = signed(event);
  return Billing.receiveWebhook(payload, signature);
}

describe("Stripe payments (real SDK against a fake Stripe server)", () => {
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
      PROFESSIONAL_PRICE_USD: undefined,
    });
  });

  it("creates the intent at the configured price in cents, tied to the user through its metadata", async () => {
    const { userId, as } = await newUser();
    // The spec's client sends 50 (dollars); whatever it sends, the server charges the configured price.
    const answer = await as(() => Billing.createPaymentIntent({ amount: 1 }));

    const sent = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").at(-1)!;
    expect(sent.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(sent.params).toMatchObject({ amount: "5000", currency: "usd", metadata: { userId, plan: "professional" } });
    expect(answer).toEqual({
      clientSecret: stripe.intents.get(answer.paymentIntentId)!.client_secret,
      provider: "stripe",
      publishableKey: "pk_test_quorum",
      paymentIntentId: answer.paymentIntentId,
      amount: 5000,
      currency: "usd",
    });
    const payment = await Billing.findPayment(answer.paymentIntentId);
    expect(payment).toMatchObject({ userId, provider: "stripe", plan: "professional", amount: 5000, currency: "usd", status: "created" });
  });

  it("a different configured price is what Stripe is asked to charge", async () => {
    useEnv({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STAGE: "local",
      PROFESSIONAL_PRICE_USD: "59.99",
    });
    const { as } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    expect(stripe.intents.get(answer.paymentIntentId)!.amount).toBe(5999);
    expect(answer.amount).toBe(5999);
  });

  it("a Stripe outage while setting up is a 503 and records no payment", async () => {
    const { userId, as } = await newUser();
    stripe.failNext(2); // the SDK retries once
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({ status: 503 });
    const payments = await PaymentEntity.query.byUser({ userId }).go();
    expect(payments.data).toHaveLength(0);
  });

  it("a signed payment_intent.succeeded webhook marks the payment succeeded and the user professional active", async () => {
    const { userId, email, as } = await newUser();
    await as(() => User.register(registration(userId, email)));
    expect((await User.find(userId))!.planStatus).toBe("pending");
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));

    const result = await deliver(stripe.succeed(paymentIntentId));

    expect(result).toEqual({ received: true, handled: true });
    expect((await Billing.findPayment(paymentIntentId))!.status).toBe("succeeded");
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("a webhook whose signature does not verify is refused and changes nothing", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    const event = stripe.succeed(paymentIntentId);

    const wrongSecret = signed(event, "whsec_somebody_else");
    await expect(Billing.receiveWebhook(wrongSecret.payload, wrongSecret.signature)).rejects.toMatchObject({
      status: 400,
      message: "Invalid Stripe signature",
    });
    // Signed, then altered: the signature covers the raw bytes.
    const good = signed(event);
    const tampered = good.payload.replace(`"amount": 5000`, `"amount": 5001`);
    await expect(Billing.receiveWebhook(tampered, good.signature)).rejects.toMatchObject({ status: 400 });
    await expect(Billing.receiveWebhook(good.payload, undefined)).rejects.toMatchObject({ status: 400 });

    expect((await Billing.findPayment(paymentIntentId))!.status).toBe("created");
    expect((await User.find(userId))!.plan).toBe("starter");
  });

  it("a replayed event changes nothing, even delivered many times at once", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    const event = stripe.succeed(paymentIntentId);

    const first = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(first.filter((r) => r.handled)).toHaveLength(1);
    expect(first.filter((r) => r.duplicate)).toHaveLength(4);

    // The user cancels; the same event arriving again must not re-activate them.
    await User.setPlan(userId, "professional", "canceled");
    const replay = await deliver(event);
    expect(replay).toEqual({ received: true, handled: false, duplicate: true });
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "canceled" });
  });

  it("a late payment_failed does not undo a succeeded payment", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    const failed = stripe.decline(paymentIntentId, "Your card has insufficient funds.");
    const succeeded = stripe.succeed(paymentIntentId);

    await deliver(succeeded);
    await deliver(failed);

    expect((await Billing.findPayment(paymentIntentId))!.status).toBe("succeeded");
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("payment_intent.payment_failed marks the payment failed with Stripe's message", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    await deliver(stripe.decline(paymentIntentId, "Your card has insufficient funds."));
    expect(await Billing.findPayment(paymentIntentId)).toMatchObject({
      status: "failed",
      failureMessage: "Your card has insufficient funds.",
    });
    expect((await User.find(userId))!.plan).toBe("starter");
  });

  it("a succeeded intent whose amount differs from what we asked for grants nothing", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    const event = stripe.succeed(paymentIntentId);
    event.data.object.amount = 50;
    await deliver(event);
    expect((await Billing.findPayment(paymentIntentId))!.status).toBe("created");
    expect((await User.find(userId))!.plan).toBe("starter");
  });

  it("update-subscription cannot make a user active without a payment", async () => {
    const { userId, email, as } = await newUser();
    await as(() => User.register(registration(userId, email)));
    await expect(as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }))).rejects.toMatchObject({
      status: 409,
      message: "No successful payment has been recorded for this account",
    });
    // An intent the payer never completed is not a payment either (Stripe is asked, and says so).
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    await expect(as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }))).rejects.toMatchObject({
      status: 409,
    });
    expect(stripe.requests.some((r) => r.method === "GET" && r.path.startsWith(`/v1/payment_intents/${paymentIntentId}`))).toBe(true);
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "pending" });
  });

  it("update-subscription confirms with Stripe itself when the webhook has not arrived yet", async () => {
    const { userId, email, as } = await newUser();
    await as(() => User.register(registration(userId, email)));
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    stripe.succeed(paymentIntentId); // paid in the browser; no webhook delivered

    const user = await as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }));

    expect(user).toMatchObject({ plan: "professional", planStatus: "active" });
    expect(user.trialEndsAt).toBeTruthy();
    expect((await Billing.findPayment(paymentIntentId))!.status).toBe("succeeded");
    // The webhook arriving afterwards finds the work done and changes nothing.
    expect(await deliver(stripe.event("payment_intent.succeeded", paymentIntentId))).toMatchObject({ handled: true });
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("an existing starter user who paid is upgraded by update-subscription", async () => {
    const { userId, as } = await newUser();
    const { paymentIntentId } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    stripe.succeed(paymentIntentId);
    const user = await as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }));
    expect(user).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("test payments are not available once a Stripe key is set", async () => {
    const { as } = await newUser();
    const { paymentIntentId, clientSecret } = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    await expect(
      as(() =>
        Billing.confirmTestPayment(paymentIntentId, {
          clientSecret,
          card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("without Stripe keys", () => {
  afterEach(() => useEnv({}));
  const card = (number = "4242 4242 4242 4242") => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" });

  it("a deployed stage refuses payments with a clear error", async () => {
    useEnv({ STAGE: "production", STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined });
    const { userId, as } = await newUser();
    await expect(as(() => Billing.createPaymentIntent({ amount: 50 }))).rejects.toMatchObject({
      status: 503,
      message: "Payments are not configured for this stage",
    });
    expect((await PaymentEntity.query.byUser({ userId }).go()).data).toHaveLength(0);
  });

  it("the local stage uses the test provider, whose confirmation activates the plan as the webhook would", async () => {
    useEnv({ STAGE: "local", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE: undefined });
    const { userId, email, as } = await newUser();
    await as(() => User.register(registration(userId, email)));
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    expect(answer).toMatchObject({ provider: "test", amount: 5000, currency: "usd" });
    expect(answer).not.toHaveProperty("publishableKey");

    const intent = await as(() => Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card() }));

    expect(intent.status).toBe("succeeded");
    expect((await Billing.findPayment(answer.paymentIntentId))!.status).toBe("succeeded");
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "active" });
    const user = await as(() => Billing.updateSubscription({ firebaseUid: userId, planStatus: "active" }));
    expect(user.planStatus).toBe("active");
  });

  it("a declined test card fails the payment with Stripe's words and grants nothing; another card then succeeds", async () => {
    useEnv({ STAGE: "local", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE: undefined });
    const { userId, as } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    const declined = await as(() =>
      Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card("4000 0000 0000 9995") }),
    );
    expect(declined).toMatchObject({ status: "requires_payment_method", lastError: "Your card has insufficient funds." });
    expect(await Billing.findPayment(answer.paymentIntentId)).toMatchObject({
      status: "failed",
      failureMessage: "Your card has insufficient funds.",
    });
    expect((await User.find(userId))!.plan).toBe("starter");

    await as(() => Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card() }));
    expect(await User.find(userId)).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("a test payment needs its client secret and its owner", async () => {
    useEnv({ STAGE: "local", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_BASE: undefined });
    const owner = await newUser();
    const other = await newUser();
    const answer = await owner.as(() => Billing.createPaymentIntent({ amount: 50 }));
    await expect(
      other.as(() => Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card() })),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      owner.as(() => Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: "pi_x_secret_wrong", card: card() })),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      owner.as(() =>
        Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card("4242 4242 4242 4241") }),
      ),
    ).rejects.toMatchObject({
      status: 400,
      message: "Your card number is invalid.",
    });
    expect((await Billing.findPayment(answer.paymentIntentId))!.status).toBe("created");
  });

  it("a stage named local refuses test payments unless its data is a stand-in on this machine", () => {
    const local = { ...config(), STAGE: "local", STRIPE_SECRET_KEY: undefined };
    expect(Billing.testModeAvailable({ ...local, DYNAMO_ENDPOINT: "http://127.0.0.1:8000" })).toBe(true);
    // Deployed (no endpoint: DynamoDB itself) or pointed at another host: the known webhook secret must not work there.
    for (const DYNAMO_ENDPOINT of [undefined, "http://10.0.0.5:8000", "https://dynamodb.us-east-1.amazonaws.com"]) {
      expect(Billing.testModeAvailable({ ...local, DYNAMO_ENDPOINT })).toBe(false);
      expect(() => Billing.provider({ ...local, DYNAMO_ENDPOINT })).toThrow("Payments are not configured for this stage");
    }
    expect(Billing.testModeAvailable({ ...local, STAGE: "dev", DYNAMO_ENDPOINT: "http://127.0.0.1:8000" })).toBe(false);
  });

  it("a deployed stage without keys has no test payments either", async () => {
    useEnv({ STAGE: "local", STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined });
    const { as } = await newUser();
    const answer = await as(() => Billing.createPaymentIntent({ amount: 50 }));
    useEnv({ STAGE: "production", STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined });
    await expect(
      as(() => Billing.confirmTestPayment(answer.paymentIntentId, { clientSecret: answer.clientSecret, card: card() })),
    ).rejects.toMatchObject({ status: 404 });
  });
});
