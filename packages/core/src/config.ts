import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

/**
 * Every setting of the product, read from the environment and validated once.
 * `.env.example` at the repository root lists each one with its default.
 * The defaults are the local stack's, so a fresh clone runs with no setup.
 */
export const ConfigSchema = z.object({
  STAGE: z.string().default("local"),
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
  /** host:port of the Firebase Auth Emulator; set only by the local stack. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  AUTH_EMULATOR: bool.default(false),

  // Pipeline (cloud: the state machine's ARN; local: started in-process)
  PIPELINE_STATE_MACHINE_ARN: z.string().optional(),
  TEXTRACT_ENDPOINT: z.string().optional(),

  // Models: each one is active only when configured
  BEDROCK_ENDPOINT: z.string().optional(),
  BEDROCK_ENABLED: bool.default(false),
  CLAUDE_MODEL: z.string().default("us.anthropic.claude-sonnet-4-5-20250929-v1:0"),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  GPT_MODEL: z.string().default("gpt-5.1"),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().default("https://generativelanguage.googleapis.com/v1beta/openai/"),
  GEMINI_MODEL: z.string().default("gemini-2.5-flash"),
  GROK_API_KEY: z.string().optional(),
  GROK_BASE_URL: z.string().default("https://api.x.ai/v1"),
  GROK_MODEL: z.string().default("grok-4"),
  DEEPSEEK_API_KEY: z.string().optional(),
  DEEPSEEK_BASE_URL: z.string().default("https://api.deepseek.com"),
  DEEPSEEK_MODEL: z.string().default("deepseek-v4-chat"),
  MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(45_000),

  // Payments
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Only for tests: where the Stripe SDK sends its calls (e.g. http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.string().optional(),
  PROFESSIONAL_PRICE_USD: z.coerce.number().positive().default(50),

  // Plans
  STARTER_DAILY_QUESTIONS: z.coerce.number().int().positive().default(10),

  // Support
  SUPPORT_EMAIL: z.string().default("support@quorum.app"),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = ConfigSchema.safeParse(process.env);
    if (!parsed.success) {
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
