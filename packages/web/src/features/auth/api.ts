// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import type { z } from "zod";
import { AccountCheck, type ExistingAccount, type LoginInput, type RegisterInput, type SignUpPlan } from "@quorum/core/auth/schema";
import { TRIAL_DAYS } from "@quorum/core/billing/schema";
import { apiJson, apiRequest } from "../../lib/api";

/** The backend's account calls. */

/** Tells the backend about the signed-in user; a failure must never block the user. */
export async function syncLogin(payload: z.input<typeof LoginInput>): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/login", payload);
  } catch (error) {
    console.error("Login sync failed", error);
  }
}

/** Looks the email up before sign-up; a failed check counts as "no account" (the flow continues). */
export async function checkAccount(email: string): Promise<{ exists: false } | { exists: true; user: ExistingAccount }> {
  try {
    const answer = AccountCheck.parse(await apiJson("POST", "/api/auth/check-account", { email }));
    if (answer.exists) return { exists: true, user: answer.user ?? { email } };
  } catch (error) {
    console.error("Account check failed", error);
  }
  return { exists: false };
}

/** Epoch milliseconds when a plan chosen now ends its free trial; only the professional plan has one. */
export function trialEndFor(plan: SignUpPlan, now = Date.now()): number | null {
  return plan === "professional" ? now + TRIAL_DAYS * 86_400_000 : null;
}

export async function registerProfile(registration: RegisterInput): Promise<void> {
  await apiRequest("POST", "/api/auth/register", registration);
}
