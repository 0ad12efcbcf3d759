import { describe, expect, it } from "vitest";
import { parseRouteKey, routes, type Access, type RouteEntry } from "../packages/functions/src/routes";
import { STEPS } from "../packages/functions/src/pipeline/steps";
import { RateLimitCounterEntity } from "../packages/core/src/ratelimit/entity";
import { SupportRequestEntity } from "../packages/core/src/support/entity";
import { UserEntity } from "../packages/core/src/user/entity";
import {
  BUCKET_WRITE_ACTIONS,
  KEY_SCOPED_WRITES,
  TABLE_WRITE_ACTIONS,
  bedrockArns,
  bedrockModelIds,
  statementsFor,
  type Statement,
} from "./policy";

const TARGETS = {
  table: "arn:aws:dynamodb:us-east-1:1:table/T",
  tableIndexes: "arn:aws:dynamodb:us-east-1:1:table/T/index/*",
  bucket: "arn:aws:s3:::b",
  bucketObjects: "arn:aws:s3:::b/*",
  attachmentObjects: "arn:aws:s3:::b/chat-attachments/*",
  stateMachine: "arn:aws:states:us-east-1:1:stateMachine:P",
  mailIdentity: "arn:aws:ses:us-east-1:1:identity/quorum.app",
};
const MODEL_ARNS = bedrockModelIds({}).flatMap(bedrockArns);
const entries = Object.entries(routes) as [string, RouteEntry][];
const policyOf = (access: readonly Access[]) => statementsFor(access, TARGETS, MODEL_ARNS);
const actionsOf = (statements: Statement<string>[]) => statements.flatMap((s) => s.actions);
const WRITES = [...TABLE_WRITE_ACTIONS, ...BUCKET_WRITE_ACTIONS];

describe("per-route IAM from the route table", () => {
  it("every GET route reads only: no write action on the table or the bucket, but for counting its own requests", () => {
    for (const [key, entry] of entries.filter(([key]) => parseRouteKey(key).method === "GET")) {
      // the rate-limit counters' keys alone (checked below): an anonymous read is counted per network
      const actions = actionsOf(policyOf((entry.access ?? ["table"]).filter((a) => a !== "ratelimit")));
      expect(
        actions.filter((a) => WRITES.includes(a)),
        key,
      ).toEqual([]);
    }
  });

  it("only what mails (documents' end, payments, support) may send, and only as the product's identity", () => {
    const mailers = [
      ...entries.map(([key, e]) => [key, e.access ?? []] as const),
      ...Object.entries(STEPS).map(([k, s]) => [k, s.access] as const),
    ]
      .filter(([, access]) => actionsOf(policyOf(access)).some((a) => a.startsWith("ses:")))
      .map(([key]) => key)
      .sort();
    expect(mailers).toEqual(["Complete", "POST /api/sales", "POST /api/stripe/webhook", "POST /api/support", "RecordFailure"].sort());
    expect(policyOf(["mail"])).toEqual([{ actions: ["ses:SendEmail"], resources: [TARGETS.mailIdentity] }]);
  });

  it("a read-only entry gets Get, Query and Describe on the table and its indexes", () => {
    const [statement] = policyOf(["table:read"]);
    expect(statement!.actions.sort()).toEqual(["dynamodb:BatchGetItem", "dynamodb:DescribeTable", "dynamodb:GetItem", "dynamodb:Query"]);
    expect(statement!.resources).toEqual([TARGETS.table, TARGETS.tableIndexes]);
  });

  it("check-account writes nothing but rate-limit counters, and support nothing but those and support requests", () => {
    const scopedWrites = (key: keyof typeof routes) =>
      policyOf(routes[key].access)
        .filter((s) => s.actions.some((a) => WRITES.includes(a)))
        .map((s) => ({ actions: s.actions, keys: s.conditions?.find((c) => c.variable === "dynamodb:LeadingKeys")?.values }));
    expect(scopedWrites("POST /api/auth/check-account")).toEqual([{ actions: ["dynamodb:UpdateItem"], keys: ["$quorum#ratelimit_*"] }]);
    expect(scopedWrites("POST /api/support")).toEqual([
      { actions: ["dynamodb:UpdateItem"], keys: ["$quorum#ratelimit_*"] },
      { actions: ["dynamodb:PutItem"], keys: ["$quorum#requestid_*"] },
    ]);
  });

  it("each key-scoped write matches the keys ElectroDB really writes for its items, and not other entities' keys", () => {
    const written = {
      ratelimit: RateLimitCounterEntity.update({ rateLimit: "check-account-ip", subject: "x", windowStart: 0 }).add({ count: 1 }).params()
        .Key.pk,
      "support-requests": SupportRequestEntity.create({
        requestId: "r1",
        userId: "u1",
        name: "n",
        email: "e@example.com",
        subject: "s",
        category: "general",
        priority: "low",
        message: "m",
      }).params().Item.pk,
    };
    const matches = (prefix: string, key: string) => key.startsWith(prefix);
    for (const [scope, { prefix }] of Object.entries(KEY_SCOPED_WRITES)) {
      expect(matches(prefix, written[scope as keyof typeof written]), scope).toBe(true);
      for (const other of [
        UserEntity.get({ userId: "u1" }).params().Key.pk,
        ...Object.values(written).filter((k) => !matches(prefix, k)),
      ]) {
        expect(matches(prefix, other), `${scope} vs ${other}`).toBe(false);
      }
    }
  });

  it("write routes keep write access", () => {
    for (const key of ["POST /api/auth/register", "PUT /api/conversations/{id}", "DELETE /api/documents/{id}"] as const) {
      expect(actionsOf(policyOf(routes[key].access)), key).toContain("dynamodb:PutItem");
    }
  });

  it("only routes and steps that call a model may invoke Bedrock, and only the configured models", () => {
    const withBedrock = [...entries.map(([, e]) => e.access ?? []), ...Object.values(STEPS).map((s) => s.access)].filter((a) =>
      a.includes("bedrock"),
    );
    expect(withBedrock.length).toBeGreaterThan(0);
    for (const access of withBedrock) {
      const resources = policyOf(access)
        .filter((s) => s.actions.includes("bedrock:InvokeModel"))
        .flatMap((s) => s.resources);
      expect(resources).toEqual(MODEL_ARNS);
      expect(resources.some((r) => String(r).endsWith("/*"))).toBe(false);
    }
    expect(actionsOf(policyOf(routes["GET /api/projects"].access))).not.toContain("bedrock:InvokeModel");
  });
});

describe("chat attachments", () => {
  it("signing an attachment upload may only put objects under the attachments' prefix, and nothing else", () => {
    expect(policyOf(routes["POST /api/chat/attachments/upload-url"].access)).toEqual([
      { actions: ["s3:PutObject"], resources: [TARGETS.attachmentObjects] },
    ]);
  });

  it("the chat reads and deletes attachments under that prefix only", () => {
    const bucketStatements = policyOf(routes["POST /api/chat"].access).filter((s) => s.actions.some((a) => a.startsWith("s3:")));
    expect(bucketStatements).toEqual([{ actions: ["s3:GetObject", "s3:DeleteObject"], resources: [TARGETS.attachmentObjects] }]);
  });
});

describe("Bedrock model ARNs", () => {
  it("core's default Claude (an inference profile) gets the profile and its foundation model", () => {
    expect(bedrockModelIds({})).toEqual(["us.anthropic.claude-sonnet-4-6"]);
    expect(bedrockArns("us.anthropic.claude-sonnet-4-6")).toEqual([
      "arn:aws:bedrock:*:*:inference-profile/us.anthropic.claude-sonnet-4-6",
      "arn:aws:bedrock:*::foundation-model/anthropic.claude-sonnet-4-6",
    ]);
  });

  it("follows the deployer's settings: the choices on Bedrock and their model ids", () => {
    const env = {
      BEDROCK_MODELS: "claude, deepseek",
      CLAUDE_MODEL: "anthropic.claude-opus-4-1-v1:0",
      DEEPSEEK_MODEL: "deepseek.v3-v1:0",
      GPT_MODEL: "",
    };
    expect(bedrockModelIds(env)).toEqual(["anthropic.claude-opus-4-1-v1:0", "deepseek.v3-v1:0"]);
    expect(bedrockArns("anthropic.claude-opus-4-1-v1:0")).toEqual(["arn:aws:bedrock:*::foundation-model/anthropic.claude-opus-4-1-v1:0"]);
    // Empty means unset, as for the functions: core's default applies.
    expect(bedrockModelIds({ BEDROCK_MODELS: "", CLAUDE_MODEL: "" })).toEqual(["us.anthropic.claude-sonnet-4-6"]);
  });
});
