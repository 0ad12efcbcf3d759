import { describe, expect, it } from "vitest";
import { Actor } from "@quorum/core/actor";
import { InApp } from "@quorum/core/notify/inbox";
import { PUSH_SERVICE_REFUSED } from "@quorum/core/notify/limits";
import { Unsubscribe } from "@quorum/core/notify/unsubscribe";
import { MAX_SUBJECT_VALUE_CHARS } from "@quorum/core/notify/limits";
import {
  addProject,
  call,
  mailsTo,
  signedInUser,
  uploadDocument,
  verifyAddress,
  waitCompleted,
  waitForMail,
  type TestUser,
} from "@quorum/local/testing";

const settingsOf = async (user: TestUser) => (await call(user, "GET", `/api/users/${user.uid}/settings`)).body;
const unsubscribePath = (token: string) => `/api/notify/unsubscribe?token=${encodeURIComponent(token)}`;

describe("the unsubscribe link of notification mails", () => {
  it("opening the link only asks; confirming turns the email switch off, without signing in", async () => {
    const user = await signedInUser();
    const token = Unsubscribe.token(user.uid);

    const asked = await call(undefined, "GET", unsubscribePath(token));
    expect(asked.status).toBe(200);
    expect(asked.headers.get("content-type")).toMatch(/^text\/html/);
    expect(asked.text).toContain("Unsubscribe from Quorum emails?");
    expect(asked.text).toContain(`action="`);
    expect((await settingsOf(user)).notifications.email).toBe(true);

    const confirmed = await call(undefined, "POST", unsubscribePath(token), "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("You are unsubscribed");
    expect((await settingsOf(user)).notifications).toEqual({ email: false, push: false, chat: true });
  });

  it("answers in the user's language", async () => {
    const user = await signedInUser();
    await call(user, "PUT", `/api/users/${user.uid}/settings`, { preferences: { language: "de" } });
    const asked = await call(undefined, "GET", unsubscribePath(Unsubscribe.token(user.uid)));
    expect(asked.text).toContain('<html lang="de">');
    expect(asked.text).toContain("Quorum-E-Mails abbestellen?");
  });

  it("a tampered or missing token answers 400 and changes nothing", async () => {
    const user = await signedInUser();
    const [encodedUser] = Unsubscribe.token(user.uid).split(".");
    for (const token of [`${encodedUser}.forged`, "nonsense", ""]) {
      const res = await call(undefined, "POST", unsubscribePath(token));
      expect(res.status, token).toBe(400);
      expect(res.text).toContain("This link is not valid");
    }
    // Another user's signature does not carry over to this user.
    const other = await signedInUser();
    const res = await call(undefined, "POST", unsubscribePath(`${encodedUser}.${Unsubscribe.token(other.uid).split(".")[1]}`));
    expect(res.status).toBe(400);
    expect((await settingsOf(user)).notifications.email).toBe(true);
  });

  it("a valid token of an account that no longer exists answers 404", async () => {
    const res = await call(undefined, "GET", unsubscribePath(Unsubscribe.token("no-such-user-anywhere")));
    expect(res.status).toBe(404);
  });
});

describe("in-app notifications", () => {
  it("a user gets their own notifications after `since`, never another user's", async () => {
    const [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const first = await call(ann, "GET", "/api/notifications");
    expect(first.status).toBe(200);
    expect(first.body.notifications).toEqual([]);
    await InApp.record(ann.uid, { kind: "document-ready", projectId: 7, documentId: 70, documentName: "quote.pdf" });

    const mine = await call(ann, "GET", `/api/notifications?since=${encodeURIComponent(first.body.now)}`);
    expect(mine.body.notifications).toMatchObject([{ kind: "document-ready", projectId: 7, documentName: "quote.pdf" }]);
    expect(mine.body.notifications[0].userId).toBeUndefined();

    const theirs = await call(bob, "GET", `/api/notifications?since=${encodeURIComponent(first.body.now)}`);
    expect(theirs.body.notifications).toEqual([]);
    expect(await Actor.provide({ userId: bob.uid }, () => InApp.since(first.body.now))).toMatchObject({ notifications: [] });
  });

  it("needs a sign-in and a valid `since`", async () => {
    const user = await signedInUser();
    expect((await call(undefined, "GET", "/api/notifications")).status).toBe(401);
    const bad = await call(user, "GET", "/api/notifications?since=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("since must be an ISO date and time");
  });
});

describe("Web Push subscriptions", () => {
  const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) => ({
    endpoint,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });

  it("the server's public key is there to subscribe with", async () => {
    const user = await signedInUser();
    const res = await call(user, "GET", "/api/notify/push/key");
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it("a browser subscribes and unsubscribes; a malformed subscription answers 400", async () => {
    const user = await signedInUser();
    const sub = subscription();
    expect((await call(user, "POST", "/api/notify/push/subscriptions", sub)).body).toEqual({ subscribed: true });
    expect((await call(user, "DELETE", "/api/notify/push/subscriptions", { endpoint: sub.endpoint })).body).toEqual({ subscribed: false });
    const bad = await call(user, "POST", "/api/notify/push/subscriptions", { endpoint: "not a url", keys: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("endpoint must be a push service URL");
  });

  it("a subscription that points anywhere but a browser's push service answers 400", async () => {
    const user = await signedInUser();
    for (const endpoint of ["https://internal.example.com/hook", "http://127.0.0.1:8000/", "https://fcm.googleapis.com.evil.example/x"]) {
      const res = await call(user, "POST", "/api/notify/push/subscriptions", subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toEqual({ error: PUSH_SERVICE_REFUSED });
    }
  });
});

describe("payment mails from the billing webhook (local test mode posts Stripe-format events to it)", () => {
  const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" });
  async function subscribeAndRenew(user: TestUser, number: string) {
    const created = await call(user, "POST", "/api/create-payment-intent", { amount: 50 });
    await call(user, "POST", `/api/test-payments/${created.body.paymentIntentId}/confirm`, {
      clientSecret: created.body.clientSecret,
      card: card(number),
    });
    // The trial's invoice is $0 (no mail); the first renewal charges the card.
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await call(user, "POST", "/api/test-billing/clock", { days: 31 })).status).toBe(200);
  }

  it("a renewal that is paid is confirmed by mail with its amount", async () => {
    const user = await signedInUser({ verified: true });
    await subscribeAndRenew(user, "4242 4242 4242 4242");
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe("Payment received: thank you");
    expect(mail.text).toContain("We received your payment of $50.00 for Quorum Professional.");
  });

  it("a renewal that fails asks for a new payment method, and not when emails are off", async () => {
    const [user, quiet] = await Promise.all([signedInUser({ verified: true }), signedInUser({ verified: true })]);
    await call(quiet, "PUT", `/api/users/${quiet.uid}/settings`, { notifications: { email: false } });
    await Promise.all([subscribeAndRenew(user, "4000 0000 0000 0341"), subscribeAndRenew(quiet, "4000 0000 0000 0341")]);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe("Your payment did not go through");
    expect(mail.text).toContain("Please update your payment method on your profile");
    expect(await mailsTo(quiet.email)).toEqual([]);
  });
});

describe("document mails go only to a verified address", { timeout: 120_000 }, () => {
  const text = Buffer.from("Dock 4 steel: 120 t of S355 beams, galvanised fittings, delivery in March.\n".repeat(10));
  const upload = (user: TestUser, projectId: number, fileName: string) =>
    uploadDocument(user, projectId, { fileName, contentType: "text/plain", category: "specifications" }, text);

  it("an unverified account's finished document is told in the app only; after verifying, by mail too", async () => {
    const user = await signedInUser();
    const projectId = await addProject(user);
    const before = (await call(user, "GET", "/api/notifications")).body.now;
    const first = await upload(user, projectId, "unverified.txt");
    await waitCompleted(user, projectId, [first]);
    // Told in the app (the same delivery as the mail would be): the work is done and reported.
    await expect
      .poll(async () => (await call(user, "GET", `/api/notifications?since=${encodeURIComponent(before)}`)).body.notifications.length)
      .toBe(1);

    // The owner opens the verification link; the app's next sign-in sync carries the new claim.
    const verified = await verifyAddress(user);
    expect((await call(verified, "POST", "/api/auth/login", { firebaseUid: user.uid, email: user.email, displayName: null })).status).toBe(
      200,
    );
    const second = await upload(verified, projectId, "verified.txt");
    await waitCompleted(verified, projectId, [second]);
    await waitForMail(user.email, (m) => m.subject === "“verified.txt” is ready");
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual(["“verified.txt” is ready"]);
  });

  it("a long document name in a subject is cut to the limit and quoted", async () => {
    const user = await signedInUser({ verified: true });
    const projectId = await addProject(user);
    const name = `${"Quarterly steel schedule ".repeat(8)}.txt`;
    const id = await upload(user, projectId, name);
    await waitCompleted(user, projectId, [id]);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toMatch(/^“(Quarterly steel schedule )+Quarterly…” is ready$/);
    expect(mail.subject.length).toBe(MAX_SUBJECT_VALUE_CHARS + "“” is ready".length);
  });
});
