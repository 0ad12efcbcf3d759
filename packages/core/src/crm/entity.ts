import { defineEntity, timestamps } from "../db/entity";

/** A user's Salesforce connection: the org's address and the OAuth tokens, sealed (see sealed.ts). */
export const SalesforceConnectionEntity = defineEntity({
  model: { entity: "salesforce_connection", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    instanceUrl: { type: "string", required: true },
    accessToken: { type: "string", required: true },
    refreshToken: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    primary: { pk: { field: "pk", composite: ["userId"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * One sign-in to Salesforce under way: the OAuth `state` the browser brings back,
 * whose it is, and the PKCE verifier only the server knows. Used once; gone after ten minutes.
 */
export const SalesforceAuthStateEntity = defineEntity({
  model: { entity: "salesforce_auth_state", version: "1", service: "quorum" },
  attributes: {
    state: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    verifier: { type: "string", required: true, readOnly: true },
    redirectUri: { type: "string", required: true, readOnly: true },
    /** Epoch seconds: the table's TTL removes it; reads check it too. */
    expiresAt: { type: "number", required: true, readOnly: true },
  },
  indexes: {
    primary: { pk: { field: "pk", composite: ["state"] }, sk: { field: "sk", composite: [] } },
  },
});
