import { Resource } from "sst/resource";
import type { Config } from "./config";

/**
 * The SST secrets the functions read, and the setting each one fills. In the
 * cloud they are linked to the functions that need them (infra/permissions.ts):
 * SST ships them encrypted with the function, so no key shows up as a plain
 * environment variable in the function's configuration.
 */
export const SECRET_SETTINGS = {
  FirebaseProjectId: "FIREBASE_PROJECT_ID",
  /** The web API key (public in the site's code): looks up a token's account, so a disabled or revoked one is refused at once. */
  FirebaseApiKey: "FIREBASE_API_KEY",
  StripeSecretKey: "STRIPE_SECRET_KEY",
  StripeWebhookSecret: "STRIPE_WEBHOOK_SECRET",
  StripePublishableKey: "STRIPE_PUBLISHABLE_KEY",
  StripePriceId: "STRIPE_PRICE_ID",
  StripePortalConfiguration: "STRIPE_PORTAL_CONFIGURATION",
  OpenaiApiKey: "OPENAI_API_KEY",
  GeminiApiKey: "GEMINI_API_KEY",
  GrokApiKey: "GROK_API_KEY",
  DeepseekApiKey: "DEEPSEEK_API_KEY",
  BedrockEnabled: "BEDROCK_ENABLED",
  NotifySigningSecret: "NOTIFY_SIGNING_SECRET",
  VapidPublicKey: "VAPID_PUBLIC_KEY",
  VapidPrivateKey: "VAPID_PRIVATE_KEY",
  CustomModelApiKey: "CUSTOM_MODEL_API_KEY",
  SalesforceClientId: "SALESFORCE_CLIENT_ID",
  SalesforceClientSecret: "SALESFORCE_CLIENT_SECRET",
  SalesforceTokenKey: "SALESFORCE_TOKEN_KEY",
  OriginSecret: "ORIGIN_SECRET",
} as const satisfies Record<string, keyof Config>;

export type SecretName = keyof typeof SECRET_SETTINGS;

/** The settings filled by the secrets linked to this function; none locally (nothing is linked). */
export function linkedSecretSettings(resource: object = Resource): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, setting] of Object.entries(SECRET_SETTINGS)) {
    if (!(name in resource)) continue;
    const value = (resource as Record<string, { value?: unknown } | undefined>)[name]?.value;
    if (typeof value === "string") settings[setting] = value;
  }
  return settings;
}
