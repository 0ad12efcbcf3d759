import { beforeAll, describe, expect, it } from "vitest";
import { STREAM_EVENT_DATA } from "@quorum/core/chat/schema";
import { becomeProfessional, callStream, signedInUser, type TestUser } from "@quorum/local/testing";
import { answers } from "./contract-answers";

describe("the route table's output schemas describe what the chat, conversation and analytics routes answer", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser();
  });

  it("chat, titles, attachments' uploads, models and status", async () => {
    await answers(ann, "POST /api/chat", "/api/chat", { model: "gemini", message: "What is a bill of quantities?" });
    await answers(ann, "POST /api/chat/generate-title", "/api/chat/generate-title", { message: "Steel or timber for the warehouse?" });
    await answers(ann, "POST /api/chat/attachments/upload-url", "/api/chat/attachments/upload-url", {
      fileName: "plan.pdf",
      contentType: "application/pdf",
      size: 1234,
    });
    await answers(ann, "GET /api/models", "/api/models");
    await answers(ann, "GET /api/ai-status", "/api/ai-status");
  });

  it("every event of a streamed research answer", async () => {
    const streamed = await callStream(ann, "/api/chat", { model: "quorum", message: "Steel or timber?", budgetSeconds: 10 });
    expect(streamed.status).toBe(200);
    expect(streamed.events.at(-1)?.event).toBe("done");
    for (const { event, data } of streamed.events) {
      const parsed = STREAM_EVENT_DATA[event as keyof typeof STREAM_EVENT_DATA].safeParse(data);
      expect(parsed.success, `${event}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it.each(["conversations", "projects-conversations"] as const)("/api/%s", async (list) => {
    const base = `/api/${list}` as const;
    const created = await answers(ann, `POST ${base}`, base, {
      title: "Warehouse",
      messages: [{ id: "1", type: "user", content: "Steel or timber?", timestamp: new Date().toISOString(), files: [] }],
      userId: ann.uid,
    });
    const one = `${base}/${created.id}`;
    await answers(ann, `GET ${base}`, `${base}?userId=${ann.uid}`);
    await answers(ann, `GET ${base}/{id}`, `${one}?userId=${ann.uid}`);
    await answers(ann, `PUT ${base}/{id}`, one, {
      upsert: [{ id: "2", type: "ai", content: "Steel.", timestamp: new Date().toISOString(), files: [] }],
    });
    await answers(ann, `POST ${base}/{id}/stop`, `${one}/stop`, { messageId: "2" });
    await answers(ann, `DELETE ${base}/{id}`, `${one}?userId=${ann.uid}`);
  });

  it("analytics", async () => {
    const pro = await signedInUser();
    await becomeProfessional(pro);
    await answers(pro, "GET /api/analytics", "/api/analytics");
  });
});
