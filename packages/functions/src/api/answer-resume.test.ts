import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODEL_PRICES } from "@quorum/core/ai/prices";
import { User } from "@quorum/core/user/index";
import { AnswerEventsEntity } from "@quorum/core/conversation/answer-events";
import { openAiStreams, startFakeServer, streamHold, type FakeServer } from "@quorum/testing/fake-models";
import type { Gateway } from "@quorum/local/gateway";
import { addProject, call, callStream, gatewayWithSettings, signedInUser, type StreamedEvent, type TestUser } from "@quorum/local/testing";

/**
 * GET /api/conversations/{id}/messages/{messageId}/stream: an answer being written
 * is replayed from the server's record and followed to its end. A fake provider
 * behind an in-process gateway writes the answer; the test holds it part-way, so
 * "mid-answer" is a state the test sets, not a matter of timing.
 */

const ANSWER =
  "The pumps ship on 12 May from the Rotterdam warehouse by sea freight, the valves follow two days later by road, and the whole order arrives before the end of the month.";

const texts = (events: StreamedEvent[]) =>
  events
    .filter((e) => e.event === "text")
    .map((e) => e.data.text as string)
    .join("");

describe("resuming an answer", () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let ann: TestUser;
  let hold = streamHold(10);

  beforeAll(async () => {
    fake = await startFakeServer((c) => openAiStreams(ANSWER, { tokensPerSecond: 500, hold })(c));
    gateway = await gatewayWithSettings({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${fake.url}/v1` });
    ann = await signedInUser();
    // GPT is a premium model: Professional includes it.
    await User.setPlan(ann.uid, "professional", "active");
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), fake.close()]);
  });

  const ask = () => ({ model: "gpt", message: "When do the pumps ship?", files: [], history: [] });
  const streamPath = (conversationId: string, messageId: string, list = "conversations") =>
    `/api/${list}/${conversationId}/messages/${messageId}/stream`;

  /** Asks, reads the answer's first `texts` pieces, then leaves as a closed tab would; the answer is held part-way. */
  async function askAndLeave(pieces: number) {
    let seen = 0;
    const first = await callStream(ann, "/api/chat", ask(), {
      baseUrl: gateway.url,
      until: (e) => e.event === "text" && ++seen === pieces,
    });
    const start = first.events[0]!.data;
    return { first, conversationId: start.conversationId as string, answerId: start.answer.id as string };
  }

  it("from the middle, with Last-Event-ID, gives exactly the rest and follows it live to the end", async () => {
    hold = streamHold(10);
    const { first, conversationId, answerId } = await askAndLeave(4);
    const lastSeen = first.events.at(-1)!;
    expect(lastSeen.id).toBeGreaterThan(0);
    // Every event after `start` carries its number.
    expect(first.events.slice(1).every((e) => typeof e.id === "number")).toBe(true);

    const resumed = await callStream(ann, streamPath(conversationId, answerId), undefined, {
      baseUrl: gateway.url,
      headers: { "last-event-id": String(lastSeen.id) },
      // What was written while nobody read has arrived: the model may go on.
      until: (e) => {
        if (e.event === "text") hold.letGo();
        return false;
      },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const ids = resumed.events.map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => lastSeen.id! + 1 + i));
    expect(resumed.events.at(-1)!.event).toBe("done");
    expect(texts(first.events) + texts(resumed.events)).toBe(ANSWER);

    const stored = await call(ann, "GET", `/api/conversations/${conversationId}`);
    expect(stored.body.messages[1]).toMatchObject({ id: answerId, content: ANSWER });
    expect(stored.body.messages[1].state).toBeUndefined();
  });

  it("without Last-Event-ID a finished answer is replayed whole, the same events the asker got", async () => {
    hold = streamHold(0);
    hold.letGo();
    const asked = await callStream(ann, "/api/chat", ask(), { baseUrl: gateway.url });
    const { conversationId, answer } = asked.events[0]!.data;
    const replayed = await callStream(ann, streamPath(conversationId, answer.id), undefined, { baseUrl: gateway.url });
    expect(replayed.events.map((e) => [e.id, e.event])).toEqual(asked.events.slice(1).map((e) => [e.id, e.event]));
    expect(texts(replayed.events)).toBe(ANSWER);
    expect(replayed.events.at(-1)!.data.message.content).toBe(ANSWER);
  });

  it("the answer's tokens and cost are stored with it: the model's tokens at its price", async () => {
    hold = streamHold(0);
    hold.letGo();
    const asked = await callStream(ann, "/api/chat", ask(), { baseUrl: gateway.url });
    const { message } = asked.events.at(-1)!.data;
    const { inputTokens, outputTokens } = message.details.usage;
    expect(inputTokens).toBeGreaterThan(0);
    expect(outputTokens).toBeGreaterThan(0);
    const { gpt } = DEFAULT_MODEL_PRICES;
    expect(message.details.cost).toBeCloseTo((inputTokens * gpt.input + outputTokens * gpt.output) / 1e6, 10);
    const stored = await call(ann, "GET", `/api/conversations/${asked.events[0]!.data.conversationId}`);
    expect(stored.body.messages[1].details.cost).toBe(message.details.cost);
  });

  it("research mode's model cards are replayed with the answer: each model's start, text and end", async () => {
    // The stack's own gateway has no model configured: research mode asks the offline model.
    const asked = await callStream(ann, "/api/chat", { ...ask(), model: "quorum" });
    const { conversationId, answer } = asked.events[0]!.data;
    const names = asked.events.map((e) => e.event);
    expect(names).toContain("model");
    expect(names).toContain("model-done");
    const replayed = await callStream(ann, streamPath(conversationId, answer.id), undefined);
    expect(replayed.events.map(({ id, event, data }) => ({ id, event, data }))).toEqual(
      asked.events.slice(1).map(({ id, event, data }) => ({ id, event, data })),
    );
  });

  it("a project chat's answer is replayed from the projects list, the same events the asker got", async () => {
    const projectId = await addProject(ann);
    const asked = await callStream(ann, `/api/projects/${projectId}/chat`, { message: "What is this project about?", projectId });
    const { conversationId, answer } = asked.events[0]!.data;
    expect(asked.events.at(-1)!.event).toBe("done");
    const replayed = await callStream(ann, streamPath(conversationId, answer.id, "projects-conversations"), undefined);
    expect(replayed.events.map((e) => [e.id, e.event])).toEqual(asked.events.slice(1).map((e) => [e.id, e.event]));
    expect(texts(replayed.events)).toBe(asked.events.at(-1)!.data.message.content);
    // Not an answer of the general list.
    expect((await callStream(ann, streamPath(conversationId, answer.id), undefined)).status).toBe(404);
  });

  it("an answer saved without its events (a JSON save) ends at once with the stored message", async () => {
    const message = { id: "a-1", type: "ai", content: "Kept as it was saved.", timestamp: new Date().toISOString(), files: [] };
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Saved",
      messages: [{ id: "q-1", type: "user", content: "Hello?", timestamp: message.timestamp, files: [] }, message],
    });
    const replayed = await callStream(ann, streamPath(created.body.id, "a-1"), undefined, { baseUrl: gateway.url });
    expect(replayed.events.map((e) => e.event)).toEqual(["done"]);
    expect(replayed.events[0]!.data.message).toMatchObject({ id: "a-1", content: "Kept as it was saved." });
  });

  it("another user's answer, an unknown answer or a question is 404; a Last-Event-ID that is not a number is 400", async () => {
    hold = streamHold(0);
    hold.letGo();
    const asked = await callStream(ann, "/api/chat", ask(), { baseUrl: gateway.url });
    const { conversationId, answer, question } = asked.events[0]!.data;
    const bob = await signedInUser();
    const other = await callStream(bob, streamPath(conversationId, answer.id), undefined, { baseUrl: gateway.url });
    expect(other.status).toBe(404);
    expect(other.events).toEqual([]);
    expect((await callStream(ann, streamPath(conversationId, "nope"), undefined, { baseUrl: gateway.url })).status).toBe(404);
    expect((await callStream(ann, streamPath(conversationId, question.id), undefined, { baseUrl: gateway.url })).status).toBe(404);
    // The general list's answer is not one of the projects list's.
    expect(
      (await callStream(ann, streamPath(conversationId, answer.id, "projects-conversations"), undefined, { baseUrl: gateway.url })).status,
    ).toBe(404);
    const bad = await callStream(ann, streamPath(conversationId, answer.id), undefined, {
      baseUrl: gateway.url,
      headers: { "last-event-id": "abc" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "Last-Event-ID must be a number" });
    const anonymous = await callStream(undefined, streamPath(conversationId, answer.id), undefined, { baseUrl: gateway.url });
    expect(anonymous.status).toBe(401);
  });

  it("deleting the conversation deletes its answers' events", async () => {
    hold = streamHold(0);
    hold.letGo();
    const asked = await callStream(ann, "/api/chat", ask(), { baseUrl: gateway.url });
    const { conversationId } = asked.events[0]!.data;
    const kept = await AnswerEventsEntity.query.primary({ conversationId }).go({ pages: "all" });
    expect(kept.data.length).toBeGreaterThan(0);
    expect((await call(ann, "DELETE", `/api/conversations/${conversationId}`)).status).toBe(200);
    const left = await AnswerEventsEntity.query.primary({ conversationId }).go({ pages: "all" });
    expect(left.data).toEqual([]);
  });
});
