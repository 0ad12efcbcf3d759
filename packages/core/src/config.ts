import { z } from "zod";
import { DEFAULT_PROFESSIONAL_PRICE_USD } from "./billing/schema";
import { ModelPrices } from "./ai/prices";
import { linkedSecretSettings } from "./secrets";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/** A plan's allowance of one metered thing per period (0 allows none). */
const limit = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** A JSON object in an environment variable (provider-specific request fields). */
const jsonObject = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, ctx) => {
  if (typeof value !== "string") return value;
  // Empty means "not set": the code's default for that provider applies.
  if (value.trim() === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "must be a JSON object" });
  return z.NEVER;
});

/**
 * Every setting of the product, read from the environment and validated once.
 * `.env.example` at the repository root lists each one with its default.
 * The defaults are the local stack's, so a fresh clone runs with no setup.
 */
export const ConfigSchema = z.object({
  STAGE: z.string().default("local"),
  /** What the health check names as the running version; infra sets the deployed commit. */
  APP_VERSION: z.string().default("dev"),
  AWS_REGION: z.string().default("us-east-1"),

  // Data
  TABLE_NAME: z.string().default("quorum-local"),
  BUCKET_NAME: z.string().default("quorum-local-uploads"),
  DYNAMO_ENDPOINT: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  /** Public base URL of S3 as the browser sees it (presigned URLs); defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.string().optional(),

  // Identity
  FIREBASE_PROJECT_ID: z.string().default("demo-quorum"),
  /** The web API key (public: the browser has it): lets the API look accounts up to refuse disabled or signed-out ones. */
  FIREBASE_API_KEY: z.string().optional(),
  /** host:port of the Firebase Auth Emulator; set only by the local stack. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  AUTH_EMULATOR: bool.default(false),
  /**
   * The secret only the site's CloudFront (locally: the local gateway) adds to every request as
   * `x-quorum-origin`: with it set, a request without it (the API's own execute-api or function
   * URL, called directly) is refused, and the client's address is read from CloudFront-Viewer-Address.
   */
  ORIGIN_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).optional()),

  // Pipeline (cloud: the state machine's ARN; local: started in-process)
  PIPELINE_STATE_MACHINE_ARN: z.string().optional(),
  TEXTRACT_ENDPOINT: z.string().optional(),
  /** Read PDFs without a text layer and images with Amazon Textract (the cloud's extract step); off: local parsers and OCR. */
  TEXTRACT_ENABLED: bool.default(false),
  /** Textract polls of the state machine (one per Wait of ~5 s) before a job counts as stuck. */
  TEXTRACT_MAX_POLLS: z.coerce.number().int().positive().default(180),
  /** Pages of one document read by local OCR (when Textract is off); the rest are named in a warning. */
  OCR_MAX_PAGES: z.coerce.number().int().min(0).default(50),
  /** Seconds local OCR may spend on one document (below the extract step's 900 s Lambda timeout). */
  OCR_MAX_SECONDS: z.coerce.number().positive().default(300),
  /** One model call of the pipeline's analysis (no gateway waits on it). */
  PIPELINE_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),

  // Models: each one is active only when configured
  BEDROCK_ENDPOINT: z.string().optional(),
  BEDROCK_ENABLED: bool.default(false),
  /** The model choices served by Bedrock when it is enabled; their *_MODEL is then a Bedrock model id. */
  BEDROCK_MODELS: z.string().default("claude"),
  CLAUDE_MODEL: z.string().default("us.anthropic.claude-sonnet-4-6"),
  OPENAI_API_KEY: z.string().optional(),
  /** Any OpenAI-compatible server (e.g. Ollama at http://127.0.0.1:11434/v1) answers as GPT; no key needed then. */
  OPENAI_BASE_URL: z.string().optional(),
  GPT_MODEL: z.string().default("gpt-5.5"),
  /** Extra request fields as a JSON object; unset, each provider gets the default in ai/catalog.ts. */
  GPT_EXTRA_BODY: jsonObject.optional(),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().default("https://generativelanguage.googleapis.com/v1beta/openai/"),
  GEMINI_MODEL: z.string().default("gemini-3.5-flash"),
  GEMINI_EXTRA_BODY: jsonObject.optional(),
  GROK_API_KEY: z.string().optional(),
  GROK_BASE_URL: z.string().default("https://api.x.ai/v1"),
  GROK_MODEL: z.string().default("grok-4.3"),
  GROK_EXTRA_BODY: jsonObject.optional(),
  DEEPSEEK_API_KEY: z.string().optional(),
  DEEPSEEK_BASE_URL: z.string().default("https://api.deepseek.com"),
  DEEPSEEK_MODEL: z.string().default("deepseek-v4-flash"),
  /** Per-model prices in USD per million tokens, `{ "gpt": { "input": 1.25, "output": 10 } }`, over ai/prices.ts's defaults. */
  MODEL_PRICES: jsonObject.pipe(ModelPrices.optional()).optional(),
  DEEPSEEK_EXTRA_BODY: jsonObject.optional(),
  /**
   * Enterprise's custom AI model: the organisation's own OpenAI-compatible endpoint
   * (its API key is the CustomModelApiKey secret in the cloud). Offered to Enterprise
   * accounts only, and only when both the base URL and the model id are set.
   */
  CUSTOM_MODEL_BASE_URL: z.string().optional(),
  CUSTOM_MODEL_ID: z.string().optional(),
  CUSTOM_MODEL_API_KEY: z.string().optional(),
  /** The name people see for it, e.g. "Acme GPT". */
  CUSTOM_MODEL_NAME: z.string().default("Custom model"),
  /** One model call (single-model chat, titles); below the gateway's 30 s. */
  MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  MODEL_MAX_OUTPUT_TOKENS: z.coerce.number().int().positive().default(4096),
  /** Everything a chat request does must end by then (the gateway stops waiting at 30 s). */
  CHAT_DEADLINE_MS: z.coerce.number().int().positive().default(28_000),
  /** Research mode: each model's answer, then the synthesis; together within CHAT_DEADLINE_MS. */
  RESEARCH_PROPOSER_TIMEOUT_MS: z.coerce.number().int().positive().default(16_000),
  RESEARCH_SYNTHESIS_TIMEOUT_MS: z.coerce.number().int().positive().default(11_000),
  RESEARCH_PROPOSER_MAX_TOKENS: z.coerce.number().int().positive().default(1500),
  /** The model that writes research mode's answer when the asker chose none (or theirs failed); the others follow, strongest first. */
  RESEARCH_SYNTHESIZER: z.enum(["claude", "gpt", "gemini", "grok", "deepseek"]).default("claude"),
  /** Project chat retrieval: "auto" adds embeddings to BM25 when OpenAI or Gemini is configured; "off" keeps words only. */
  EMBEDDINGS: z.enum(["auto", "off"]).default("auto"),
  OPENAI_EMBEDDING_MODEL: z.string().default("text-embedding-3-small"),
  GEMINI_EMBEDDING_MODEL: z.string().default("gemini-embedding-001"),

  // Payments
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Only for tests: where the Stripe SDK sends its calls (e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.string().optional(),
  /** Professional's recurring Price: amount (in the currency's main unit), currency and interval. */
  PROFESSIONAL_PRICE_USD: z.coerce.number().positive().default(DEFAULT_PROFESSIONAL_PRICE_USD),
  PROFESSIONAL_PRICE_CURRENCY: z.string().length(3).toLowerCase().default("usd"),
  PROFESSIONAL_PRICE_INTERVAL: z.enum(["month", "year"]).default("month"),
  /** A Price made in the Stripe Dashboard (price_...); unset: one is found or created from the three settings above. */
  STRIPE_PRICE_ID: z.string().optional(),
  /** A Customer Portal configuration (bpc_...); unset: the account's default portal. */
  STRIPE_PORTAL_CONFIGURATION: z.string().optional(),
  /** The site's public address (where the Customer Portal sends the payer back); unset: the request's Origin. */
  SITE_URL: z.string().optional(),
  /** The local gateway's address: the local test provider delivers its signed webhooks there, like Stripe. */
  GATEWAY_URL: z.string().optional(),

  // Plans
  STARTER_DAILY_QUESTIONS: z.coerce.number().int().positive().default(10),
  /** Metered work per plan (quota/limits.ts): what each costs the owner is capped per day or month. */
  UPLOADS_PER_DAY_STARTER: limit(20),
  UPLOADS_PER_DAY_PROFESSIONAL: limit(200),
  UPLOADS_PER_DAY_ENTERPRISE: limit(1000),
  OCR_PAGES_PER_MONTH_STARTER: limit(100),
  OCR_PAGES_PER_MONTH_PROFESSIONAL: limit(2000),
  OCR_PAGES_PER_MONTH_ENTERPRISE: limit(10_000),
  ATTACHMENT_ANALYSES_PER_DAY_STARTER: limit(20),
  ATTACHMENT_ANALYSES_PER_DAY_PROFESSIONAL: limit(300),
  ATTACHMENT_ANALYSES_PER_DAY_ENTERPRISE: limit(1000),
  ATTACHMENT_UPLOADS_PER_DAY_STARTER: limit(50),
  ATTACHMENT_UPLOADS_PER_DAY_PROFESSIONAL: limit(600),
  ATTACHMENT_UPLOADS_PER_DAY_ENTERPRISE: limit(2000),
  TITLES_PER_DAY_STARTER: limit(50),
  TITLES_PER_DAY_PROFESSIONAL: limit(500),
  TITLES_PER_DAY_ENTERPRISE: limit(2000),
  /** Gigabytes of document files an account keeps stored at once (quota/limits.ts DOCUMENT_STORAGE). */
  DOCUMENT_STORAGE_GB_STARTER: limit(1),
  DOCUMENT_STORAGE_GB_PROFESSIONAL: limit(50),
  DOCUMENT_STORAGE_GB_ENTERPRISE: limit(500),

  // CRM (Salesforce): a connected app's OAuth client; without both, the integration is not offered
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  /** 32 random bytes, base64: encrypts the Salesforce tokens kept for each user (AES-256-GCM). */
  SALESFORCE_TOKEN_KEY: z.string().optional(),
  /** Where users sign in to Salesforce (https://test.salesforce.com for sandboxes; a fake server in tests). */
  SALESFORCE_LOGIN_URL: z.string().default("https://login.salesforce.com"),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^\d+\.\d$/)
    .default("62.0"),

  // Support
  /** Where support requests are mailed (with their priority); infra sets it per stage. */
  SUPPORT_EMAIL: z.string().default("support@quorum.app"),

  // Notifications
  /** The sender of every mail; in AWS its address (or domain) is the SES identity infra declares. */
  MAIL_FROM: z.string().default("Quorum <no-reply@quorum.app>"),
  /** "ses" in AWS; "smtp" locally (the local stack's mail catcher at SMTP_URL). Unset: smtp when SMTP_URL is set, else ses. */
  MAIL_TRANSPORT: z.enum(["ses", "smtp"]).optional(),
  /** Where links in mails and pushes lead (the web app); unset: SITE_URL. The local stack sets it to its web app. */
  APP_URL: z.string().optional(),
  /** e.g. smtp://127.0.0.1:1025 (the local mail catcher). */
  SMTP_URL: z.string().optional(),
  /** Only for tests: where the SESv2 client sends its calls. */
  SES_ENDPOINT: z.string().optional(),
  /** Signs the unsubscribe links in mails; an SST secret in AWS, made once per data folder locally. */
  NOTIFY_SIGNING_SECRET: z.string().optional(),
  /** Web Push (VAPID) keys: SST secrets in AWS, made once per data folder locally. Unset: no push. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:support@quorum.app"),
  /** Hosts push subscriptions may point at (and their subdomains), comma-separated; unset: the browsers' services. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((hosts) =>
      hosts
        ? hosts
            .split(",")
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    ),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = ConfigSchema.safeParse({ ...process.env, ...linkedSecretSettings() });
    if (!parsed.success) {
      // Names and zod's words only: a value (a key, perhaps) never reaches the log.
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid configuration: ${problems.join("; ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetConfig() {
  cached = undefined;
}

export const isLocalStage = (c: Config = config()) => c.STAGE === "local";
