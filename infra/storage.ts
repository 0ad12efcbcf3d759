import { CHAT_ATTACHMENT_PREFIX } from "../packages/core/src/chat/limits";
import { TABLE_KEYS } from "../packages/core/src/db/table";

/** The one table: pk/sk plus gsi1 and gsi2, the same shape the local stack creates. */
export const table = new sst.aws.Dynamo("Table", {
  fields: {
    [TABLE_KEYS.primary.pk]: "string",
    [TABLE_KEYS.primary.sk]: "string",
    [TABLE_KEYS.gsi1.pk]: "string",
    [TABLE_KEYS.gsi1.sk]: "string",
    [TABLE_KEYS.gsi2.pk]: "string",
    [TABLE_KEYS.gsi2.sk]: "string",
  },
  primaryIndex: { hashKey: TABLE_KEYS.primary.pk, rangeKey: TABLE_KEYS.primary.sk },
  globalIndexes: {
    gsi1: { hashKey: TABLE_KEYS.gsi1.pk, rangeKey: TABLE_KEYS.gsi1.sk },
    gsi2: { hashKey: TABLE_KEYS.gsi2.pk, rangeKey: TABLE_KEYS.gsi2.sk },
  },
  // Counters (daily questions, rate-limit windows) carry `expiresAt` (epoch seconds) so old ones clean themselves up.
  ttl: "expiresAt",
  deletionProtection: $app.stage === "production",
});

/** Uploads (logos, documents, extracted text). Browsers upload straight to it with presigned POSTs. */
export const bucket = new sst.aws.Bucket("Uploads", {
  cors: {
    allowOrigins: ["*"],
    allowMethods: ["GET", "POST", "PUT", "HEAD"],
    allowHeaders: ["*"],
    exposeHeaders: ["ETag"],
    maxAge: "1 hour",
  },
  // The chat deletes an attachment once read; one uploaded and never sent goes after a day.
  lifecycle: [{ id: "expire-chat-attachments", prefix: CHAT_ATTACHMENT_PREFIX, expiresIn: "1 day" }],
});
