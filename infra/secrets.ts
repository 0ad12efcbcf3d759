import type { SecretName } from "../packages/core/src/secrets";

/**
 * Set per stage with `npx sst secret set <Name> <value> --stage <stage>`.
 * Model keys are optional: a model without a key is simply not offered. Functions
 * get them linked (infra/permissions.ts), never as plain environment variables.
 */
export const secrets = {
  FirebaseProjectId: new sst.Secret("FirebaseProjectId"),
  FirebaseApiKey: new sst.Secret("FirebaseApiKey"),
  FirebaseAuthDomain: new sst.Secret("FirebaseAuthDomain"),
  StripeSecretKey: new sst.Secret("StripeSecretKey", ""),
  StripeWebhookSecret: new sst.Secret("StripeWebhookSecret", ""),
  StripePublishableKey: new sst.Secret("StripePublishableKey", ""),
  /** Professional's Price (price_...); empty: found or created from PROFESSIONAL_PRICE_* by its lookup key. */
  StripePriceId: new sst.Secret("StripePriceId", ""),
  /** A Customer Portal configuration (bpc_...); empty: the account's default portal. */
  StripePortalConfiguration: new sst.Secret("StripePortalConfiguration", ""),
  OpenaiApiKey: new sst.Secret("OpenaiApiKey", ""),
  GeminiApiKey: new sst.Secret("GeminiApiKey", ""),
  GrokApiKey: new sst.Secret("GrokApiKey", ""),
  DeepseekApiKey: new sst.Secret("DeepseekApiKey", ""),
  /** "true" to offer Claude through Bedrock (the account must have model access). */
  BedrockEnabled: new sst.Secret("BedrockEnabled", "false"),
  /** Signs the unsubscribe links in mails (any long random string, e.g. `openssl rand -base64 32`). */
  NotifySigningSecret: new sst.Secret("NotifySigningSecret"),
  /** Web Push keys (`npx web-push generate-vapid-keys`); empty: push notifications are off. */
  VapidPublicKey: new sst.Secret("VapidPublicKey", ""),
  VapidPrivateKey: new sst.Secret("VapidPrivateKey", ""),
  /** Enterprise's custom OpenAI-compatible model: its key (the base URL and model id are CUSTOM_MODEL_* settings). */
  CustomModelApiKey: new sst.Secret("CustomModelApiKey", ""),
  /** A Salesforce connected app (OAuth, PKCE): its consumer key and secret; empty: the integration is not offered. */
  SalesforceClientId: new sst.Secret("SalesforceClientId", ""),
  SalesforceClientSecret: new sst.Secret("SalesforceClientSecret", ""),
  /** Encrypts each user's Salesforce tokens (`openssl rand -base64 32`). */
  SalesforceTokenKey: new sst.Secret("SalesforceTokenKey", ""),
  /**
   * The site's CloudFront sends it with every API request (infra/router.ts) and the routes refuse a
   * request without it, so the API's own endpoints cannot be called around the site and its per-IP
   * limits (`openssl rand -base64 32`).
   */
  OriginSecret: new sst.Secret("OriginSecret"),
} satisfies Record<SecretName | "FirebaseAuthDomain", sst.Secret>;
