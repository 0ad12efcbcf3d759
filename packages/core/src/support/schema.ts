import { z } from "zod";
import { optionalText, requiredText } from "../validation";
import { LANGUAGES } from "../settings/schema";

/** Support and sales requests as the API takes and answers them: browser-safe (zod only), shared with the web. */

export const SUPPORT_CATEGORIES = ["general", "bug", "feature", "account", "billing", "technical"] as const;
export const SUPPORT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const SUPPORT_KINDS = ["support", "sales"] as const;
/** Where a request stands in the support queue, by the sender's plan: Professional's priority, Enterprise's own (24/7, dedicated). */
export const SUPPORT_LEVELS = ["standard", "priority", "enterprise"] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];
export const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

/** The longest name, subject and message a support request may carry. */
export const SUPPORT_MAX_LENGTHS = { name: 200, email: 320, subject: 300, message: 20_000 } as const;

const Email = z.string({ error: "A valid email is required" }).trim().email("A valid email is required").max(SUPPORT_MAX_LENGTHS.email);

/** POST /api/support: the form, plus who, where from and when. */
export const SupportInput = z.object({
  name: requiredText("Name is required", SUPPORT_MAX_LENGTHS.name),
  email: Email,
  subject: requiredText("Subject is required", SUPPORT_MAX_LENGTHS.subject),
  category: z.enum(SUPPORT_CATEGORIES, { message: `category must be one of ${SUPPORT_CATEGORIES.join(", ")}` }).default("general"),
  priority: z.enum(SUPPORT_PRIORITIES, { message: `priority must be one of ${SUPPORT_PRIORITIES.join(", ")}` }).default("medium"),
  message: requiredText("Message is required", SUPPORT_MAX_LENGTHS.message),
  userAgent: optionalText(1000).optional(),
  timestamp: optionalText(64).optional(),
  userId: optionalText(128).optional(),
  /** The page's language, for a signed-out visitor's acknowledgement (signed-in users' come from their settings). */
  language: z.enum(LANGUAGES).optional(),
});
export type SupportInput = z.infer<typeof SupportInput>;

/** What the support form itself asks for. */
export const SupportForm = SupportInput.pick({ name: true, email: true, subject: true, category: true, priority: true, message: true });
export type SupportForm = z.infer<typeof SupportForm>;

/**
 * POST /api/support's answer: the reference the user quotes, whether their plan gives priority,
 * and whether a confirmation is on its way by mail (only to a signed-in user's verified address
 * with mails on), so the screen never claims one that was not sent.
 */
export const SupportReceipt = z.object({
  success: z.literal(true),
  id: z.string(),
  reference: z.string(),
  prioritySupport: z.boolean(),
  supportPriority: z.enum(SUPPORT_LEVELS),
  acknowledgedByEmail: z.boolean(),
});
export type SupportReceipt = z.infer<typeof SupportReceipt>;

/** The longest name, email, company and message a sales request may carry. */
export const SALES_MAX_LENGTHS = {
  name: SUPPORT_MAX_LENGTHS.name,
  email: SUPPORT_MAX_LENGTHS.email,
  company: 200,
  message: 5_000,
} as const;

/** POST /api/sales: Enterprise's "Contact sales" form. */
export const SalesRequestInput = z.object({
  name: requiredText("Name is required", SALES_MAX_LENGTHS.name),
  email: Email,
  company: requiredText("Company is required", SALES_MAX_LENGTHS.company),
  teamSize: z.enum(TEAM_SIZES, { message: `teamSize must be one of ${TEAM_SIZES.join(", ")}` }),
  message: requiredText("Message is required", SALES_MAX_LENGTHS.message),
});

/** POST /api/sales's answer: the request's id and the reference the sales team answers to. */
export const SalesReceipt = SupportReceipt.omit({ prioritySupport: true, supportPriority: true, acknowledgedByEmail: true });
