import { z } from "zod";
import { PresignedUpload } from "../document/schema";
import { optionalText as text, wholeNumber } from "../validation";

/** Accounts as the API takes and answers them: browser-safe (zod only), shared with the web. */

export const PLANS = ["starter", "basic", "professional", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_STATUSES = ["active", "pending", "past_due", "canceled"] as const;

/** The plans an operator sets by hand: Enterprise (sold by people), and Starter to end it. */
export const GRANTED_PLANS = ["enterprise", "starter"] as const;
/** Who changed the plan: an operator's command, or the end date they set. */
export const PLAN_CHANGE_SOURCES = ["operator", "end-date"] as const;

/** One entry of the account's billing history (GET /api/billing/history). */
export const PlanChange = z.object({
  at: z.string(),
  plan: z.enum(GRANTED_PLANS),
  previousPlan: z.string(),
  /** ISO, exclusive: when the plan ends by itself. */
  until: z.string().optional(),
  by: z.string(),
  source: z.enum(PLAN_CHANGE_SOURCES),
});
export type PlanChange = z.infer<typeof PlanChange>;
export const BillingHistory = z.object({ changes: z.array(PlanChange) });
export type BillingHistory = z.infer<typeof BillingHistory>;

/** The longest value of each profile field: the server refuses more, the form's inputs stop there. */
export const PROFILE_MAX_LENGTHS = {
  displayName: 200,
  firstName: 100,
  lastName: 100,
  phoneNumber: 40,
  company: 200,
  companyAddress: 500,
  companyPhone: 40,
  companyLogo: 1024,
  salesforceUsername: 320,
  salesforceInstanceUrl: 500,
  salesforceSecurityToken: 200,
} as const;
const max = PROFILE_MAX_LENGTHS;

/** PUT /api/users/{uid}: profile edits. Email, plan and status are not the client's to change here. */
export const ProfileUpdateInput = z
  .object({
    displayName: text(max.displayName),
    firstName: text(max.firstName),
    lastName: text(max.lastName),
    phoneNumber: text(max.phoneNumber),
    company: text(max.company),
    companyAddress: text(max.companyAddress),
    companyPhone: text(max.companyPhone),
    companyLogo: text(max.companyLogo),
    salesforceUsername: text(max.salesforceUsername),
    salesforceInstanceUrl: z.union([
      z.literal(""),
      z.string().trim().url("Salesforce instance URL must be a valid URL").max(max.salesforceInstanceUrl),
    ]),
    salesforceSecurityToken: text(max.salesforceSecurityToken),
  })
  .partial();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/** GET and PUT /api/users/{uid}: the caller's own account as the API shows it. */
export const ProfileRecord = z.object({
  uid: z.string(),
  userId: z.string(),
  email: z.string(),
  displayName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneNumber: z.string().optional(),
  company: z.string().optional(),
  companyAddress: z.string().optional(),
  companyPhone: z.string().optional(),
  /** A short-lived URL of the logo, or "" when there is none. */
  companyLogo: z.string(),
  salesforceUsername: z.string().optional(),
  salesforceInstanceUrl: z.string().optional(),
  /** Never the stored token: a masked placeholder, or "" when none is stored. */
  salesforceSecurityToken: z.string(),
  plan: z.enum(PLANS),
  planStatus: z.enum(PLAN_STATUSES),
  trialEndsAt: z.string().optional(),
  /** A plan set by an operator with an end date: when it ends (ISO, exclusive). */
  planUntil: z.string().optional(),
  trialUsed: z.boolean().optional(),
  /** The subscription as the payment provider last reported it. */
  stripeCustomerId: z.string().optional(),
  subscriptionId: z.string().optional(),
  subscriptionStatus: z.string().optional(),
  currentPeriodEnd: z.string().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  pastDueSince: z.string().optional(),
  /** Past due: when paid access ends unless the card is updated. */
  graceEndsAt: z.string().optional(),
  /** Why the plan ended against the user's wishes (refund, dispute). */
  billingNotice: z.string().optional(),
  lastLoginAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type ProfileRecord = z.infer<typeof ProfileRecord>;

/** The company logo's limit: the server refuses a file this large or larger, the form says so first. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE = `Logo file must be less than ${MAX_LOGO_BYTES / 1024 / 1024}MB`;
export const LOGO_NOT_AN_IMAGE = "Please upload an image file";

/**
 * POST /api/upload takes multipart form data, not JSON: the file, and these text fields
 * (the caller's own id, if sent, is checked against the token).
 */
export const LogoUploadFields = z.object({
  category: z.literal("company-logo", { message: "category must be company-logo" }),
  userId: z.string().max(128).optional(),
});

/** POST /api/upload's answer: the stored key (what the profile saves) and a short-lived URL to show it. */
export const UploadedLogo = z.object({ filePath: z.string(), downloadUrl: z.string() });
export type UploadedLogo = z.infer<typeof UploadedLogo>;

/** The image types a logo may be (SVG is not one: it can carry scripts). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/**
 * POST /api/upload/logo-url: a logo larger than one API request carries goes to storage first,
 * then POST /api/upload/logo-confirm checks what arrived.
 */
export const LogoUploadRequest = z.object({
  contentType: z.enum(LOGO_TYPES, { message: LOGO_NOT_AN_IMAGE }),
  size: wholeNumber("size", 1, Number.MAX_SAFE_INTEGER),
  userId: z.string().max(128).optional(),
});
export type LogoUploadRequest = z.infer<typeof LogoUploadRequest>;
export const LogoUploadTicket = z.object({ filePath: z.string(), upload: PresignedUpload });
export const LogoConfirmInput = z.object({ filePath: z.string().min(1).max(1024), userId: z.string().max(128).optional() });
