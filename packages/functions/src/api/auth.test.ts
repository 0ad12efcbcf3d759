import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHECK_ACCOUNT_PER_EMAIL, CHECK_ACCOUNT_PER_IP } from "@quorum/core/ratelimit/index";
import { callFrom, createUser, newLoopbackIp, type TestUser } from "@quorum/local/testing";

const checkAccount = (user: TestUser | undefined, email: string, ip = newLoopbackIp()) =>
  callFrom(ip, user, "POST", "/api/auth/check-account", { email });

async function registeredUser() {
  const user = await createUser();
  const res = await callFrom(newLoopbackIp(), user, "POST", "/api/auth/register", {
    firebaseUid: user.uid,
    email: user.email,
    displayName: "Dee Ng",
    firstName: "Dee",
    lastName: "Ng",
    phoneNumber: "555-0100",
    plan: "starter",
  });
  expect(res.status).toBe(200);
  return user;
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe("check-account", () => {
  it("an anonymous caller learns only whether the email has an account", async () => {
    const user = await registeredUser();
    const found = await checkAccount(undefined, user.email.toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ exists: true });
    const missing = await checkAccount(undefined, `nobody-${randomUUID()}@example.com`);
    expect(missing.body).toEqual({ exists: false });
  });

  it("the account's own holder, signed in, also gets the name, plan and email", async () => {
    const user = await registeredUser();
    const res = await checkAccount(user, user.email);
    expect(res.body).toEqual({ exists: true, user: { firstName: "Dee", lastName: "Ng", plan: "starter", email: user.email } });
  });

  it("another signed-in user learns only that the account exists", async () => {
    const [owner, other] = await Promise.all([registeredUser(), createUser()]);
    const res = await checkAccount(other, owner.email);
    expect(res.body).toEqual({ exists: true });
  });

  it("past the per-network limit the answer is 429 with Retry-After and a plain sentence", async () => {
    const ip = newLoopbackIp();
    for (let i = 0; i < CHECK_ACCOUNT_PER_IP.max; i++) {
      expect((await checkAccount(undefined, `probe-${randomUUID()}@example.com`, ip)).status).toBe(200);
    }
    const refused = await checkAccount(undefined, `probe-${randomUUID()}@example.com`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many account checks from your network\. Please try again in (\d+ minutes?|less than a minute)\.$/,
    );
    // A rate limit is no plan's limit: nothing to upgrade.
    expect(refused.body.limit).toBeUndefined();
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CHECK_ACCOUNT_PER_IP.windowSeconds);
    // Another network is not affected.
    expect((await checkAccount(undefined, `probe-${randomUUID()}@example.com`)).status).toBe(200);
  });

  it("past the per-email limit the answer is 429, whichever network asks", async () => {
    const email = `target-${randomUUID()}@example.com`;
    for (let i = 0; i < CHECK_ACCOUNT_PER_EMAIL.max; i++) expect((await checkAccount(undefined, email)).status).toBe(200);
    const refused = await checkAccount(undefined, email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many account checks for this email address\. Please try again in .+\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("concurrent requests from one network never get past the limit", async () => {
    const ip = newLoopbackIp();
    const results = await Promise.all(
      Array.from({ length: CHECK_ACCOUNT_PER_IP.max + 15 }, () => checkAccount(undefined, `burst-${randomUUID()}@example.com`, ip)),
    );
    expect(statuses(results)).toEqual([...Array(CHECK_ACCOUNT_PER_IP.max).fill(200), ...Array(15).fill(429)]);
  });

  it("concurrent requests for one email from many networks never get past the limit", async () => {
    const email = `burst-${randomUUID()}@example.com`;
    const results = await Promise.all(Array.from({ length: CHECK_ACCOUNT_PER_EMAIL.max + 7 }, () => checkAccount(undefined, email)));
    expect(statuses(results)).toEqual([...Array(CHECK_ACCOUNT_PER_EMAIL.max).fill(200), ...Array(7).fill(429)]);
  });
});
