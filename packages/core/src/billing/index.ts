import { z } from "zod";
import type { EntityItem } from "electrodb";
import { Actor } from "../actor";
import { defineEntity, timestamps } from "../db/entity";
import { fn } from "../fn";
import { Conflict, NotFound } from "../error";
import { PLAN_STATUSES, User } from "../user/index";

/**
 * Payments as the payment provider reported them. Only the provider's own
 * confirmation (its webhook, or a server-side retrieval) writes `succeeded`.
 */
export const PaymentEntity = defineEntity({
  model: { entity: "payment", version: "1", service: "quorum" },
  attributes: {
    paymentId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    provider: { type: ["stripe", "test"] as const, required: true },
    plan: { type: "string", required: true },
    amount: { type: "number", required: true },
    currency: { type: "string", required: true },
    status: { type: ["created", "processing", "succeeded", "failed", "canceled"] as const, required: true },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["paymentId"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});
export type PaymentItem = EntityItem<typeof PaymentEntity>;

export namespace Billing {
  export async function succeededPayment(userId: string) {
    const result = await PaymentEntity.query.byUser({ userId }).where((a, op) => op.eq(a.status, "succeeded")).go({ order: "desc", pages: "all" });
    return result.data[0];
  }

  export const UpdateSubscriptionInput = z.object({
    firebaseUid: z.string().min(1, "firebaseUid is required"),
    planStatus: z.enum(PLAN_STATUSES, { message: `planStatus must be one of ${PLAN_STATUSES.join(", ")}` }),
  });

  /**
   * The spec's client calls this after paying. It cannot grant anything by itself:
   * 'active' for a paid plan needs a succeeded payment the server has seen.
   */
  export const updateSubscription = fn(UpdateSubscriptionInput, async ({ planStatus }) => {
    const userId = Actor.userId();
    const user = await User.find(userId);
    if (!user) throw new NotFound("User");
    if (planStatus === "active" && user.plan !== "starter") {
      const payment = await succeededPayment(userId);
      if (!payment) throw new Conflict("No successful payment has been recorded for this account");
      await User.setPlan(userId, payment.plan as typeof user.plan, "active");
    } else if (planStatus !== "active") {
      await User.setPlan(userId, user.plan, planStatus);
    }
    return User.present((await User.find(userId))!);
  });
}
