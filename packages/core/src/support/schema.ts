import { z } from "zod";
import { optionalText, requiredText } from "../validation";
import { LANGUAGES } from "../settings/schema";

/** Support and sales requests' option lists: browser-safe, shared with the web. */

export const SUPPORT_CATEGORIES = ["general", "bug", "feature", "account", "billing", "technical"] as const;
export const SUPPORT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const SUPPORT_KINDS = ["support", "sales"] as const;
export const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

/** POST /api/support: the form, plus who, where from and when. */
export const SupportInput = z.object({
  name: requiredText("Name is required", 200),
  email: z.string({ error: "A valid email is required" }).trim().email("A valid email is required").max(320),
  subject: requiredText("Subject is required", 300),
  category: z.enum(SUPPORT_CATEGORIES, { message: `category must be one of ${SUPPORT_CATEGORIES.join(", ")}` }).default("general"),
  priority: z.enum(SUPPORT_PRIORITIES, { message: `priority must be one of ${SUPPORT_PRIORITIES.join(", ")}` }).default("medium"),
  message: requiredText("Message is required", 20_000),
  userAgent: optionalText(1000).optional(),
  timestamp: optionalText(64).optional(),
  userId: optionalText(128).optional(),
  /** The page's language, for a signed-out visitor's acknowledgement (signed-in users' come from their settings). */
  language: z.enum(LANGUAGES).optional(),
});

/** POST /api/sales: Enterprise's "Contact sales" form. */
export const SalesRequestInput = z.object({
  name: requiredText("Name is required", 200),
  email: z.string({ error: "A valid email is required" }).trim().email("A valid email is required").max(320),
  company: requiredText("Company is required", 200),
  teamSize: z.enum(TEAM_SIZES, { message: `teamSize must be one of ${TEAM_SIZES.join(", ")}` }),
  message: requiredText("Message is required", 5_000),
});
