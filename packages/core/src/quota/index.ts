import { Actor } from "../actor";
import type { LiveAnswer } from "../chat/live";
import { lowerBy, raiseWithin } from "../db/bounded-counter";
import { LimitReached, StorageFull, VisibleError } from "../error";
import type { UserItem } from "../user/entity";
import { User, type Plan } from "../user/index";
import { limitOf, METERS, PLAN_NAMES, QUESTIONS, UPGRADE_HINTS, type Meter, type MeteredPlan, type Period, upgradeLifts } from "./limits";
import { UsageCountEntity } from "./entity";

export * from "./limits";

const DAY_MS = 86_400_000;

/** What was counted; `giveBack` returns it. */
export interface Receipt {
  userId: string;
  meter: Meter["name"];
  period: string;
  amount: number;
  used: number;
  /** Null for unlimited plans. */
  limit: number | null;
}
/** Kept for the chat's callers: a question is one receipt of the questions meter. */
export type QuestionReceipt = Receipt & { day: string };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export namespace Quota {
  /** Unlimited: a paid plan in force (User.hasPaidAccess: active, or past due within its grace period). Pending counts as starter. */
  export function isUnlimited(user: Pick<UserItem, "plan" | "planStatus" | "pastDueSince" | "planUntil"> | undefined) {
    return User.hasPaidAccess(user);
  }

  /** The plan whose limits apply: a paid plan only while `isUnlimited` says it is in force. */
  export function planOf(user: Pick<UserItem, "plan" | "planStatus" | "pastDueSince" | "planUntil"> | undefined): MeteredPlan {
    return user && isUnlimited(user) ? (user.plan as MeteredPlan) : "starter";
  }

  export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
  export const nextResetOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  export const periodOf = (period: Period, now: Date) => (period === "day" ? dayOf(now) : now.toISOString().slice(0, 7));
  export const resetOf = (period: Period, now: Date) =>
    period === "day" ? nextResetOf(now) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

  /** "5 h 12 min", "12 min", "less than a minute". */
  export function formatWait(ms: number) {
    const minutes = Math.max(0, Math.ceil(ms / 60_000));
    if (minutes === 0) return "less than a minute";
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }

  /** The starter plan's question refusal (the chat screens show it as the day's limit banner). */
  export function limitMessage(limit: number, now: Date) {
    return (
      `You have used your ${limit} free questions for today. ` +
      `The limit resets at 00:00 UTC (in ${formatWait(nextResetOf(now).getTime() - now.getTime())}). ` +
      `Upgrade to Professional for unlimited questions.`
    );
  }

  /** When a period's count starts again, in words: "at midnight UTC (in 5 h 12 min)", "on 1 December at midnight UTC". */
  export function resetPhrase(period: Period, now: Date) {
    const reset = resetOf(period, now);
    return period === "day"
      ? `at midnight UTC (in ${formatWait(reset.getTime() - now.getTime())})`
      : `on ${reset.getUTCDate()} ${MONTHS[reset.getUTCMonth()]} at midnight UTC`;
  }

  /** "this month's 100 OCR pages on the Starter plan" */
  export const allowance = (meter: Meter, plan: MeteredPlan, limit: number) =>
    `${meter.period === "day" ? "today's" : "this month's"} ${limit} ${meter.noun} on the ${PLAN_NAMES[plan]} plan`;
  export const resetAndUpgrade = (meter: Meter, plan: MeteredPlan, now: Date) =>
    `The limit resets ${resetPhrase(meter.period, now)}; ${UPGRADE_HINTS[plan]}`;

  /** A refusal in plain words: which limit, when it resets, how to get more. */
  export function meterMessage(meter: Meter, plan: MeteredPlan, limit: number, now: Date) {
    if (meter === QUESTIONS) return limitMessage(limit, now);
    return `You've reached ${allowance(meter, plan, limit)}. ${resetAndUpgrade(meter, plan, now)}`;
  }

  /** Why work stopped part way (it is no refusal of a request): "this month's 100 OCR pages on the Starter plan are used up. The limit resets ..." */
  export function usedUpMessage(meter: Meter, plan: MeteredPlan, limit: number, now: Date) {
    return `${allowance(meter, plan, limit)} are used up. ${resetAndUpgrade(meter, plan, now)}`;
  }

  async function limitFor(meter: Meter, userId: string) {
    const plan = planOf(await User.find(userId));
    return { plan, limit: limitOf(meter, plan) };
  }

  function counter(userId: string, meter: Meter, now: Date) {
    const period = periodOf(meter.period, now);
    const expiresAt = Math.floor(resetOf(meter.period, now).getTime() / 1000) + 2 * 86_400;
    return { period, expiresAt, update: () => UsageCountEntity.update({ userId, meter: meter.name, period }) };
  }

  /**
   * Counts `amount` of `meter` for a user (the caller by default) before the work
   * that costs is done; past the plan's limit the whole amount is refused with a
   * 429 that says the limit, when it resets and how to get more.
   */
  export async function consume(meter: Meter, options: { amount?: number; userId?: string; now?: Date } = {}): Promise<Receipt> {
    const { amount = 1, userId = Actor.userId(), now = new Date() } = options;
    const { plan, limit } = await limitFor(meter, userId);
    const { period, expiresAt, update } = counter(userId, meter, now);
    const used = await raiseWithin(update(), amount, limit, expiresAt);
    if (used === null) throw new LimitReached(meterMessage(meter, plan, limit!, now), { meter: meter.name, upgrade: upgradeLifts(plan) });
    return { userId, meter: meter.name, period, amount, used, limit };
  }

  /**
   * Counts as much of `wanted` as the plan has left this period (0 when it has
   * none): for work that can stop part way, like reading a document's scanned pages.
   */
  export async function reserve(
    meter: Meter,
    userId: string,
    wanted: number,
    now: Date = new Date(),
  ): Promise<Receipt & { plan: MeteredPlan }> {
    const { plan, limit } = await limitFor(meter, userId);
    const { period, expiresAt, update } = counter(userId, meter, now);
    const receipt = (amount: number, used: number) => ({ userId, meter: meter.name, period, amount, used, limit, plan });
    if (wanted <= 0) return receipt(0, 0);
    // Another reservation may take what was left between the read and the write: read again and retry.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = (await UsageCountEntity.get({ userId, meter: meter.name, period }).go()).data?.count ?? 0;
      const granted = limit === null ? wanted : Math.min(wanted, limit - current);
      if (granted <= 0) return receipt(0, current);
      const used = await raiseWithin(update(), granted, limit, expiresAt);
      if (used !== null) return receipt(granted, used);
    }
    return receipt(0, limit ?? 0);
  }

  /** Returns what was counted but not used (a question with no answer, OCR pages not read). */
  export async function giveBack(receipt: Receipt, amount = receipt.amount) {
    await lowerBy(UsageCountEntity.update({ userId: receipt.userId, meter: receipt.meter, period: receipt.period }), amount);
  }

  /** Counts one question for the caller before a model is asked; past the day's limit, a 429. */
  export async function consumeQuestion(now: Date = new Date()): Promise<QuestionReceipt> {
    const receipt = await consume(QUESTIONS, { now });
    return { ...receipt, day: receipt.period };
  }

  /** Gives a counted question back when no answer came of it. */
  export const refundQuestion = (receipt: Receipt) => giveBack(receipt, 1);

  /**
   * Work that costs, counted the way the owner and the user both find fair: one of
   * `meter` counted before the work starts, and given back when it failed for our
   * sake (a server fault, another limit refusing part of the work, or `failedForModel`:
   * a model failed so the offline model stood in); a client's own mistake (4xx) stays counted.
   */
  export async function metered<T>(meter: Meter, work: () => Promise<T>, failedForModel: (result: T) => boolean = () => false): Promise<T> {
    const receipt = await consume(meter);
    // A count that could not be given back is the user's loss of one, never a failed request.
    const giveItBack = () => giveBack(receipt).catch((e: unknown) => console.error(`[quota] giving back ${meter.name} failed`, e));
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (oursToGiveBack(error)) await giveItBack();
      throw error;
    }
    if (failedForModel(result)) await giveItBack();
    return result;
  }

  /** One question to the models (chat, project chat, all-projects chat): see `metered`. */
  export const question = <T>(ask: () => Promise<T>, failedForModel?: (answer: T) => boolean) => metered(QUESTIONS, ask, failedForModel);

  /**
   * A question answered as a stream: counted before the first word, given back when the
   * answer failed for our sake (its outcome says so) however the stream ended; a
   * question the asker stopped stays counted.
   */
  export async function questionLive(live: LiveAnswer): Promise<LiveAnswer> {
    const receipt = await consume(QUESTIONS);
    return {
      run: async (emit) => {
        let outcome = { failed: true };
        try {
          outcome = await live.run(emit);
          return outcome;
        } finally {
          if (outcome.failed) await giveBack(receipt).catch((e: unknown) => console.error("[quota] giving back a question failed", e));
        }
      },
    };
  }

  const oursToGiveBack = (error: unknown) =>
    !(error instanceof VisibleError) || error.status >= 500 || error instanceof LimitReached || error instanceof StorageFull;

  /** What the UI shows: today's questions (the chat's banner) and every metered counter against the plan's limit. */
  export async function usage(now: Date = new Date()) {
    const userId = Actor.userId();
    const user = await User.find(userId);
    const metered = planOf(user);
    const meters = await Promise.all(
      METERS.map(async (meter) => {
        const period = periodOf(meter.period, now);
        const counted = await UsageCountEntity.get({ userId, meter: meter.name, period }).go();
        return {
          name: meter.name,
          label: meter.label,
          period: meter.period,
          used: counted.data?.count ?? 0,
          limit: limitOf(meter, metered),
          resetsAt: resetOf(meter.period, now).toISOString(),
        };
      }),
    );
    const questions = meters[0]!;
    const plan: Plan = user?.plan ?? "starter";
    return {
      plan,
      planStatus: user?.planStatus ?? "active",
      used: questions.used,
      limit: questions.limit,
      resetsAt: questions.resetsAt,
      /** The plan whose limits apply now (a paid plan not in force counts as Starter). */
      meteredPlan: metered,
      meters,
    };
  }
}
