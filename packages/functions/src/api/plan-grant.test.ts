import { describe, expect, it } from "vitest";
import { PlanGrant } from "@quorum/core/user/plan-grant";
import { call, ops, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * Enterprise is sold by people: an operator sets it with `npm run ops -- plan set`
 * against the local stack's table (the environment the test stack hands every test
 * file), and the account sees it over the API: its plan, its models and limits, its
 * support queue and its billing history.
 */

const profile = async (user: TestUser) => (await call(user, "GET", `/api/users/${user.uid}`)).body;
const history = async (user: TestUser) => (await call(user, "GET", "/api/billing/history")).body.changes;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("npm run ops -- plan set", () => {
  it("an unknown e-mail is said in one plain sentence and changes nothing", async () => {
    const res = await ops("plan", "set", "nobody-here@example.com", "enterprise");
    expect(res.code).toBe(1);
    expect(res.err).toBe("No account uses the e-mail address nobody-here@example.com. Nothing was changed.");
  });

  it("Enterprise gives Professional's models and limits plus its own support, recorded with who and when; ending it keeps the data", async () => {
    const ann = await signedInUser();
    const project = await call(ann, "POST", "/api/projects", { name: "Harbour crane", userId: ann.uid });
    expect(project.status).toBe(201);

    const set = await ops("plan", "set", ann.email.toUpperCase(), "enterprise", "--until", day(30), "--stage", "local");
    expect(set.code, set.err).toBe(0);
    expect(set.out).toMatch(
      new RegExp(`^${ann.email} is now on Enterprise until the end of ${day(30)} \\(UTC\\)\\. Recorded by dana@sales at `),
    );
    expect(await profile(ann)).toMatchObject({ plan: "enterprise", planStatus: "active", planUntil: `${day(31)}T00:00:00.000Z` });
    const usage = (await call(ann, "GET", "/api/usage")).body;
    expect(usage).toMatchObject({ meteredPlan: "enterprise", limit: null });
    const catalog = (await call(ann, "GET", "/api/models")).body;
    expect(catalog.plan).toBe("enterprise");
    expect(catalog.models.every((m: { allowed: boolean }) => m.allowed)).toBe(true);
    const support = await call(ann, "POST", "/api/support", {
      name: "Ann",
      email: ann.email,
      subject: "Export",
      message: "How do I export?",
    });
    expect(support.body).toMatchObject({ prioritySupport: true, supportPriority: "enterprise" });
    const [granted] = await history(ann);
    expect(granted).toMatchObject({ plan: "enterprise", previousPlan: "starter", by: "dana@sales", source: "operator" });
    expect(Date.now() - Date.parse(granted.at)).toBeLessThan(60_000);

    const ended = await ops("plan", "set", ann.email, "starter");
    expect(ended.out).toMatch(/is back on Starter; its projects, documents and conversations are kept\./);
    expect(await profile(ann)).toMatchObject({ plan: "starter", planStatus: "active" });
    expect((await profile(ann)).planUntil).toBeUndefined();
    expect((await call(ann, "GET", "/api/usage")).body.meteredPlan).toBe("starter");
    expect((await call(ann, "GET", `/api/projects/${project.body.project.id}`)).status).toBe(200);
    expect((await history(ann)).map((c: { plan: string; by: string }) => `${c.plan} by ${c.by}`)).toEqual([
      "starter by dana@sales",
      "enterprise by dana@sales",
    ]);
  });

  it("bad input is refused in a sentence: a past end date, an end date for Starter, a plan that is not set by hand, Starter twice", async () => {
    const bob = await signedInUser();
    expect((await ops("plan", "set", bob.email, "enterprise", "--until", day(-1))).err).toBe(
      `The end date ${day(-1)} has already passed. Nothing was changed.`,
    );
    expect((await ops("plan", "set", bob.email, "enterprise", "--until", "2027-02-30")).err).toBe(
      "The end date is not a day of the calendar. Nothing was changed.",
    );
    expect((await ops("plan", "set", bob.email, "starter", "--until", day(5))).err).toBe(
      "An end date only applies to Enterprise: Starter has none. Nothing was changed.",
    );
    expect((await ops("plan", "set", bob.email, "professional")).err).toBe(
      "The plan must be one of: enterprise, starter. Nothing was changed.",
    );
    expect((await ops("plan", "set", bob.email, "starter")).err).toBe(
      `${bob.email} is not on Enterprise (their plan is starter). Nothing was changed.`,
    );
    expect(await history(bob)).toEqual([]);
    expect((await profile(bob)).plan).toBe("starter");
  });

  it("the end date is honoured by the server: past it the account is on Starter, and the next sign-in records the end", async () => {
    const cy = await signedInUser();
    // Granted three days ago until yesterday (the domain call the command makes, with an earlier clock).
    await PlanGrant.set({ email: cy.email, plan: "enterprise", until: day(-1), by: "dana@sales" }, new Date(Date.now() - 3 * 86_400_000));
    expect((await call(cy, "GET", "/api/usage")).body.meteredPlan).toBe("starter");
    expect(await profile(cy)).toMatchObject({ plan: "starter", planStatus: "active" });
    expect((await call(cy, "POST", "/api/chat", { model: "gpt", message: "Hello" })).status).toBe(403);

    expect((await call(cy, "POST", "/api/auth/login", { firebaseUid: cy.uid, email: cy.email })).status).toBe(200);
    const [end, grant] = await history(cy);
    expect(end).toMatchObject({
      plan: "starter",
      previousPlan: "enterprise",
      by: "end date",
      source: "end-date",
      at: `${day(0)}T00:00:00.000Z`,
    });
    expect(grant).toMatchObject({ plan: "enterprise", until: `${day(0)}T00:00:00.000Z` });
  });
});
