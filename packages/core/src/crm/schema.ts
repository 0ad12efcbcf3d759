import { z } from "zod";

/** The Salesforce link as the API takes and answers it: browser-safe (zod only), shared with the web. */

/** How many opportunities a search answers; the name typed narrows it down. */
export const MAX_OPPORTUNITY_RESULTS = 20;
export const OPPORTUNITY_SEARCH_LENGTH = { min: 2, max: 80 } as const;

/** GET /api/salesforce: whether this server has a connected app, and whether the caller has connected. */
export const SalesforceStatus = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  instanceUrl: z.string().optional(),
  connectedAt: z.string().optional(),
});
export type SalesforceStatus = z.infer<typeof SalesforceStatus>;

/** POST /api/salesforce/connect: where to send the browser to approve Quorum in Salesforce. */
export const SalesforceConnect = z.object({ url: z.string() });

/** The site's page Salesforce sends the browser back to (the connected app's callback URL): it hands the code to the API. */
export const CALLBACK_PATH = "/salesforce/callback";

/** POST /api/salesforce/callback: what Salesforce put in the callback page's address. */
export const SalesforceCallbackInput = z.object({
  state: z.string().min(1, "The Salesforce sign-in has no state.").max(200),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** DELETE /api/salesforce: the tokens are gone. */
export const SalesforceDisconnected = z.object({ connected: z.literal(false) });

/** A Salesforce record id: 15 or 18 letters and digits. */
export const SalesforceId = z.string().regex(/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/, "That is not a Salesforce record id.");

export const OpportunitySearch = z.object({
  q: z
    .string()
    .trim()
    .min(OPPORTUNITY_SEARCH_LENGTH.min, `Type at least ${OPPORTUNITY_SEARCH_LENGTH.min} letters of the opportunity's name.`)
    .max(OPPORTUNITY_SEARCH_LENGTH.max, `Type at most ${OPPORTUNITY_SEARCH_LENGTH.max} letters.`),
});

export const Opportunity = z.object({
  id: z.string(),
  name: z.string(),
  accountName: z.string().nullable(),
  amount: z.number().nullable(),
  stageName: z.string().nullable(),
  closeDate: z.string().nullable(),
});
export type Opportunity = z.infer<typeof Opportunity>;
export const OpportunityList = z.object({ opportunities: z.array(Opportunity) });

/** PUT /api/projects/{id}/salesforce: the opportunity to link the project to. */
export const LinkOpportunityInput = z.object({ opportunityId: SalesforceId });

/** POST /api/projects/{id}/salesforce/push: the quote whose total becomes the opportunity's Amount. */
export const PushTotalInput = z.object({ quoteId: z.number().int().positive("quoteId must be a quote of the project") });

export const LinkedOpportunity = z.object({ opportunity: Opportunity });
/** What a pull changed: the project's customer, new or updated from the opportunity's Account. */
export const PulledAccount = z.object({ opportunity: Opportunity, customerId: z.number(), created: z.boolean() });
export const PushedTotal = z.object({ opportunity: Opportunity, amount: z.number(), note: z.string() });
