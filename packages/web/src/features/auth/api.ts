// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import { apiJson, apiRequest } from "../../lib/api";
import { TRIAL_MS, type PlanId } from "../../lib/product";

/** The backend's account calls. */

export interface LoginSync {
  firebaseUid: string;
  email: string | null;
  displayName: string | null;
}

/** Tells the backend about the signed-in user; a failure must never block the user. */
export async function syncLogin(payload: LoginSync): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/login", payload);
  } catch (error) {
    console.error("Login sync failed", error);
  }
}

/** The account an email belongs to; its name and plan are answered only to the account's holder, signed in. */
export interface ExistingAccount {
  email: string;
  firstName?: string;
  lastName?: string;
  plan?: string;
}

export type AccountCheck = { exists: false } | { exists: true; user: ExistingAccount };

/** Looks the email up before sign-up; a failed check counts as "no account" (the flow continues). */
export async function checkAccount(email: string): Promise<AccountCheck> {
  try {
    const answer = await apiJson<{ exists?: boolean; user?: ExistingAccount }>("POST", "/api/auth/check-account", { email });
    if (answer?.exists) return { exists: true, user: answer.user ?? { email } };
  } catch (error) {
    console.error("Account check failed", error);
  }
  return { exists: false };
}

export interface Registration {
  firebaseUid: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  plan: PlanId;
  /** Epoch milliseconds; only the professional plan has a trial. */
  trialEndsAt: number | null;
}

export function trialEndFor(plan: PlanId, now = Date.now()): number | null {
  return plan === "professional" ? now + TRIAL_MS : null;
}

export async function registerProfile(registration: Registration): Promise<void> {
  await apiRequest("POST", "/api/auth/register", registration);
}
