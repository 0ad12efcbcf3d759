import { describe, expect, it } from "vitest";
import { SESSION_REVOKED } from "@quorum/core/auth/index";
import { authEmulatorHost, call, signedInUser, type TestUser } from "@quorum/local/testing";

/** Issue 26, point 7: a disabled account or a revoked session loses sign-in, billing and account changes at once. */

/** An admin's change to the account in the Auth Emulator, as the Firebase Admin SDK makes it. */
async function adminUpdate(user: TestUser, change: Record<string, unknown>) {
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: user.uid, ...change }),
  });
  expect(res.status, await res.text()).toBe(200);
}

const signIn = (user: TestUser) => call(user, "POST", "/api/auth/login", { firebaseUid: user.uid, email: user.email });
const changeSettings = (user: TestUser) => call(user, "PUT", `/api/users/${user.uid}/settings`, { notifications: { email: false } });

describe("disabled accounts and revoked sessions", () => {
  it("a disabled account cannot sign in, pay or change its account, though its token has not expired", async () => {
    const user = await signedInUser();
    expect((await call(user, "GET", "/api/projects")).status).toBe(200);
    await adminUpdate(user, { disableUser: true });
    expect((await signIn(user)).status).toBe(401);
    expect((await changeSettings(user)).status).toBe(401);
    expect((await call(user, "POST", "/api/create-payment-intent", { amount: 50 })).status).toBe(401);
  });

  it("a session signed out everywhere (tokens revoked) is refused on sign-in with a sentence", async () => {
    const user = await signedInUser();
    await new Promise((r) => setTimeout(r, 1_100));
    await adminUpdate(user, { validSince: String(Math.floor(Date.now() / 1000)) });
    const res = await signIn(user);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: SESSION_REVOKED });
  });
});
