import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser, postToPresigned } from "@quorum/local/testing";
import { LimitRefusal } from "@quorum/core/billing/schema";

const MB = 1024 * 1024;

/** The browser's way for a large attachment: a presigned POST ticket, then the form straight to S3. */
async function uploadAttachment(user: TestUser, fileName: string, contentType: string, data: Buffer): Promise<string> {
  const ticket = await call(user, "POST", "/api/chat/attachments/upload-url", { fileName, contentType, size: data.length });
  expect(ticket.status, ticket.text).toBe(201);
  await postToPresigned(ticket.body.upload, fileName, contentType, data);
  return ticket.body.key;
}

async function storedKeys(prefix: string) {
  const s3 = new S3Client({
    region: "us-east-1",
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const page = await s3.send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** The local stack configures no model: these calls exercise the offline model end to end. */
describe("chat API without a configured model", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser({ displayName: "Ann" });
  });

  it("answers a question, labelled as the offline model", async () => {
    const res = await call(ann, "POST", "/api/chat", {
      model: "gemini",
      message: "What is the capital of France?",
      files: [],
      history: [],
      userId: ann.uid,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: "offline", offline: true, mode: "single", attachments: [] });
    expect(res.body.response).toMatch(/^\*\*Offline model\*\* — No AI model is configured on this server/);
    expect(res.body.answers).toEqual([expect.objectContaining({ model: "offline", status: "answered" })]);
    expect(res.body.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(typeof res.body.latencyMs).toBe("number");
  });

  it("research mode works offline and quotes the attached document", async () => {
    const text = "Delivery schedule\nThe pumps ship on 12 May from the Rotterdam warehouse.\n";
    const res = await call(ann, "POST", "/api/chat", {
      model: "quorum",
      message: "When do the pumps ship?",
      files: [{ name: "schedule.txt", type: "text/plain", data: `data:text/plain;base64,${Buffer.from(text).toString("base64")}` }],
      history: [
        { type: "user", content: "Hello" },
        { type: "ai", content: "Hi" },
      ],
      userId: ann.uid,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: "offline", mode: "research", synthesizer: { model: "offline" } });
    expect(res.body.response).toContain("The pumps ship on 12 May from the Rotterdam warehouse.");
    expect(res.body.attachments).toEqual([expect.objectContaining({ name: "schedule.txt", status: "read" })]);
  });

  it("an attachment over 6 MB goes to S3 by presigned upload, is read by its key, then deleted", async () => {
    const data = Buffer.from("Order 4711: hydraulic pumps, delivery on 12 May.\n".repeat(140_000));
    expect(data.length).toBeGreaterThan(6 * MB);
    // Inline, the same file cannot reach a Lambda: the request is refused before any handler runs.
    const inline = `data:text/plain;base64,${data.toString("base64")}`;
    expect(
      (await call(ann, "POST", "/api/chat", { message: "When?", files: [{ name: "orders.txt", type: "text/plain", data: inline }] }))
        .status,
    ).toBe(413);

    const key = await uploadAttachment(ann, "orders.txt", "text/plain", data);
    expect(key.startsWith(`chat-attachments/${ann.uid}/`)).toBe(true);
    const res = await call(ann, "POST", "/api/chat", {
      model: "gemini",
      message: "When is the delivery?",
      files: [{ name: "orders.txt", type: "text/plain", key }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.attachments[0]).toMatchObject({ name: "orders.txt", status: "read" });
    expect(res.body.response).toContain("delivery on 12 May");
    expect(await storedKeys(`chat-attachments/${ann.uid}/`)).not.toContain(key);
  });

  it("refuses an attachment over 20 MB before upload, and never reads another user's upload", async () => {
    const big = await call(ann, "POST", "/api/chat/attachments/upload-url", {
      fileName: "scan.pdf",
      contentType: "application/pdf",
      size: 21 * MB,
    });
    expect(big).toMatchObject({ status: 413, body: { error: '"scan.pdf" is 21 MB; attachments can be at most 20 MB each.' } });
    expect((await call(ann, "POST", "/api/chat/attachments/upload-url", { fileName: "empty.txt", size: 0 })).status).toBe(400);

    const bob = await signedInUser({ displayName: "Bob" });
    const key = await uploadAttachment(bob, "secret.txt", "text/plain", Buffer.from("Bob's margin is 40%."));
    const res = await call(ann, "POST", "/api/chat", {
      message: "What is the margin?",
      files: [{ name: "secret.txt", type: "text/plain", key }],
    });
    expect(res.status).toBe(200);
    expect(res.body.attachments[0]).toMatchObject({ status: "unreadable", error: "the upload was not found" });
    expect(res.text).not.toContain("40%");
    expect(await storedKeys(`chat-attachments/${bob.uid}/`)).toContain(key);
  });

  it("refuses an unknown model, an empty message and another user's id", async () => {
    expect((await call(ann, "POST", "/api/chat", { model: "gpt-9", message: "hi" })).status).toBe(400);
    const empty = await call(ann, "POST", "/api/chat", { model: "gemini", message: "  ", files: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: "Please enter a message" });
    expect((await call(ann, "POST", "/api/chat", { model: "gemini", message: "hi", userId: "someone-else" })).status).toBe(403);
    expect((await call(undefined, "POST", "/api/chat", { model: "gemini", message: "hi" })).status).toBe(401);
  });

  it("the spec's fallback user id 'anonymous' is accepted for the signed-in caller", async () => {
    expect((await call(ann, "POST", "/api/chat", { model: "deepseek", message: "hi", userId: "anonymous" })).status).toBe(200);
  });

  it("counts questions against the starter plan's 10 a day; a refused body never counts", async () => {
    const carl = await signedInUser({ displayName: "Carl" });
    expect((await call(carl, "POST", "/api/chat", { model: "gemini", message: "   " })).status).toBe(400);
    for (let i = 1; i <= 10; i++) {
      const res = await call(carl, "POST", "/api/chat", { model: "gemini", message: `Question ${i}` });
      expect(res.status).toBe(200);
    }
    const refused = await call(carl, "POST", "/api/chat", { model: "gemini", message: "Question 11" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have used your 10 free questions for today\./);
    expect(LimitRefusal.parse(refused.body).limit).toEqual({ meter: "questions", upgrade: true });
    // Titles are not questions.
    expect((await call(carl, "POST", "/api/chat/generate-title", { message: "Question 11" })).status).toBe(200);
  });

  it("generates a title from the first message", async () => {
    const res = await call(ann, "POST", "/api/chat/generate-title", {
      message: "Can you compare the quotes for steel brackets?",
      userId: ann.uid,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: "Compare the quotes for steel brackets" });
  });

  it("reports every model offline (not configured) and the offline model active", async () => {
    const res = await call(ann, "GET", "/api/ai-status");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      services: [
        { service: "Claude", status: "offline" },
        { service: "GPT", status: "offline" },
        { service: "Gemini", status: "offline" },
        { service: "Grok", status: "offline" },
        { service: "DeepSeek", status: "offline" },
        { service: "Offline model", status: "active" },
      ],
    });
  });
});
