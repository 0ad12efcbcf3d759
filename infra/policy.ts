import type { Access } from "../packages/functions/src/routes";
import { RATE_LIMIT_KEY_PREFIX } from "../packages/core/src/ratelimit/limits";
import { SUPPORT_REQUEST_KEY_PREFIX } from "../packages/core/src/support/keys";
import { ConfigSchema } from "../packages/core/src/config";
import { CHOICES } from "../packages/core/src/ai/types";

/**
 * What each `access` entry of the route table (and of the pipeline's steps) may
 * do, as IAM statements. Pure: no SST globals, so tests check it against the
 * route table; permissions.ts fills in this stage's ARNs.
 */

export const TABLE_READ_ACTIONS = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:DescribeTable"];
export const TABLE_WRITE_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
];
export const BUCKET_READ_ACTIONS = ["s3:GetObject"];
export const BUCKET_WRITE_ACTIONS = ["s3:PutObject", "s3:DeleteObject"];
export const BEDROCK_ACTIONS = ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"];

export interface Statement<T> {
  actions: string[];
  resources: (T | string)[];
  conditions?: { test: string; variable: string; values: string[] }[];
}

/** This stage's resources; strings in tests, Pulumi outputs in the stack. */
export interface Targets<T> {
  table: T;
  tableIndexes: T;
  bucket: T;
  bucketObjects: T;
  /** The chat attachments' prefix of the bucket (`<bucket>/chat-attachments/...*`). */
  attachmentObjects: T;
  stateMachine?: T;
  /** The SES identity mail is sent from (infra/notify.ts). */
  mailIdentity?: T;
}

/**
 * Entries that write one kind of item only, where ElectroDB's keys allow it: the
 * partition keys' prefix (dynamodb:LeadingKeys) and the actions those writes use.
 */
export const KEY_SCOPED_WRITES = {
  ratelimit: { prefix: RATE_LIMIT_KEY_PREFIX, actions: ["dynamodb:UpdateItem"] },
  "support-requests": { prefix: SUPPORT_REQUEST_KEY_PREFIX, actions: ["dynamodb:PutItem"] },
} as const satisfies Partial<Record<Access, { prefix: string; actions: readonly string[] }>>;

/** The tiers of a resource an entry grants: full access wins over read-only when both appear. */
const grants = (access: readonly Access[], full: Access, read: Access) => ({
  read: access.includes(full) || access.includes(read),
  write: access.includes(full),
});

export function statementsFor<T>(access: readonly Access[], targets: Targets<T>, bedrockModelArns: string[]): Statement<T>[] {
  const statements: Statement<T>[] = [];
  const table = grants(access, "table", "table:read");
  if (table.read) {
    statements.push({
      actions: table.write ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
      resources: [targets.table, targets.tableIndexes],
    });
  }
  if (!table.write) {
    for (const [scope, { prefix, actions }] of Object.entries(KEY_SCOPED_WRITES)) {
      if (!access.includes(scope as Access)) continue;
      statements.push({
        actions: [...actions],
        resources: [targets.table],
        conditions: [{ test: "ForAllValues:StringLike", variable: "dynamodb:LeadingKeys", values: [`${prefix}*`] }],
      });
    }
  }
  const bucket = grants(access, "bucket", "bucket:read");
  if (bucket.read) {
    statements.push(
      {
        actions: bucket.write ? [...BUCKET_READ_ACTIONS, ...BUCKET_WRITE_ACTIONS] : BUCKET_READ_ACTIONS,
        resources: [targets.bucketObjects],
      },
      // Listing is what HeadBucket and reads of missing keys (404 rather than 403) need.
      { actions: ["s3:ListBucket"], resources: [targets.bucket] },
    );
  }
  // Chat attachments too large for a request: a presigned POST carries the signer's rights, so
  // signing needs PutObject on their prefix; the chat then reads and deletes them there.
  if (access.includes("attachments:upload")) {
    statements.push({ actions: ["s3:PutObject"], resources: [targets.attachmentObjects] });
  }
  if (access.includes("attachments:read")) {
    statements.push({ actions: ["s3:GetObject", "s3:DeleteObject"], resources: [targets.attachmentObjects] });
  }
  if (access.includes("bedrock") && bedrockModelArns.length > 0) {
    statements.push({ actions: BEDROCK_ACTIONS, resources: bedrockModelArns });
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
      // Textract's actions have no resource-level permissions.
      resources: ["*"],
    });
  }
  // Sending as the product's verified identity, nothing else of SES (no other sender, no settings).
  if (access.includes("mail") && targets.mailIdentity) {
    statements.push({ actions: ["ses:SendEmail"], resources: [targets.mailIdentity] });
  }
  if (access.includes("pipeline") && targets.stateMachine) {
    statements.push({ actions: ["states:StartExecution"], resources: [targets.stateMachine] });
  }
  return statements;
}

/** A cross-region inference profile id starts with its geography ("us.anthropic..."). */
const PROFILE_GEOGRAPHY = /^(us|us-gov|eu|apac|ap|jp|au|ca|global)\./;

/**
 * The ARNs a Bedrock model id can be invoked through. A foundation model is one
 * ARN; an inference profile needs the profile and the foundation model in each
 * region it routes to (hence the region wildcard there).
 */
export function bedrockArns(modelId: string): string[] {
  const geography = PROFILE_GEOGRAPHY.exec(modelId);
  if (!geography) return [`arn:aws:bedrock:*::foundation-model/${modelId}`];
  return [`arn:aws:bedrock:*:*:inference-profile/${modelId}`, `arn:aws:bedrock:*::foundation-model/${modelId.slice(geography[0].length)}`];
}

const BedrockSettings = ConfigSchema.pick({
  BEDROCK_MODELS: true,
  CLAUDE_MODEL: true,
  GPT_MODEL: true,
  GEMINI_MODEL: true,
  GROK_MODEL: true,
  DEEPSEEK_MODEL: true,
});

/**
 * The model ids the functions may invoke on Bedrock: each choice listed in
 * BEDROCK_MODELS, with its *_MODEL id, from the deployer's environment or core's defaults.
 */
export function bedrockModelIds(env: Record<string, string | undefined>): string[] {
  // An empty variable means "not set": core's default applies, as in the functions.
  const c = BedrockSettings.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value)));
  const onBedrock = new Set(c.BEDROCK_MODELS.split(",").map((choice) => choice.trim().toLowerCase()));
  const ids = CHOICES.filter((choice) => onBedrock.has(choice)).map(
    (choice) => c[`${choice.toUpperCase() as Uppercase<typeof choice>}_MODEL`],
  );
  return [...new Set(ids)];
}
