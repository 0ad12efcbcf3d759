import { Actor } from "../actor";
import { config } from "../config";
import { defineEntity } from "../db/entity";
import { isConditionFailure } from "../db/service";
import { LimitReached } from "../error";
import { User, type Plan, type UserItem } from "../user/index";

/**
 * The starter plan's questions a day (spec doc 1 §3, §6), enforced by the server:
 * one counter item per user and UTC day, raised by a conditional UpdateItem
 * (`ADD count 1` only while `count < limit`), so concurrent questions can neither
 * exceed the limit nor lose a count.
 */
export const QuestionCountEntity = defineEntity({
  model: { entity: "question_count", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** The UTC day, YYYY-MM-DD. */
    day: { type: "string", required: true, readOnly: true },
    count: { type: "number" },
    /** Epoch seconds two days after the day ends: a TTL attribute, should the table enable one. */
    expiresAt: { type: "number" },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: ["day"] },
    },
  },
});

const DAY_MS = 86_400_000;

/** A receipt for one counted question; `refundQuestion` gives it back. */
export interface QuestionReceipt {
  userId: string;
  day: string;
  used: number;
  /** Null for unlimited plans. */
  limit: number | null;
}

export namespace Quota {
  /** Unlimited: a paid plan in force (User.hasPaidAccess: active, or past due within its grace period). Pending counts as starter. */
  export function isUnlimited(user: Pick<UserItem, "plan" | "planStatus" | "pastDueSince"> | undefined) {
    return User.hasPaidAccess(user);
  }

  export function dailyLimit(user: Pick<UserItem, "plan" | "planStatus" | "pastDueSince"> | undefined): number | null {
    return isUnlimited(user) ? null : config().STARTER_DAILY_QUESTIONS;
  }

  export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
  export const nextResetOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);

  /** "5 h 12 min", "12 min", "less than a minute". */
  export function formatWait(ms: number) {
    const minutes = Math.max(0, Math.ceil(ms / 60_000));
    if (minutes === 0) return "less than a minute";
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }

  export function limitMessage(limit: number, now: Date) {
    return (
      `You have used your ${limit} free questions for today. ` +
      `The limit resets at 00:00 UTC (in ${formatWait(nextResetOf(now).getTime() - now.getTime())}). ` +
      `Upgrade to Professional for unlimited questions.`
    );
  }

  /**
   * Counts one question for the caller before a model is asked. Every call that
   * asks a model calls this first; on a limited plan the question past the limit
   * is refused with a 429 that says the limit and when it resets.
   */
  export async function consumeQuestion(now: Date = new Date()): Promise<QuestionReceipt> {
    const userId = Actor.userId();
    const limit = dailyLimit(await User.find(userId));
    const day = dayOf(now);
    const expiresAt = Math.floor(nextResetOf(now).getTime() / 1000) + 2 * 86_400;
    const update = QuestionCountEntity.update({ userId, day }).add({ count: 1 }).set({ expiresAt });
    try {
      const result = await (limit === null ? update : update.where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, limit)}`)).go({
        response: "all_new",
      });
      return { userId, day, used: result.data.count ?? 1, limit };
    } catch (error) {
      if (limit !== null && isConditionFailure(error)) throw new LimitReached(limitMessage(limit, now));
      throw error;
    }
  }

  /** Gives a counted question back when no answer came of it (the model failed). */
  export async function refundQuestion(receipt: QuestionReceipt): Promise<void> {
    try {
      await QuestionCountEntity.update({ userId: receipt.userId, day: receipt.day })
        .subtract({ count: 1 })
        .where((a, op) => op.gt(a.count, 0))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** What the UI shows: today's count against the plan's limit (null: unlimited). */
  export async function usage(now: Date = new Date()) {
    const userId = Actor.userId();
    const [user, counted] = await Promise.all([User.find(userId), QuestionCountEntity.get({ userId, day: dayOf(now) }).go()]);
    const plan: Plan = user?.plan ?? "starter";
    return {
      plan,
      planStatus: user?.planStatus ?? "active",
      used: counted.data?.count ?? 0,
      limit: dailyLimit(user),
      resetsAt: nextResetOf(now).toISOString(),
    };
  }
}
