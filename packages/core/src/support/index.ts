import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Actor } from "../actor";
import { networkOf, RateLimiter, SUPPORT_PER_ANONYMOUS_IP, SUPPORT_PER_USER } from "../ratelimit/index";
import { SalesRequestInput, SupportInput } from "./schema";
import { SupportRequestEntity, type SupportRequestItem } from "./entity";

export namespace Support {
  export const Input = SupportInput;

  /** Counted per user, or per network for signed-out visitors, before anything is stored. */
  export async function submit(input: z.input<typeof Input>, sourceIp: string) {
    const { userId: _claimed, ...fields } = Input.parse(input);
    return store({ ...fields, kind: "support" }, sourceIp);
  }

  async function store(fields: Omit<SupportRequestItem, "requestId" | "userId" | "status" | "createdAt" | "updatedAt">, sourceIp: string) {
    const userId = Actor.maybe()?.userId;
    await (userId ? RateLimiter.consume(SUPPORT_PER_USER, userId) : RateLimiter.consume(SUPPORT_PER_ANONYMOUS_IP, networkOf(sourceIp)));
    const created = await SupportRequestEntity.create({ ...fields, requestId: randomUUID(), userId: userId ?? "anonymous" }).go();
    return created.data;
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
