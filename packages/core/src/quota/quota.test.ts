import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { LimitReached } from "../error";
import { User } from "../user/index";
import { UsageCountEntity } from "./entity";
import { Quota } from "./index";

async function newUser(plan?: {
  plan: "starter" | "professional" | "enterprise" | "basic";
  planStatus: "active" | "pending" | "past_due" | "canceled";
}) {
  const userId = `q-${randomUUID()}`;
  const as = <R>(work: () => R) => Actor.provide({ userId, email: `${userId}@example.com` }, work);
  await as(() => User.login({ firebaseUid: userId }));
  if (plan) await User.setPlan(userId, plan.plan, plan.planStatus);
  return { userId, as };
}

const at = (iso: string) => new Date(iso);

describe("the starter plan's questions a day", () => {
  it("ten questions pass and the eleventh is refused with the limit and the time it resets", async () => {
    const { as } = await newUser();
    const now = at("2031-03-04T18:48:00.000Z");
    for (let i = 1; i <= 10; i++) {
      const receipt = await as(() => Quota.consumeQuestion(now));
      expect(receipt).toMatchObject({ used: i, limit: 10, day: "2031-03-04" });
    }
    const refused = await as(() => Quota.consumeQuestion(now)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitReached);
    expect((refused as LimitReached).status).toBe(429);
    expect((refused as LimitReached).message).toBe(
      "You have used your 10 free questions for today. The limit resets at 00:00 UTC (in 5 h 12 min). Upgrade to Professional for unlimited questions.",
    );
  });

  it("20 questions at once: exactly 10 pass and 10 are refused, and the count stays at 10", async () => {
    const { userId, as } = await newUser();
    const now = at("2031-05-06T09:00:00.000Z");
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => as(() => Quota.consumeQuestion(now))));
    const passed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LimitReached);
    // Each passing question got its own number: no two were counted as one.
    const numbers = passed.map((r) => (r as PromiseFulfilledResult<{ used: number }>).value.used).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = await UsageCountEntity.get({ userId, meter: "questions", period: "2031-05-06" }).go();
    expect(stored.data?.count).toBe(10);
  });

  it("the count starts again at 00:00 UTC", async () => {
    const { as } = await newUser();
    for (let i = 0; i < 10; i++) await as(() => Quota.consumeQuestion(at("2031-07-01T23:59:00.000Z")));
    await expect(as(() => Quota.consumeQuestion(at("2031-07-01T23:59:59.000Z")))).rejects.toBeInstanceOf(LimitReached);
    await expect(as(() => Quota.consumeQuestion(at("2031-07-02T00:00:00.000Z")))).resolves.toMatchObject({ used: 1, day: "2031-07-02" });
  });

  it("professional (active) and enterprise (active) are unlimited; an unpaid professional plan is not", async () => {
    const now = at("2031-08-01T12:00:00.000Z");
    for (const plan of ["professional", "enterprise"] as const) {
      const { as } = await newUser({ plan, planStatus: "active" });
      const results = await Promise.all(Array.from({ length: 15 }, () => as(() => Quota.consumeQuestion(now))));
      expect(results.every((r) => r.limit === null)).toBe(true);
      expect(Math.max(...results.map((r) => r.used))).toBe(15);
    }
    const pending = await newUser({ plan: "professional", planStatus: "pending" });
    for (let i = 0; i < 10; i++) await pending.as(() => Quota.consumeQuestion(now));
    await expect(pending.as(() => Quota.consumeQuestion(now))).rejects.toBeInstanceOf(LimitReached);
  });

  it("a refunded question (the model failed) can be asked again", async () => {
    const { as } = await newUser();
    const now = at("2031-09-09T10:00:00.000Z");
    const receipts = [];
    for (let i = 0; i < 10; i++) receipts.push(await as(() => Quota.consumeQuestion(now)));
    await Quota.refundQuestion(receipts.at(-1)!);
    await expect(as(() => Quota.consumeQuestion(now))).resolves.toMatchObject({ used: 10 });
  });

  it("usage reports the plan, today's count, the limit and the next reset", async () => {
    const { as } = await newUser();
    const now = at("2031-10-10T20:30:00.000Z");
    expect(await as(() => Quota.usage(now))).toMatchObject({
      plan: "starter",
      planStatus: "active",
      used: 0,
      limit: 10,
      resetsAt: "2031-10-11T00:00:00.000Z",
    });
    await as(() => Quota.consumeQuestion(now));
    await as(() => Quota.consumeQuestion(now));
    expect(await as(() => Quota.usage(now))).toMatchObject({ used: 2, limit: 10 });
    const pro = await newUser({ plan: "professional", planStatus: "active" });
    expect(await pro.as(() => Quota.usage(now))).toMatchObject({ plan: "professional", limit: null });
  });

  it("says how long until the reset in hours and minutes", () => {
    expect(Quota.formatWait(5 * 3_600_000 + 12 * 60_000)).toBe("5 h 12 min");
    expect(Quota.formatWait(3 * 3_600_000)).toBe("3 h");
    expect(Quota.formatWait(12 * 60_000 - 1)).toBe("12 min");
    expect(Quota.formatWait(1_000)).toBe("1 min");
    expect(Quota.formatWait(0)).toBe("less than a minute");
  });
});
