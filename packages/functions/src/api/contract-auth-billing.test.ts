import { describe, expect, it } from "vitest";
import { call, signedInUser } from "@quorum/local/testing";
import { routes } from "../routes";
import { answers } from "./contract-answers";

const card = (number = "4242 4242 4242 4242") => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" });

describe("the route table's output schemas describe what the sign-in, sign-up and billing routes answer", () => {
  it("signing in, checking an email and registering", async () => {
    const ann = await signedInUser({ displayName: "Ann Lee" });
    await answers(ann, "POST /api/auth/login", "/api/auth/login", { firebaseUid: ann.uid, email: ann.email, displayName: "Ann Lee" });
    const registered = await answers(ann, "POST /api/auth/register", "/api/auth/register", {
      firebaseUid: ann.uid,
      email: ann.email,
      firstName: "Ann",
      lastName: "Lee",
      phoneNumber: "",
      plan: "starter",
      trialEndsAt: null,
    });
    expect(registered.user).toMatchObject({ uid: ann.uid, plan: "starter", planStatus: "active" });
    // The holder, signed in, hears the name and plan; nobody else does.
    const own = await answers(ann, "POST /api/auth/check-account", "/api/auth/check-account", { email: ann.email });
    expect(own).toEqual({ exists: true, user: { firstName: "Ann", lastName: "Lee", plan: "starter", email: ann.email } });
    const bob = await signedInUser();
    expect(await answers(bob, "POST /api/auth/check-account", "/api/auth/check-account", { email: ann.email })).toEqual({ exists: true });
    expect(await answers(bob, "POST /api/auth/check-account", "/api/auth/check-account", { email: "nobody-here@example.com" })).toEqual({
      exists: false,
    });
  });

  it("usage, then subscribing, the test portal and clock, cancelling and resuming (test mode)", async () => {
    const cy = await signedInUser();
    await answers(cy, "GET /api/usage", "/api/usage");
    const setup = await answers(cy, "POST /api/create-payment-intent", "/api/create-payment-intent", { amount: 50 });
    await answers(cy, "POST /api/test-payments/{id}/confirm", `/api/test-payments/${setup.paymentIntentId}/confirm`, {
      clientSecret: setup.clientSecret,
      card: card(),
    });
    const activated = await answers(cy, "POST /api/update-subscription", "/api/update-subscription", {
      firebaseUid: cy.uid,
      planStatus: "active",
    });
    expect(activated.user).toMatchObject({ plan: "professional", planStatus: "active" });
    await answers(cy, "GET /api/usage", "/api/usage");
    // The portal session returns the payer to the site the request came from.
    const portal = await call(cy, "POST", "/api/billing/portal", undefined, { origin: "http://127.0.0.1:5173" });
    expect(routes["POST /api/billing/portal"].output.safeParse(portal.body).success, portal.text).toBe(true);
    await answers(cy, "GET /api/test-billing/portal", "/api/test-billing/portal");
    await answers(cy, "PUT /api/test-billing/portal/card", "/api/test-billing/portal/card", { card: card("5555 5555 5555 4444") });
    await answers(cy, "GET /api/test-billing/clock", "/api/test-billing/clock");
    await answers(cy, "POST /api/test-billing/clock", "/api/test-billing/clock", { days: 31 });
    expect((await answers(cy, "POST /api/subscription/cancel", "/api/subscription/cancel")).user).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect((await answers(cy, "POST /api/subscription/resume", "/api/subscription/resume")).user).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    await answers(cy, "POST /api/test-billing/refund", "/api/test-billing/refund");
  });

  it("a dispute on the latest payment", async () => {
    const dee = await signedInUser();
    const setup = await answers(dee, "POST /api/create-payment-intent", "/api/create-payment-intent", {});
    await call(dee, "POST", `/api/test-payments/${setup.paymentIntentId}/confirm`, { clientSecret: setup.clientSecret, card: card() });
    await call(dee, "POST", "/api/test-billing/clock", { days: 31 });
    await answers(dee, "POST /api/test-billing/dispute", "/api/test-billing/dispute");
  });
});
