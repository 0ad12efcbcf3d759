import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, signedInUser, type TestUser } from "@quorum/local/testing";

describe("profiles and settings", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser({ displayName: "Ann" }), signedInUser({ displayName: "Bob" })]);
  });

  it("a user reads and edits their own profile, with the Salesforce token masked", async () => {
    const put = await call(ann, "PUT", `/api/users/${ann.uid}`, { company: "Acme Corp", salesforceSecurityToken: "sf-secret-123" });
    expect(put.status).toBe(200);
    const got = await call(ann, "GET", `/api/users/${ann.uid}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ uid: ann.uid, email: ann.email, company: "Acme Corp", plan: "starter", planStatus: "active" });
    expect(got.body.salesforceSecurityToken).toBe("••••••••");
    expect(got.text).not.toContain("sf-secret-123");
  });

  it("sending the mask back keeps the stored token", async () => {
    await call(ann, "PUT", `/api/users/${ann.uid}`, { salesforceSecurityToken: "keep-me" });
    await call(ann, "PUT", `/api/users/${ann.uid}`, { salesforceSecurityToken: "••••••••", company: "Acme 2" });
    const got = await call(ann, "GET", `/api/users/${ann.uid}`);
    expect(got.body.salesforceSecurityToken).toBe("••••••••");
    expect(got.body.company).toBe("Acme 2");
  });

  it("another user's profile is not found, and cannot be changed", async () => {
    const read = await call(bob, "GET", `/api/users/${ann.uid}`);
    expect(read.status).toBe(404);
    const write = await call(bob, "PUT", `/api/users/${ann.uid}`, { company: "Hacked" });
    expect(write.status).toBe(404);
    const mine = await call(ann, "GET", `/api/users/${ann.uid}`);
    expect(mine.body.company).not.toBe("Hacked");
  });

  it("settings answer the spec's defaults until saved", async () => {
    const fresh = await signedInUser();
    const got = await call(fresh, "GET", `/api/users/${fresh.uid}/settings`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      notifications: { email: true, push: false, chat: true },
      privacy: { shareData: false, analytics: true },
      preferences: { language: "en", fontSize: "medium" },
    });
  });

  it("saved settings persist and partial saves keep the rest", async () => {
    await call(ann, "PUT", `/api/users/${ann.uid}/settings`, {
      notifications: { email: false, push: true, chat: true },
      privacy: { shareData: true, analytics: false },
      preferences: { language: "de", fontSize: "large" },
    });
    await call(ann, "PUT", `/api/users/${ann.uid}/settings`, { preferences: { fontSize: "small" } });
    const got = await call(ann, "GET", `/api/users/${ann.uid}/settings`);
    expect(got.body).toEqual({
      notifications: { email: false, push: true, chat: true },
      privacy: { shareData: true, analytics: false },
      preferences: { language: "de", fontSize: "small" },
    });
  });

  it("another user's settings are not found, and cannot be changed", async () => {
    expect((await call(bob, "GET", `/api/users/${ann.uid}/settings`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/users/${ann.uid}/settings`, { preferences: { language: "es" } })).status).toBe(404);
    expect((await call(ann, "GET", `/api/users/${ann.uid}/settings`)).body.preferences.language).not.toBe("es");
  });

  it("a userId in the body that is not the caller's is refused with 403", async () => {
    const res = await call(bob, "POST", "/api/auth/login", { firebaseUid: ann.uid, email: ann.email, displayName: "x" });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/does not match/);
  });

  it("a userId in the query that is not the caller's is refused with 403", async () => {
    const res = await call(bob, "GET", `/api/users/${bob.uid}?userId=${ann.uid}`);
    expect(res.status).toBe(403);
  });

  it("calls without a token answer 401", async () => {
    expect((await call(undefined, "GET", `/api/users/${ann.uid}`)).status).toBe(401);
    expect((await call(undefined, "PUT", `/api/users/${ann.uid}/settings`, {})).status).toBe(401);
    const forged = { ...ann, headers: { authorization: `Bearer ${ann.token.slice(0, -5)}xxxxx` } };
    expect((await call(forged, "GET", `/api/users/${ann.uid}`)).status).toBe(401);
  });
});

describe("bad bodies answer 400 with a message and write nothing", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signedInUser();
    await call(user, "PUT", `/api/users/${user.uid}`, { company: "Original" });
  });

  const unchanged = async () => (await call(user, "GET", `/api/users/${user.uid}`)).body.company;

  it("invalid JSON", async () => {
    const res = await call(user, "PUT", `/api/users/${user.uid}`, "{ company: nope", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Request body must be valid JSON");
    expect(await unchanged()).toBe("Original");
  });

  it("wrong types", async () => {
    const res = await call(user, "PUT", `/api/users/${user.uid}`, { company: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/company/);
    const settings = await call(user, "PUT", `/api/users/${user.uid}/settings`, { notifications: { email: "yes" } });
    expect(settings.status).toBe(400);
    expect((await call(user, "GET", `/api/users/${user.uid}/settings`)).body.notifications.email).toBe(true);
    expect(await unchanged()).toBe("Original");
  });

  it("a 1 MB string", async () => {
    const res = await call(user, "PUT", `/api/users/${user.uid}`, { company: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most/);
    expect(await unchanged()).toBe("Original");
  });

  it("values outside the spec's lists", async () => {
    const res = await call(user, "PUT", `/api/users/${user.uid}/settings`, { preferences: { language: "it" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("language must be one of en, es, fr, de");
  });

  it("missing fields on register", async () => {
    const res = await call(user, "POST", "/api/auth/register", { firebaseUid: user.uid, email: user.email, plan: "starter" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("First name is required");
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body.firstName).toBeUndefined();
  });
});

describe("accounts", () => {
  it("register stores the sign-up details; the server decides the trial", async () => {
    const user = await createUser();
    const res = await call(user, "POST", "/api/auth/register", {
      firebaseUid: user.uid,
      email: user.email,
      displayName: "Cleo Diaz",
      firstName: "Cleo",
      lastName: "Diaz",
      phoneNumber: "",
      plan: "starter",
      trialEndsAt: "2099-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: "Cleo", lastName: "Diaz", plan: "starter", planStatus: "active" });
    expect(res.body.user.trialEndsAt).toBeUndefined();
  });

  it("a professional sign-up gets a 30-day trial end and stays pending until paid", async () => {
    const user = await createUser();
    const res = await call(user, "POST", "/api/auth/register", {
      firebaseUid: user.uid,
      email: user.email,
      displayName: "P",
      firstName: "Pat",
      lastName: "Lee",
      plan: "professional",
      trialEndsAt: null,
    });
    expect(res.body.user.planStatus).toBe("pending");
    const days = (Date.parse(res.body.user.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("update-subscription cannot make a paid plan active without a payment the server has seen", async () => {
    const user = await createUser();
    await call(user, "POST", "/api/auth/register", {
      firebaseUid: user.uid,
      email: user.email,
      firstName: "Q",
      lastName: "R",
      plan: "professional",
    });
    const res = await call(user, "POST", "/api/update-subscription", { firebaseUid: user.uid, planStatus: "active" });
    expect(res.status).toBe(409);
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body.planStatus).toBe("pending");
  });
});

describe("first sign-in races", () => {
  it("register and the first login sync arriving together both succeed", async () => {
    const user = await createUser();
    const [login, register] = await Promise.all([
      call(user, "POST", "/api/auth/login", { firebaseUid: user.uid, email: user.email, displayName: null }),
      call(user, "POST", "/api/auth/register", {
        firebaseUid: user.uid,
        email: user.email,
        firstName: "Race",
        lastName: "Winner",
        plan: "starter",
      }),
    ]);
    expect(login.status).toBe(200);
    expect(register.status).toBe(200);
    expect((await call(user, "GET", `/api/users/${user.uid}`)).body).toMatchObject({ firstName: "Race", lastName: "Winner" });
  });
});
