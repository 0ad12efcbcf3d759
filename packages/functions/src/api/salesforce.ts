import { config } from "@quorum/core/config";
import { Salesforce } from "@quorum/core/crm/index";
import { LinkOpportunityInput, OpportunitySearch, PushTotalInput, SalesforceCallbackInput } from "@quorum/core/crm/schema";
import { Invalid } from "@quorum/core/error";
import { NumericId, route } from "../http/route";

/** `{ configured, connected, instanceUrl?, connectedAt? }`: the profile's Salesforce card reads it. */
export const status = route({}, async () => Salesforce.status());

/** `{ url }`: Salesforce's sign-in page, with a state and a PKCE challenge of this server's. */
export const connect = route({ fresh: true }, async ({ event }) => {
  const c = config();
  const site = c.APP_URL ?? c.SITE_URL ?? event.headers?.origin;
  if (!site || !/^https?:\/\//.test(site)) throw new Invalid("The request has no Origin to come back to");
  return Salesforce.connect(site);
});

/** The callback page's code and state, with the user's token: the tokens are kept; the connection's status. */
export const finish = route({ fresh: true, body: SalesforceCallbackInput }, async ({ body }) => Salesforce.finish(body));

export const disconnect = route({ fresh: true }, async () => Salesforce.disconnect());

/** `{ q }`, part of a name: the caller's opportunities, for linking a project. */
export const opportunities = route({ body: OpportunitySearch }, async ({ body }) => Salesforce.searchOpportunities(body));

export const link = route({ path: NumericId, body: LinkOpportunityInput }, async ({ path, body }) => Salesforce.link(path.id, body));

export const linked = route({ path: NumericId }, async ({ path }) => Salesforce.linkedOpportunity(path.id));

export const pull = route({ path: NumericId }, async ({ path }) => Salesforce.pullAccount(path.id));

export const push = route({ path: NumericId, body: PushTotalInput }, async ({ path, body }) => Salesforce.pushTotal(path.id, body));
