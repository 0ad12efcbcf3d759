import { z } from "zod";
import { Actor } from "../actor";
import { fn } from "../fn";
import { NotFound } from "../error";
import { CHECK_ACCOUNT_PER_EMAIL, CHECK_ACCOUNT_PER_IP, networkOf, RateLimiter } from "../ratelimit/index";
import { CheckAccountInput, LoginInput, RegisterInput } from "../auth/schema";
import { TRIAL_DAYS } from "../billing/schema";
import { PLAN_STATUSES, ProfileUpdateInput, type Plan } from "./schema";
import { UserEntity, type UserItem } from "./entity";

export { type Plan } from "./schema";

/** The spec: the server always answers this placeholder instead of the stored token. */
export const MASKED_TOKEN = "••••••••";
const TRIAL_MS = TRIAL_DAYS * 86_400_000; // 2,592,000,000 ms, what the sign-up records
/**
 * How long a professional account keeps its access after a renewal failed
 * (plan status 'past_due'), while the provider retries the card. Stripe's retry
 * schedule is set to end (cancel the subscription) within the same days.
 */
export const PAST_DUE_GRACE_DAYS = 7;
/** Plans that are paid for: a registration never lowers or overwrites one that is in force. */
const PAID_PLANS: readonly Plan[] = ["professional", "enterprise"];

export namespace User {
  /** What the API answers: never the stored Salesforce token; a granted plan past its end date as the Starter it now is. */
  export function present(user: UserItem) {
    const {
      emailLower: _e,
      emailVerified: _v,
      salesforceSecurityToken,
      registered: _r,
      billingSyncedAt: _b,
      subscriptionCount: _c,
      ...stored
    } = user;
    const { planUntil: _u, ...ended } = stored;
    const rest = grantEnded(user) ? { ...ended, plan: "starter" as const, planStatus: "active" as const } : stored;
    return {
      ...rest,
      uid: user.userId,
      graceEndsAt: graceEndsAt(user),
      salesforceSecurityToken: salesforceSecurityToken ? MASKED_TOKEN : "",
    };
  }
  export type Info = ReturnType<typeof present>;

  /** A plan granted until a day (Enterprise, by an operator) whose day is over. */
  export function grantEnded(user: Pick<UserItem, "plan" | "planUntil">, now = Date.now()) {
    return user.plan === "enterprise" && !!user.planUntil && Date.parse(user.planUntil) <= now;
  }

  /** When a past-due account loses its paid access (undefined unless past due). */
  export function graceEndsAt(user: Pick<UserItem, "planStatus" | "pastDueSince">) {
    if (user.planStatus !== "past_due" || !user.pastDueSince) return undefined;
    return new Date(Date.parse(user.pastDueSince) + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString();
  }

  /** A paid plan in force: active, or past due within its grace period. */
  export function hasPaidAccess(user: Pick<UserItem, "plan" | "planStatus" | "pastDueSince" | "planUntil"> | undefined, now = Date.now()) {
    if (!user || !PAID_PLANS.includes(user.plan)) return false;
    // A plan granted until a day is over once that day is, whether or not its end was written yet.
    if (grantEnded(user, now)) return false;
    if (user.planStatus === "active") return true;
    const grace = graceEndsAt(user);
    return !!grace && now < Date.parse(grace);
  }

  /**
   * The account as stored. A granted plan past its end date is already no paid
   * access (hasPaidAccess); the next sign-in writes its end (PlanGrant.endIfDue: most readers may not write).
   */
  export async function find(userId: string): Promise<UserItem | undefined> {
    return (await UserEntity.get({ userId }).go()).data ?? undefined;
  }

  /** The account using `email` (any case), if there is one. */
  export async function findByEmail(email: string): Promise<UserItem | undefined> {
    const result = await UserEntity.query.byEmail({ emailLower: email.toLowerCase() }).go({ limit: 1 });
    return result.data[0];
  }

  /** The caller's own profile; another uid is "not found", as if it did not exist. */
  export const get = fn(z.string().min(1), async (uid) => {
    if (uid !== Actor.userId()) throw new NotFound("User");
    const user = await find(uid);
    if (!user) throw new NotFound("User");
    return user;
  });

  /**
   * Called after every sign-in (and by the app once the address is verified): creates the record
   * on first sight, keeps the email and whether it is verified fresh, from the token, never the body.
   */
  export const login = fn(LoginInput, async (input) => {
    const actor = Actor.user();
    const email = actor.email ?? input.email ?? "";
    const emailVerified = actor.emailVerified === true;
    const now = new Date().toISOString();
    const existing = await find(actor.userId);
    if (!existing) {
      await UserEntity.create({
        userId: actor.userId,
        email,
        emailVerified,
        displayName: input.displayName ?? actor.name ?? undefined,
        lastLoginAt: now,
      })
        .go()
        .catch((error) => {
          // Two first logins racing: the other one created it, which is what we wanted.
          if (!isAlreadyExists(error)) throw error;
        });
    } else {
      await UserEntity.patch({ userId: actor.userId })
        .set({
          email: email || existing.email,
          emailVerified,
          lastLoginAt: now,
          ...(input.displayName ? { displayName: input.displayName } : {}),
        })
        .go();
    }
    return (await find(actor.userId))!;
  });

  /**
   * Stores the sign-up details. A paid plan is recorded as chosen but stays
   * 'pending' until the payment provider confirms a payment (billing decides).
   */
  export const register = fn(RegisterInput, async (input) => {
    const actor = Actor.user();
    const existing = await find(actor.userId);
    const paid = input.plan !== "starter";
    const person = {
      email: actor.email ?? input.email,
      emailVerified: actor.emailVerified === true,
      displayName: input.displayName ?? `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber ?? "",
      registered: true,
    };
    const details = {
      ...person,
      plan: input.plan,
      planStatus: (paid ? "pending" : "active") as (typeof PLAN_STATUSES)[number],
      trialEndsAt: input.plan === "professional" ? new Date(Date.now() + TRIAL_MS).toISOString() : undefined,
    };
    const updateExisting = async () => {
      const current = await find(actor.userId);
      // A plan someone pays for (or a subscription under way) belongs to billing: the sign-up form only updates the person.
      if (current && (hasPaidAccess(current) || current.subscriptionId)) {
        await UserEntity.patch({ userId: actor.userId }).set(person).go();
        return;
      }
      const { trialEndsAt, ...rest } = details;
      const update = UserEntity.patch({ userId: actor.userId }).set(rest);
      await (trialEndsAt ? update.set({ trialEndsAt }) : update.remove(["trialEndsAt"])).go();
    };
    if (existing) await updateExisting();
    // The first login sync may create the record between our read and this write.
    else
      await UserEntity.create({ userId: actor.userId, ...details })
        .go()
        .catch((error) => (isAlreadyExists(error) ? updateExisting() : Promise.reject(error)));
    return (await find(actor.userId))!;
  });

  /**
   * The sign-up check. Anyone may ask whether an email has an account, within the
   * rate limits (per network, then per email); the name and plan go only to the
   * account's own holder, signed in (the existing-account view asks again then).
   */
  export async function checkAccount(input: z.input<typeof CheckAccountInput>, sourceIp: string) {
    const email = CheckAccountInput.parse(input).email.toLowerCase();
    await RateLimiter.consume(CHECK_ACCOUNT_PER_IP, networkOf(sourceIp));
    await RateLimiter.consume(CHECK_ACCOUNT_PER_EMAIL, email);
    const user = await findByEmail(email);
    if (!user) return { exists: false as const };
    if (Actor.maybe()?.userId !== user.userId) return { exists: true as const };
    return {
      exists: true as const,
      user: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", plan: user.plan, email: user.email },
    };
  }

  export const UpdateInput = ProfileUpdateInput;

  /** Profile edits. Email, plan and status are not the client's to change here. */
  export async function update(uid: string, input: z.input<typeof UpdateInput>) {
    const parsed = UpdateInput.parse(input);
    const current = await get(uid);
    const changes: Partial<z.infer<typeof UpdateInput>> = { ...parsed };
    // The client only ever saw the mask: sending it back means "unchanged".
    if (changes.salesforceSecurityToken === MASKED_TOKEN) delete changes.salesforceSecurityToken;
    // companyLogo is an S3 key under the user's prefix; a presigned URL sent back means "unchanged".
    if (changes.companyLogo !== undefined && changes.companyLogo !== "" && !changes.companyLogo.startsWith(`users/${uid}/`)) {
      delete changes.companyLogo;
    }
    if (Object.keys(changes).length === 0) return current;
    await UserEntity.patch({ userId: uid }).set(changes).go();
    return (await find(uid))!;
  }

  export async function setPlan(userId: string, plan: Plan, planStatus: (typeof PLAN_STATUSES)[number]) {
    await UserEntity.patch({ userId }).set({ plan, planStatus }).go();
  }
}

function isAlreadyExists(error: unknown) {
  return error instanceof Error && /conditional/i.test(error.message);
}
