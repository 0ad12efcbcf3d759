import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { config } from "../config";

/** Locally DynamoDB Local accepts any credentials; in the cloud the Lambda role signs. */
function localCredentials(endpoint: string | undefined) {
  return endpoint ? { accessKeyId: "local", secretAccessKey: "local" } : undefined;
}

let documentClient: DynamoDBDocumentClient | undefined;

export namespace Dynamo {
  export function client(): DynamoDBDocumentClient {
    if (!documentClient) {
      const c = config();
      const raw = new DynamoDBClient({
        region: c.AWS_REGION,
        endpoint: c.DYNAMO_ENDPOINT,
        credentials: localCredentials(c.DYNAMO_ENDPOINT),
        maxAttempts: 3,
      });
      documentClient = DynamoDBDocumentClient.from(raw, {
        marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
      });
    }
    return documentClient;
  }
  export const table = () => config().TABLE_NAME;
}
