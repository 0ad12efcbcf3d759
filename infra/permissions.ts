import { CHAT_ATTACHMENT_PREFIX } from "../packages/core/src/chat/limits";
import type { Access } from "../packages/functions/src/routes";
import { secrets } from "./secrets";
import { bucket, table } from "./storage";

/**
 * Least privilege: each function gets exactly the actions its route-table entry
 * (or pipeline step) declares, on this stage's resources only.
 */
export function permissionsFor(access: readonly Access[], extra: { stateMachineArn?: $util.Input<string> } = {}) {
  const statements: sst.aws.FunctionPermissionArgs[] = [];
  if (access.includes("table")) {
    statements.push({
      actions: [
        "dynamodb:GetItem",
        "dynamodb:PutItem",
        "dynamodb:UpdateItem",
        "dynamodb:DeleteItem",
        "dynamodb:Query",
        "dynamodb:BatchGetItem",
        "dynamodb:BatchWriteItem",
        "dynamodb:ConditionCheckItem",
        "dynamodb:DescribeTable",
      ],
      resources: [table.arn, $interpolate`${table.arn}/index/*`],
    });
  }
  if (access.includes("bucket")) {
    statements.push(
      { actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], resources: [$interpolate`${bucket.arn}/*`] },
      { actions: ["s3:ListBucket"], resources: [bucket.arn] },
    );
  }
  // A presigned POST carries the signer's rights: signing needs PutObject on the prefix, nothing more.
  if (access.includes("attachments:upload")) {
    statements.push({ actions: ["s3:PutObject"], resources: [$interpolate`${bucket.arn}/${CHAT_ATTACHMENT_PREFIX}*`] });
  }
  if (access.includes("attachments:read")) {
    statements.push({ actions: ["s3:GetObject", "s3:DeleteObject"], resources: [$interpolate`${bucket.arn}/${CHAT_ATTACHMENT_PREFIX}*`] });
  }
  if (access.includes("bedrock")) {
    statements.push({
      actions: ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"],
      resources: ["arn:aws:bedrock:*::foundation-model/*", "arn:aws:bedrock:*:*:inference-profile/*"],
    });
  }
  if (access.includes("textract")) {
    statements.push({
      actions: [
        "textract:AnalyzeDocument",
        "textract:DetectDocumentText",
        "textract:AnalyzeExpense",
        "textract:StartDocumentTextDetection",
        "textract:GetDocumentTextDetection",
        "textract:StartDocumentAnalysis",
        "textract:GetDocumentAnalysis",
        "textract:StartExpenseAnalysis",
        "textract:GetExpenseAnalysis",
      ],
      resources: ["*"],
    });
  }
  if (access.includes("pipeline") && extra.stateMachineArn) {
    statements.push({ actions: ["states:StartExecution"], resources: [extra.stateMachineArn] });
  }
  return statements;
}

/** The settings core/config.ts reads; secrets only for the functions that need them. */
export function environmentFor(access: readonly Access[]) {
  const env: Record<string, $util.Input<string>> = {
    STAGE: $app.stage,
    TABLE_NAME: table.name,
    BUCKET_NAME: bucket.name,
    FIREBASE_PROJECT_ID: secrets.FirebaseProjectId.value,
  };
  if (access.includes("stripe")) {
    env.STRIPE_SECRET_KEY = secrets.StripeSecretKey.value;
    env.STRIPE_WEBHOOK_SECRET = secrets.StripeWebhookSecret.value;
    env.STRIPE_PUBLISHABLE_KEY = secrets.StripePublishableKey.value;
  }
  if (access.includes("models") || access.includes("bedrock")) {
    env.OPENAI_API_KEY = secrets.OpenaiApiKey.value;
    env.GEMINI_API_KEY = secrets.GeminiApiKey.value;
    env.GROK_API_KEY = secrets.GrokApiKey.value;
    env.DEEPSEEK_API_KEY = secrets.DeepseekApiKey.value;
    env.BEDROCK_ENABLED = secrets.BedrockEnabled.value;
    Object.assign(env, modelSettingsFromDeployer());
  }
  return env;
}

/**
 * Which model id each choice uses, provider base URLs and the research budget are
 * per-stage configuration, not secrets: whatever the deployer's environment sets
 * (e.g. `GPT_MODEL=gpt-5.5 npx sst deploy`) reaches the functions; the rest keep core's defaults.
 */
const MODEL_SETTINGS =
  /^(CLAUDE_MODEL|BEDROCK_MODELS|(GPT|GEMINI|GROK|DEEPSEEK)_(MODEL|BASE_URL|EXTRA_BODY)|OPENAI_BASE_URL|MODEL_[A-Z_]+|CHAT_DEADLINE_MS|RESEARCH_[A-Z_]+|PIPELINE_MODEL_TIMEOUT_MS)$/;
function modelSettingsFromDeployer(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => MODEL_SETTINGS.test(e[0]) && !!e[1]));
}
