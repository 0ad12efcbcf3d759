import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiStreams, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";
import { User } from "@quorum/core/user/index";
import type { Gateway } from "@quorum/local/gateway";
import { addProject, call, callStream, gatewayWithSettings, signedInUser, type StreamedEvent, type TestUser } from "@quorum/local/testing";

/**
 * POST /api/chat with `Accept: text/event-stream`: the answer's events as it is
 * written, stored by the server. The test stack has no model: the offline model
 * types its answer out; a fake provider behind an in-process gateway breaks off.
 */

const LONG_DOCUMENT = Array.from(
  { length: 40 },
  (_, i) => `Section ${i + 1}. The pumps ship from the Rotterdam warehouse on day ${i + 1} of the delivery schedule.`,
).join("\n");

const question = (over: Record<string, unknown> = {}) => ({
  model: "gemini",
  message: "When do the pumps ship from the warehouse?",
  files: [],
  history: [],
  ...over,
});

/** A question whose offline answer is long (it quotes the attached document), so there is time to stop or leave. */
const longQuestion = (over: Record<string, unknown> = {}) =>
  question({
    files: [{ name: "schedule.txt", type: "text/plain", data: `data:text/plain;base64,${Buffer.from(LONG_DOCUMENT).toString("base64")}` }],
    ...over,
  });

const texts = (events: StreamedEvent[]) =>
  events
    .filter((e) => e.event === "text")
    .map((e) => e.data.text as string)
    .join("");

async function usedToday(user: TestUser): Promise<number> {
  const res = await call(user, "GET", "/api/usage");
  expect(res.status, res.text).toBe(200);
  return res.body.used as number;
}

async function storedMessages(user: TestUser, conversationId: string) {
  const res = await call(user, "GET", `/api/conversations/${conversationId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.messages as Record<string, any>[];
}

describe("streamed chat answers", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser();
  });

  it("sends the answer as events while it is written, then stores exactly what the JSON answer would be saved as", async () => {
    const res = await callStream(ann, "/api/chat", question());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const names = res.events.map((e) => e.event);
    expect(names[0]).toBe("start");
    expect(names.at(-1)).toBe("done");
    expect(names.filter((n) => n === "text").length).toBeGreaterThan(5);
    const done = res.events.at(-1)!.data;
    expect(texts(res.events)).toBe(done.response);
    expect(done).toMatchObject({ model: "offline", offline: true, mode: "single" });
    expect(done.response).toMatch(/^\*\*Offline model\*\*/);

    const stored = await storedMessages(ann, done.conversationId);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ type: "user", content: "When do the pumps ship from the warehouse?", files: [] });
    expect(stored[1]).toEqual(done.message);
    expect(stored[1]).toMatchObject({ type: "ai", content: done.response, files: [], details: { requested: "gemini", model: "offline" } });
    expect(stored[1]!.state).toBeUndefined();
  });

  it("a second question streams into the same conversation, after the first", async () => {
    const first = await callStream(ann, "/api/chat", question());
    const conversationId = first.events[0]!.data.conversationId;
    const second = await callStream(ann, "/api/chat", question({ message: "And the valves?", conversationId }));
    expect(second.events.at(-1)!.event).toBe("done");
    const stored = await storedMessages(ann, conversationId);
    expect(stored.map((m) => m.content.slice(0, 15))).toEqual([
      "When do the pum",
      expect.any(String),
      "And the valves?",
      expect.any(String),
    ]);
    expect(second.events.at(-1)!.data.version).toBeGreaterThan(first.events.at(-1)!.data.version);
  });

  it("a malformed request is a 400 before any event, and counts no question", async () => {
    const before = await usedToday(ann);
    const bad = await callStream(ann, "/api/chat", question({ model: "nope" }));
    expect(bad.status).toBe(400);
    expect(bad.events).toEqual([]);
    expect(bad.body.error).toMatch(/^model must be one of/);
    const empty = await callStream(ann, "/api/chat", question({ message: "  " }));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: "Please enter a message" });
    expect(await usedToday(ann)).toBe(before);
  });

  it("streaming into another user's conversation is a 404 before anything counts", async () => {
    const bob = await signedInUser();
    const mine = await callStream(ann, "/api/chat", question());
    const res = await callStream(bob, "/api/chat", question({ conversationId: mine.events[0]!.data.conversationId }));
    expect(res.status).toBe(404);
    expect(await usedToday(bob)).toBe(0);
  });

  it("Stop ends the answer early, keeps what was written, marks it stopped and counts the question once", async () => {
    const before = await usedToday(ann);
    let start: any;
    const res = await callStream(ann, "/api/chat", longQuestion(), {
      until: (event) => {
        if (event.event === "start") start = event.data;
        if (event.event === "text" && event.data.text && start && !start.stopping) {
          start.stopping = true;
          void call(ann, "POST", `/api/conversations/${start.conversationId}/stop`, { messageId: start.answer.id });
        }
        return false;
      },
    });
    const done = res.events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.message.state).toBe("stopped");
    expect(done.data.stopped).toBe(true);
    expect(done.data.response.length).toBeGreaterThan(0);
    // The offline answer ends with how to configure a model: a stopped one never gets there.
    expect(done.data.response).not.toContain("To get real answers");
    const stored = await storedMessages(ann, done.data.conversationId);
    expect(stored[1]).toMatchObject({ state: "stopped", content: done.data.response });
    expect(await usedToday(ann)).toBe(before + 1);
  });

  it("a browser that leaves mid-answer does not stop it: the server finishes and stores it, counted once", async () => {
    const before = await usedToday(ann);
    const res = await callStream(ann, "/api/chat", longQuestion(), { until: (event) => event.event === "text" });
    const { conversationId } = res.events[0]!.data;
    const midway = await storedMessages(ann, conversationId);
    expect(midway[1]).toMatchObject({ type: "ai", state: "streaming" });
    let stored = midway;
    for (let i = 0; i < 100 && stored[1]!.state; i++) {
      await new Promise((r) => setTimeout(r, 100));
      stored = await storedMessages(ann, conversationId);
    }
    expect(stored).toHaveLength(2);
    expect(stored[1]!.state).toBeUndefined();
    expect(stored[1]!.content).toContain("Rotterdam warehouse");
    expect(await usedToday(ann)).toBe(before + 1);
  });

  it("without Accept: text/event-stream the answer is the one JSON body, as before", async () => {
    const res = await call(ann, "POST", "/api/chat", question());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.response).toMatch(/^\*\*Offline model\*\*/);
  });
});

describe("streamed project chats", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    projectId = await addProject(ann, { name: "Harbour Crane Refit" });
  });

  it("a project's answer streams, and the history holds the exchange as the server stored it", async () => {
    const res = await callStream(ann, `/api/projects/${projectId}/chat`, { message: "What is this project about?", projectId });
    expect(res.status).toBe(200);
    const names = res.events.map((e) => e.event);
    expect(names[0]).toBe("start");
    expect(names.at(-1)).toBe("done");
    expect(names.filter((n) => n === "text").length).toBeGreaterThan(3);
    const done = res.events.at(-1)!.data;
    expect(texts(res.events)).toBe(done.response);
    expect(done.response).toContain("Harbour Crane Refit");
    const history = await call(ann, "GET", `/api/projects/${projectId}/conversation`);
    expect(history.body.messages).toHaveLength(2);
    expect(history.body.messages[1]).toMatchObject({ id: done.message.id, content: done.response, model: "offline", citations: [] });
    expect(history.body.messages[1].state).toBeUndefined();
  });

  it("the all-projects chat streams too, and a blank question is a 400 before any event", async () => {
    const bad = await callStream(ann, "/api/projects-chat", { message: " " });
    expect(bad.status).toBe(400);
    expect(bad.events).toEqual([]);
    const res = await callStream(ann, "/api/projects-chat", { message: "Which projects do I have?" });
    expect(res.events.at(-1)!.event).toBe("done");
    expect(res.events.at(-1)!.data.response).toContain("Harbour Crane Refit");
  });

  it("another user's project is a 404 before anything counts", async () => {
    const bob = await signedInUser();
    const res = await callStream(bob, `/api/projects/${projectId}/chat`, { message: "Hello?" });
    expect(res.status).toBe(404);
    expect(await usedToday(bob)).toBe(0);
  });
});

describe("a provider that breaks off mid-answer", () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let ann: TestUser;

  beforeAll(async () => {
    fake = await startFakeServer(
      openAiStreams("The pumps ship on 12 May from Rotterdam, by sea freight.", { tokensPerSecond: 200, cutAfter: 4 }),
    );
    gateway = await gatewayWithSettings({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${fake.url}/v1` });
    ann = await signedInUser();
    // GPT is a premium model: Professional includes it.
    await User.setPlan(ann.uid, "professional", "active");
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), fake.close()]);
  });

  it("ends the stream with a clear error event, the partial text kept and stored, and gives the question back", async () => {
    const res = await callStream(ann, "/api/chat", question({ model: "gpt" }), { baseUrl: gateway.url });
    const last = res.events.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data.error).toMatch(/^GPT .+ part-way through its answer\.$/);
    expect(texts(res.events)).toBe("The pumps ship on ");
    expect(last.data.message).toMatchObject({ content: "The pumps ship on ", state: "error", error: last.data.error });
    const stored = await storedMessages(ann, last.data.conversationId);
    expect(stored[1]).toEqual(last.data.message);
    // The model failed, not the asker: the question does not count against the day's limit.
    expect(await usedToday(ann)).toBe(0);
  });
});
