import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { EntityItem } from "electrodb";
import { Actor } from "../actor";
import { defineEntity, timestamps } from "../db/entity";
import { networkOf, RateLimiter, SUPPORT_PER_ANONYMOUS_IP, SUPPORT_PER_USER } from "../ratelimit/index";
import { optionalText, requiredText } from "../validation";
import { Mailer } from "../notify/mailer";
import { Notify } from "../notify/index";
import type { Language } from "../notify/language";
import { LANGUAGES } from "../settings/index";
import { User } from "../user/index";
import { acknowledgement, PRIORITY_SUPPORT_PLANS, teamMail } from "./mail";
import { newReference } from "./reference";

export const SUPPORT_CATEGORIES = ["general", "bug", "feature", "account", "billing", "technical"] as const;
export const SUPPORT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const SUPPORT_KINDS = ["support", "sales"] as const;
export const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

/** Every request a user sends is kept, signed in or not, so nothing is lost. */
export const SupportRequestEntity = defineEntity({
  model: { entity: "supportRequest", version: "1", service: "quorum" },
  attributes: {
    requestId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    /** 'sales': an Enterprise enquiry from "Contact sales", for the sales team's queue. */
    kind: { type: SUPPORT_KINDS, required: true, default: "support" },
    company: { type: "string" },
    teamSize: { type: "string" },
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    subject: { type: "string", required: true },
    category: { type: SUPPORT_CATEGORIES, required: true },
    priority: { type: SUPPORT_PRIORITIES, required: true },
    message: { type: "string", required: true },
    userAgent: { type: "string" },
    /** When the user pressed submit (their clock); createdAt is the server's. */
    timestamp: { type: "string" },
    status: { type: ["open", "closed"] as const, required: true, default: "open" },
    /** Short and human-readable ("SR-7K4P-X2QM"): what the user quotes, shown on screen and in both mails. */
    reference: { type: "string" },
    /** Sent by a Professional or Enterprise user: their plan includes priority support. */
    prioritySupport: { type: "boolean", default: false },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["requestId"] },
      sk: { field: "sk", composite: [] },
    },
    // The support team's inbox: every request, newest first.
    inbox: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["createdAt", "requestId"] },
    },
    byUser: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["userId"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});
export type SupportRequestItem = EntityItem<typeof SupportRequestEntity>;

export namespace Support {
  export const Input = z.object({
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

  /** Counted per user, or per network for signed-out visitors, before anything is stored. */
  export async function submit(input: z.input<typeof Input>, sourceIp: string) {
    const { userId: _claimed, language, ...fields } = Input.parse(input);
    return store({ ...fields, kind: "support" }, sourceIp, language);
  }

  type Fields = Omit<SupportRequestItem, "requestId" | "userId" | "status" | "createdAt" | "updatedAt" | "reference" | "prioritySupport">;

  /**
   * Stores the request, then mails it to the support team (marked priority for
   * Professional and Enterprise) and acknowledges it to the requester, both with
   * its reference. The request is kept even when a mail fails (the team's inbox index lists it).
   */
  async function store(fields: Fields, sourceIp: string, pageLanguage: Language = "en") {
    const userId = Actor.maybe()?.userId;
    await (userId ? RateLimiter.consume(SUPPORT_PER_USER, userId) : RateLimiter.consume(SUPPORT_PER_ANONYMOUS_IP, networkOf(sourceIp)));
    const user = userId ? await User.find(userId) : undefined;
    const prioritySupport = !!user && (PRIORITY_SUPPORT_PLANS as readonly string[]).includes(user.plan) && User.hasPaidAccess(user);
    const created = await SupportRequestEntity.create({
      ...fields,
      requestId: randomUUID(),
      reference: newReference(),
      prioritySupport,
      userId: userId ?? "anonymous",
    }).go();
    const request = created.data;
    const to = userId ? await Notify.recipient(userId) : undefined;
    // A signed-out visitor asked for an answer by mail; a user may have switched mails off.
    const acknowledge = !to || to.settings.notifications.email;
    await Notify.deliver(`support request ${request.reference}`, [
      () => Mailer.send(teamMail(request, user?.plan)),
      acknowledge && (() => Mailer.send(acknowledgement(request, to?.language ?? pageLanguage, to && Notify.unsubscribeUrl(to.userId)))),
    ]);
    return request;
  }

  /** Enterprise's "Contact sales" form: who, which company, how big a team, what they need. */
  export const SalesInput = z.object({
    name: requiredText("Name is required", 200),
    email: z.string({ error: "A valid email is required" }).trim().email("A valid email is required").max(320),
    company: requiredText("Company is required", 200),
    teamSize: z.enum(TEAM_SIZES, { message: `teamSize must be one of ${TEAM_SIZES.join(", ")}` }),
    message: requiredText("Message is required", 5_000),
  });

  /** Stored as a support request of kind 'sales', under the same rate limits as support. */
  export async function contactSales(input: z.input<typeof SalesInput>, sourceIp: string) {
    const { company, teamSize, ...rest } = SalesInput.parse(input);
    return store(
      { ...rest, kind: "sales", company, teamSize, subject: `Enterprise plan: ${company}`, category: "account", priority: "medium" },
      sourceIp,
    );
  }

  export async function listMine() {
    const result = await SupportRequestEntity.query.byUser({ userId: Actor.userId() }).go({ order: "desc" });
    return result.data;
  }
}
