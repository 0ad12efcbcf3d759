import { Billing } from "@quorum/core/billing/index";
import { route } from "../http/route";

export const updateSubscription = route({ body: Billing.UpdateSubscriptionInput }, async ({ body }) => ({
  success: true,
  user: await Billing.updateSubscription(body),
}));
