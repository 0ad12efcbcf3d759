import { execSync } from "node:child_process";
import { CHAT_ATTACHMENT_PREFIX } from "../packages/core/src/chat/limits";
import type { Access } from "../packages/functions/src/routes";
import type { SecretName } from "../packages/core/src/secrets";
import { bedrockArns, bedrockModelIds, statementsFor } from "./policy";
import { secrets } from "./secrets";
import { bucket, table } from "./storage";
import { siteUrlFor } from "./mail";
import { mailIdentity, mailSettings } from "./notify";

/** Bedrock may be invoked on the model ids this deploy configures, nothing else. */
const bedrockModelArns = bedrockModelIds(process.env).flatMap(bedrockArns);

/**
 * Least privilege: each function gets exactly the actions its route-table entry
 * (or pipeline step) declares, on this stage's resources only (see policy.ts).
 */
export function permissionsFor(access: readonly Access[], extra: { stateMachineArn?: $util.Input<string> } = {}) {
  return statementsFor<$util.Input<string>>(
    access,
    {
      table: table.arn,
      tableIndexes: $interpolate`${table.arn}/index/*`,
      bucket: bucket.arn,
      bucketObjects: $interpolate`${bucket.arn}/*`,
      attachmentObjects: $interpolate`${bucket.arn}/${CHAT_ATTACHMENT_PREFIX}*`,
      stateMachine: extra.stateMachineArn,
      mailIdentity: mailIdentity.arn,
    },
    bedrockModelArns,
  ) satisfies sst.aws.FunctionPermissionArgs[];
}

/** The secrets a function reads (core/secrets.ts maps them to settings): linked, never plain environment. */
export function secretsFor(access: readonly Access[]) {
  const names: SecretName[] = ["FirebaseProjectId", "FirebaseApiKey"];
  if (access.includes("stripe")) {
    names.push("StripeSecretKey", "StripeWebhookSecret", "StripePublishableKey", "StripePriceId", "StripePortalConfiguration");
  }
  if (access.includes("models") || access.includes("bedrock")) {
    names.push("OpenaiApiKey", "GeminiApiKey", "GrokApiKey", "DeepseekApiKey", "BedrockEnabled", "CustomModelApiKey");
  }
  // Mails carry signed unsubscribe links; pushes are signed with the VAPID keys.
  if (access.includes("mail") || access.includes("unsubscribe")) names.push("NotifySigningSecret");
  if (access.includes("push")) names.push("VapidPublicKey", "VapidPrivateKey");
  if (access.includes("salesforce")) names.push("SalesforceClientId", "SalesforceClientSecret", "SalesforceTokenKey");
  return names.map((name) => secrets[name]);
}

/** Resources of this deploy a function may be given. */
export interface Deployed {
  stateMachineArn?: $util.Input<string>;
  /** Where the site answers (the Router's URL): the default of SITE_URL. */
  siteUrl?: $util.Input<string>;
}

/** The settings core/config.ts reads that are not secret. */
export function environmentFor(access: readonly Access[], deployed: Deployed = {}) {
  const env: Record<string, $util.Input<string>> = {
    STAGE: $app.stage,
    APP_VERSION: deployedVersion(),
    TABLE_NAME: table.name,
    BUCKET_NAME: bucket.name,
  };
  if (access.includes("models") || access.includes("bedrock")) Object.assign(env, settingsFromDeployer(MODEL_SETTINGS));
  // Limits are enforced wherever the work happens (uploads, chat, the pipeline) and shown by GET /api/usage: every function sees the same.
  Object.assign(env, settingsFromDeployer(PLAN_LIMIT_SETTINGS));
  if (access.includes("stripe")) Object.assign(env, settingsFromDeployer(BILLING_SETTINGS));
  if (access.includes("salesforce")) Object.assign(env, settingsFromDeployer(/^SALESFORCE_(LOGIN_URL|API_VERSION)$/));
  if (["mail", "unsubscribe", "push"].some((a) => access.includes(a as Access))) Object.assign(env, mailSettings);
  const siteUrl = siteUrlFor(access, process.env.SITE_URL, deployed.siteUrl);
  if (siteUrl) env.SITE_URL = siteUrl;
  return env;
}

/** The plans' limits (core/quota/limits.ts) the deployer's environment sets, e.g. `UPLOADS_PER_DAY_STARTER=10 npx sst deploy`; the rest keep core's defaults. */
const PLAN_LIMIT_SETTINGS =
  /^(STARTER_DAILY_QUESTIONS|(UPLOADS|ATTACHMENT_ANALYSES|ATTACHMENT_UPLOADS|TITLES)_PER_DAY_[A-Z]+|OCR_PAGES_PER_MONTH_[A-Z]+|DOCUMENT_STORAGE_GB_[A-Z]+)$/;

/** The commit being deployed, for the health check; "unknown" outside a git checkout. */
function deployedVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  try {
    return execSync("git rev-parse --short HEAD", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Which model id each choice uses, provider base URLs and the research budget are
 * per-stage configuration, not secrets: whatever the deployer's environment sets
 * (e.g. `GPT_MODEL=gpt-5.5 npx sst deploy`) reaches the functions; the rest keep core's defaults.
 */
const MODEL_SETTINGS =
  /^(CLAUDE_MODEL|BEDROCK_MODELS|(GPT|GEMINI|GROK|DEEPSEEK)_(MODEL|BASE_URL|EXTRA_BODY)|OPENAI_BASE_URL|CUSTOM_MODEL_(BASE_URL|ID|NAME)|MODEL_[A-Z_]+|CHAT_DEADLINE_MS|RESEARCH_[A-Z_]+|PIPELINE_MODEL_TIMEOUT_MS)$/;

/**
 * Professional's price (amount, currency, interval: the Price is found or made from
 * them unless StripePriceId is set), per stage: e.g. `PROFESSIONAL_PRICE_USD=50 npx sst deploy`.
 */
const BILLING_SETTINGS = /^PROFESSIONAL_PRICE_(USD|CURRENCY|INTERVAL)$/;

/** The deployer's environment variables whose names match `pattern` (and have a value). */
function settingsFromDeployer(pattern: RegExp): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => pattern.test(e[0]) && !!e[1]));
}
