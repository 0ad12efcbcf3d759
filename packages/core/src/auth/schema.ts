import { z } from "zod";
import { optionalText, requiredText } from "../validation";
import { PLANS, ProfileRecord } from "../user/schema";

/**
 * Signing in and signing up as the API takes and answers them: browser-safe (zod only), so the
 * sign-up wizard checks its fields with the same rules as the server.
 */

/** The identity provider refuses shorter passwords; the sign-up form says so before asking it. */
export const PASSWORD_MIN_LENGTH = 6;

/** The plans a person can choose at sign-up (the legacy 'basic' is not offered). */
export const SIGN_UP_PLANS = ["starter", "professional", "enterprise"] as const;
export type SignUpPlan = (typeof SIGN_UP_PLANS)[number];

/** The sign-up fields' messages by name: the web shows each in the reader's language under the same name. */
export const SIGN_UP_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
} as const;

const Email = z.string().email(SIGN_UP_MESSAGES.emailInvalid).max(320);
const FirebaseUid = z.string().min(1, "firebaseUid is required");
const DisplayName = optionalText(200).nullable().optional();

/** POST /api/auth/login: after every sign-in, so the server keeps the account's email fresh. */
export const LoginInput = z.object({
  firebaseUid: FirebaseUid,
  email: Email.optional().or(z.literal("")),
  displayName: DisplayName,
});

/** POST /api/auth/register: the sign-up wizard's details and plan. */
export const RegisterInput = z.object({
  firebaseUid: FirebaseUid,
  email: Email,
  displayName: DisplayName,
  firstName: requiredText(SIGN_UP_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(SIGN_UP_MESSAGES.lastNameRequired, 100),
  phoneNumber: optionalText(40).nullable().optional(),
  plan: z.enum(SIGN_UP_PLANS, { message: "plan must be starter, professional or enterprise" }),
  // The client sends it, but the server decides the trial from the plan.
  trialEndsAt: z.union([z.string(), z.number(), z.null()]).optional(),
});
export type RegisterInput = z.input<typeof RegisterInput>;

/** The wizard's "about you" step: the registration's person, with an email that must be given. */
export const SignUpDetails = RegisterInput.pick({ firstName: true, lastName: true, phoneNumber: true }).extend({
  email: z.string().trim().min(1, SIGN_UP_MESSAGES.emailRequired).pipe(Email),
});
export type SignUpDetails = z.infer<typeof SignUpDetails>;

/** POST /api/auth/check-account: does an account hold this email? */
export const CheckAccountInput = z.object({ email: z.string().trim().email(SIGN_UP_MESSAGES.emailInvalid).max(320) });

/** The account an email belongs to: its name and plan only for the account's own holder, signed in. */
export const ExistingAccount = z.object({
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  plan: z.enum(PLANS).optional(),
});
export type ExistingAccount = z.infer<typeof ExistingAccount>;

export const AccountCheck = z.union([
  z.object({ exists: z.literal(false) }),
  z.object({ exists: z.literal(true), user: ExistingAccount.optional() }),
]);
export type AccountCheck = z.infer<typeof AccountCheck>;

/**
 * The account as sign-in, sign-up and the subscription routes answer it: the profile's
 * fields, with the logo as its stored file key (or none) instead of a short-lived URL.
 */
export const AccountRecord = ProfileRecord.extend({ companyLogo: z.string().optional() });
export type AccountRecord = z.infer<typeof AccountRecord>;

export const LoginReply = z.object({ user: AccountRecord });
export const RegisterReply = z.object({ success: z.literal(true), user: AccountRecord });
