import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Actor } from "../actor";
import { networkOf, RateLimiter, SUPPORT_PER_ANONYMOUS_IP, SUPPORT_PER_USER } from "../ratelimit/index";
import { Mailer } from "../notify/mailer";
import { Notify } from "../notify/index";
import { User } from "../user/index";
import { acknowledgement, supportLevel, teamMail } from "./mail";
import { newReference } from "./reference";
import { SalesRequestInput, SupportInput } from "./schema";
import { SupportRequestEntity, type SupportRequestItem } from "./entity";

export namespace Support {
  export const Input = SupportInput;

  /** Counted per user, or per network for signed-out visitors, before anything is stored. */
  export async function submit(input: z.input<typeof Input>, sourceIp: string) {
    // `language` was the signed-out visitor's mail language; visitors get no mail now (see store).
    const { userId: _claimed, language: _language, ...fields } = Input.parse(input);
    return store({ ...fields, kind: "support" }, sourceIp);
  }

  type Fields = Omit<
    SupportRequestItem,
    "requestId" | "userId" | "status" | "createdAt" | "updatedAt" | "reference" | "prioritySupport" | "supportPriority"
  >;

  /**
   * Stores the request, then mails it to the support team (marked priority for
   * Professional and Enterprise) and, where it may, acknowledges it to the requester, both
   * with its reference. The request is kept even when a mail fails (the team's inbox index lists it).
   */
  async function store(fields: Fields, sourceIp: string) {
    const userId = Actor.maybe()?.userId;
    await (userId ? RateLimiter.consume(SUPPORT_PER_USER, userId) : RateLimiter.consume(SUPPORT_PER_ANONYMOUS_IP, networkOf(sourceIp)));
    const user = userId ? await User.find(userId) : undefined;
    const level = supportLevel(user?.plan, User.hasPaidAccess(user));
    const created = await SupportRequestEntity.create({
      ...fields,
      requestId: randomUUID(),
      reference: newReference(),
      prioritySupport: level !== "standard",
      supportPriority: level,
      userId: userId ?? "anonymous",
    }).go();
    const request = created.data;
    const to = userId ? await Notify.recipient(userId) : undefined;
    // Only a signed-in user's own, verified account address is acknowledged by mail (and only with
    // mails on): a signed-out visitor (or a body naming another address, or an account registered
    // with someone else's) could otherwise make us mail anyone our text and theirs. Everyone else's
    // acknowledgement is the reference on screen.
    const acknowledge = !!to && to.settings.notifications.email && Notify.addressVerified(to);
    await Notify.deliver(`support request ${request.reference}`, [
      () => Mailer.send(teamMail(request, user?.plan)),
      acknowledge && (() => Mailer.send(acknowledgement({ ...request, email: to.email }, to.language, Notify.unsubscribeUrl(to.userId)))),
    ]);
    return { ...request, acknowledgedByEmail: acknowledge };
  }

  /** Enterprise's "Contact sales" form: who, which company, how big a team, what they need. */
  export const SalesInput = SalesRequestInput;

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
