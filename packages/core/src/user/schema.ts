import { z } from "zod";
import { optionalText as text } from "../validation";

/** The plans and their states as the API answers them: browser-safe, shared with the web. */

export const PLANS = ["starter", "basic", "professional", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_STATUSES = ["active", "pending", "past_due", "canceled"] as const;

/** PUT /api/users/{uid}: profile edits. Email, plan and status are not the client's to change here. */
export const ProfileUpdateInput = z
  .object({
    displayName: text(200),
    firstName: text(100),
    lastName: text(100),
    phoneNumber: text(40),
    company: text(200),
    companyAddress: text(500),
    companyPhone: text(40),
    companyLogo: text(1024),
    salesforceUsername: text(320),
    salesforceInstanceUrl: z.union([z.literal(""), z.string().trim().url("Salesforce instance URL must be a valid URL").max(500)]),
    salesforceSecurityToken: text(200),
  })
  .partial();
