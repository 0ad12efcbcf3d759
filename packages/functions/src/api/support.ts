import { Support } from "@quorum/core/support/index";
import { route } from "../http/route";

/**
 * Signed in or not, a support request is stored and mailed to the support team; only a signed-in
 * user's verified address is also sent a confirmation. The caller's id comes from the token.
 * The reference is what the user quotes.
 */
export const submit = route({ auth: "optional", body: Support.Input }, async ({ body, sourceIp }) => {
  const request = await Support.submit(body, sourceIp);
  return {
    success: true,
    id: request.requestId,
    reference: request.reference,
    prioritySupport: request.prioritySupport,
    supportPriority: request.supportPriority ?? "standard",
    acknowledgedByEmail: request.acknowledgedByEmail,
  };
});

/** Enterprise's "Contact sales": stored for the sales team, acknowledged with its id. */
export const contactSales = route({ auth: "optional", body: Support.SalesInput }, async ({ body, sourceIp }) => {
  const request = await Support.contactSales(body, sourceIp);
  return { success: true, id: request.requestId, reference: request.reference };
});
