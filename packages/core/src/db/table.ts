import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

/**
 * The one table. Every entity's keys are composed by ElectroDB into these attributes.
 * infra/storage.ts declares the same shape for the cloud; the local stack creates it from here.
 */
export const TABLE_KEYS = {
  primary: { pk: "pk", sk: "sk" },
  gsi1: { pk: "gsi1pk", sk: "gsi1sk" },
  gsi2: { pk: "gsi2pk", sk: "gsi2sk" },
} as const;

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const attributes = Object.values(TABLE_KEYS).flatMap((k) => [k.pk, k.sk]);
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: "S" })),
    KeySchema: [
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: (["gsi1", "gsi2"] as const).map((name) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: TABLE_KEYS[name].pk, KeyType: "HASH" },
        { AttributeName: TABLE_KEYS[name].sk, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    })),
  };
}
