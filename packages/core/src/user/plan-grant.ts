import { randomUUID } from "node:crypto";
import { z } from "zod";
import { transactions } from "../db/transaction";
import { describeZodError } from "../fn";
import { VisibleError } from "../error";
import { PlanChangeEntity, type PlanChangeItem, type UserItem } from "./entity";
import { User } from "./index";
import { GRANTED_PLANS } from "./schema";

/**
 * Plans given by people rather than bought by card: Enterprise is sold by the sales
 * team, and an operator sets it (and ends it) with `npm run ops -- plan set`. Each
 * change is kept (PlanChangeEntity), with who made it and when, as the account's billing history.
 */

/** An operator's mistake (unknown e-mail, a plan Stripe owns): said plainly, nothing changed. */
export class PlanGrantRefused extends VisibleError {
  constructor(message: string) {
    super("plan_grant_refused", `${message} Nothing was changed.`, 409);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What `npm run ops -- plan set` passes: the account's e-mail, the plan, an optional last day, the operator. */
export const PlanGrantInput = z
  .object({
    email: z.string().trim().toLowerCase().email("That is not an e-mail address."),
    plan: z.enum(GRANTED_PLANS, { message: `The plan must be one of: ${GRANTED_PLANS.join(", ")}.` }),
    /** The last day (UTC) the plan is in force. */
    until: z
      .string()
      .regex(DAY, "The end date must be written YYYY-MM-DD.")
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
        message: "The end date is not a day of the calendar.",
      })
      .optional(),
    by: z.string().trim().min(1, "Say who is making the change.").max(200),
  })
  .refine((input) => input.plan === "enterprise" || input.until === undefined, {
    message: "An end date only applies to Enterprise: Starter has none.",
  });

/** The moment after the last day: a plan "until 2027-01-31" is in force through that whole UTC day. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** A Professional subscription Stripe still charges (or owes a retry): Stripe owns that plan. */
const STRIPE_LIVE = new Set(["active", "trialing", "past_due"]);

export namespace PlanGrant {
  /** The account using `email`, or a plain sentence saying there is none. */
  async function accountOf(email: string): Promise<UserItem> {
    const user = await User.findByEmail(email);
    if (!user) throw new PlanGrantRefused(`No account uses the e-mail address ${email}.`);
    return user;
  }

  /**
   * Sets an account's plan as an operator: Enterprise (until a day, or open-ended)
   * or back to Starter. Projects, documents and conversations are never touched.
   * The change and its history entry are written together, and only if the account
   * still has the plan it was read with.
   */
  export async function set(input: { email: string; plan: string; until?: string; by: string }, now = new Date()) {
    const parsed = PlanGrantInput.safeParse(input);
    if (!parsed.success) throw new PlanGrantRefused(describeZodError(parsed.error));
    const { email, plan, until, by } = parsed.data;
    const user = await accountOf(email);
    const stripeOwned = !!user.subscriptionId && STRIPE_LIVE.has(user.subscriptionStatus ?? "");
    if (stripeOwned) {
      throw new PlanGrantRefused(
        plan === "enterprise"
          ? `${email} has a Professional subscription that Stripe still charges (${user.subscriptionId}): cancel it in Stripe first, so they are not charged beside Enterprise.`
          : `${email} pays for Professional through Stripe (${user.subscriptionId}): end it by canceling the subscription in Stripe.`,
      );
    }
    const ends = until ? endOfDay(until) : undefined;
    if (ends && Date.parse(ends) <= now.getTime()) throw new PlanGrantRefused(`The end date ${until} has already passed.`);
    if (plan === "starter" && user.plan !== "enterprise")
      throw new PlanGrantRefused(`${email} is not on Enterprise (their plan is ${user.plan}).`);
    await record(user, { plan, until: ends, by, source: "operator" }, now);
    return { email, plan, until: ends, by, at: now.toISOString() };
  }

  async function record(user: UserItem, change: Pick<PlanChangeItem, "plan" | "until" | "by" | "source">, now: Date) {
    const at = now.toISOString();
    const planStatus = "active" as const;
    const result = await (
      await transactions()
    )
      .write(({ user: users, planChange }) => [
        planChange.create({ userId: user.userId, changeId: randomUUID(), at, previousPlan: user.plan, ...change }).commit(),
        (change.until
          ? users.patch({ userId: user.userId }).set({ plan: change.plan, planStatus, planUntil: change.until })
          : users.patch({ userId: user.userId }).set({ plan: change.plan, planStatus }).remove(["planUntil"])
        )
          .where((a, op) => `${op.eq(a.plan, user.plan)} AND ${op.eq(a.updatedAt, user.updatedAt)}`)
          .commit(),
      ])
      .go();
    if (result.canceled) throw new PlanGrantRefused(`The account of ${user.email} changed while this ran: run the command again.`);
  }

  /**
   * A granted plan whose end date has passed goes back to Starter, recorded once
   * however many sign-ins notice it; the account as it is afterwards.
   */
  export async function endIfDue(user: UserItem): Promise<UserItem> {
    if (!User.grantEnded(user)) return user;
    await record(user, { plan: "starter", until: undefined, by: "end date", source: "end-date" }, new Date(user.planUntil!)).catch(
      (error) => {
        // Another sign-in recorded the same end first.
        if (!(error instanceof PlanGrantRefused)) throw error;
      },
    );
    return (await User.find(user.userId))!;
  }

  /** The account's plan changes made by people or by an end date, newest first. */
  export async function history(userId: string) {
    const result = await PlanChangeEntity.query.primary({ userId }).go({ order: "desc", pages: "all" });
    return result.data.map(({ at, plan, previousPlan, until, by, source }) => ({ at, plan, previousPlan, until, by, source }));
  }
}
