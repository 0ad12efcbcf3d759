import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import { MessageEntity } from "@quorum/core/conversation/entity";

const message = (id: string, type: "user" | "ai", content: string, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  content,
  timestamp: new Date(Number(id.replace(/\D/g, "").slice(0, 13)) || Date.now()).toISOString(),
  ...extra,
});

async function storedMessageIds(conversationId: string) {
  const result = await MessageEntity.query.primary({ conversationId }).go({ pages: "all" });
  return result.data.map((m) => m.messageId).sort();
}

describe("conversations", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser({ displayName: "Ann" }), signedInUser({ displayName: "Bob" })]);
  });

  it("a new conversation is listed newest first with a preview of its last message, without its messages", async () => {
    const first = await call(ann, "POST", "/api/conversations", {
      title: "First",
      userId: ann.uid,
      sessionId: "session_1700000000000_abc123",
      messages: [
        message("1700000000001", "user", "Hello"),
        message("1700000000002", "ai", "Hi! How can I help you today with your quotes?"),
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: expect.any(String),
      title: "First",
      userId: ann.uid,
      sessionId: "session_1700000000000_abc123",
      messageCount: 2,
    });
    const second = await call(ann, "POST", "/api/conversations", { title: "New Conversation", userId: ann.uid, messages: [] });
    expect(second.status).toBe(200);

    const list = await call(ann, "GET", `/api/conversations?userId=${ann.uid}`);
    expect(list.status).toBe(200);
    const ids = list.body.conversations.map((c: { id: string }) => c.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    const listed = list.body.conversations.find((c: { id: string }) => c.id === first.body.id);
    expect(listed).toEqual({
      id: first.body.id,
      title: "First",
      userId: ann.uid,
      listType: "general",
      sessionId: "session_1700000000000_abc123",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      messageCount: 2,
      lastMessage: { type: "ai", content: "Hi! How can I help you today with your quotes?", timestamp: expect.any(String) },
    });
    expect(list.body.conversations.find((c: { id: string }) => c.id === second.body.id)).toMatchObject({
      messageCount: 0,
      lastMessage: null,
      sessionId: null,
    });
  });

  it("one conversation comes with its messages in order, files without their data, and the client's extra fields", async () => {
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Files",
      userId: ann.uid,
      messages: [
        message("1700000000010", "user", "See attached", {
          files: [{ name: "quote.pdf", type: "application/pdf", data: "data:application/pdf;base64,JVBERi0=" }],
          attachments: [{ filename: "quote.pdf", type: "application/pdf" }],
        }),
        message("1700000000011", "ai", "The total is $2,269.49.", { model: "quorum", answers: [{ model: "gpt", response: "2,269.49" }] }),
      ],
    });
    const got = await call(ann, "GET", `/api/conversations/${created.body.id}?userId=${ann.uid}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: created.body.id, title: "Files", messageCount: 2 });
    expect(got.body.messages).toEqual([
      {
        id: "1700000000010",
        type: "user",
        content: "See attached",
        timestamp: expect.any(String),
        files: [{ name: "quote.pdf", type: "application/pdf" }],
        attachments: [{ filename: "quote.pdf", type: "application/pdf" }],
      },
      {
        id: "1700000000011",
        type: "ai",
        content: "The total is $2,269.49.",
        timestamp: expect.any(String),
        files: [],
        model: "quorum",
        answers: [{ model: "gpt", response: "2,269.49" }],
      },
    ]);
    expect(got.text).not.toContain("JVBERi0");
  });

  it("saving the full message list again is idempotent; a removed message is deleted and a changed one updated", async () => {
    const messages = [
      message("1700000000100", "user", "Q1"),
      message("1700000000101", "ai", "A1"),
      message("1700000000102", "user", "Q2"),
      message("1700000000103", "ai", "A2"),
    ];
    const created = await call(ann, "POST", "/api/conversations", { title: "Saves", userId: ann.uid, messages: messages.slice(0, 2) });
    const id = created.body.id;
    for (let i = 0; i < 2; i++) {
      const put = await call(ann, "PUT", `/api/conversations/${id}`, { messages, userId: ann.uid });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id, messageCount: 4, lastMessage: { type: "ai", content: "A2" } });
    }
    expect(await storedMessageIds(id)).toEqual(["1700000000100", "1700000000101", "1700000000102", "1700000000103"]);

    const edited = [messages[0]!, { ...messages[1]!, content: "A1, corrected" }, messages[3]!];
    await call(ann, "PUT", `/api/conversations/${id}`, { messages: edited });
    const got = await call(ann, "GET", `/api/conversations/${id}`);
    expect(got.body.messages.map((m: { id: string; content: string }) => [m.id, m.content])).toEqual([
      ["1700000000100", "Q1"],
      ["1700000000101", "A1, corrected"],
      ["1700000000103", "A2"],
    ]);
    expect(got.body.messageCount).toBe(3);
    expect(await storedMessageIds(id)).toEqual(["1700000000100", "1700000000101", "1700000000103"]);
  });

  it("renames a conversation; an empty update is refused", async () => {
    const created = await call(ann, "POST", "/api/conversations", { title: "New Conversation", userId: ann.uid, messages: [] });
    const renamed = await call(ann, "PUT", `/api/conversations/${created.body.id}`, { title: "  Steel quotes  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("Steel quotes");
    expect((await call(ann, "PUT", `/api/conversations/${created.body.id}`, {})).status).toBe(400);
    expect((await call(ann, "PUT", `/api/conversations/${created.body.id}`, { title: "   " })).status).toBe(400);
  });

  it("keeps a conversation larger than DynamoDB's 400 KB item limit", async () => {
    const big = "x".repeat(20_000);
    const messages = Array.from({ length: 30 }, (_, i) =>
      message(`17000000010${String(i).padStart(2, "0")}`, i % 2 ? "ai" : "user", `${i}:${big}`),
    );
    const created = await call(ann, "POST", "/api/conversations", { title: "Big", userId: ann.uid, messages });
    expect(created.status).toBe(200);
    const got = await call(ann, "GET", `/api/conversations/${created.body.id}`);
    expect(got.body.messages).toHaveLength(30);
    expect(got.body.messages[29].content).toBe(`29:${big}`);
    expect(got.text.length).toBeGreaterThan(600_000);
  });

  it("deleting a conversation deletes its messages too", async () => {
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Doomed",
      userId: ann.uid,
      messages: [message("1700000000200", "user", "bye")],
    });
    expect(await storedMessageIds(created.body.id)).toHaveLength(1);
    const deleted = await call(ann, "DELETE", `/api/conversations/${created.body.id}?userId=${ann.uid}`);
    expect(deleted.status).toBe(200);
    expect(await storedMessageIds(created.body.id)).toEqual([]);
    expect((await call(ann, "GET", `/api/conversations/${created.body.id}`)).status).toBe(404);
    const list = await call(ann, "GET", "/api/conversations");
    expect(list.body.conversations.map((c: { id: string }) => c.id)).not.toContain(created.body.id);
  });

  it("another user's conversation is not found, and cannot be changed or deleted", async () => {
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Private",
      userId: ann.uid,
      messages: [message("1700000000300", "user", "secret")],
    });
    const id = created.body.id;
    expect((await call(bob, "GET", `/api/conversations/${id}`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/conversations/${id}`, { title: "Mine now" })).status).toBe(404);
    expect((await call(bob, "DELETE", `/api/conversations/${id}`)).status).toBe(404);
    const bobs = await call(bob, "GET", `/api/conversations?userId=${bob.uid}`);
    expect(bobs.body.conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    // Asking with someone else's id is refused outright.
    expect((await call(bob, "GET", `/api/conversations?userId=${ann.uid}`)).status).toBe(403);
    const still = await call(ann, "GET", `/api/conversations/${id}`);
    expect(still.body).toMatchObject({ title: "Private", messageCount: 1 });
  });

  it("keeps the two list types apart", async () => {
    const project = await call(ann, "POST", "/api/projects-conversations", {
      title: "All Projects Chat",
      userId: ann.uid,
      messages: [message("1700000000400", "user", "Which project is late?")],
    });
    expect(project.status).toBe(200);
    expect(project.body.listType).toBe("projects");
    const projects = await call(ann, "GET", `/api/projects-conversations?userId=${ann.uid}`);
    expect(projects.body.conversations.map((c: { title: string }) => c.title)).toContain("All Projects Chat");
    const general = await call(ann, "GET", "/api/conversations");
    expect(general.body.conversations.map((c: { id: string }) => c.id)).not.toContain(project.body.id);
    expect((await call(ann, "GET", `/api/conversations/${project.body.id}`)).status).toBe(404);
    expect((await call(ann, "GET", `/api/projects-conversations/${project.body.id}`)).body.messages).toHaveLength(1);
    await call(ann, "PUT", `/api/projects-conversations/${project.body.id}`, { messages: [] });
    expect((await call(ann, "GET", `/api/projects-conversations/${project.body.id}`)).body).toMatchObject({
      messageCount: 0,
      messages: [],
    });
    expect((await call(ann, "DELETE", `/api/projects-conversations/${project.body.id}`)).status).toBe(200);
  });

  it("refuses bodies that are not conversations", async () => {
    expect((await call(ann, "POST", "/api/conversations", { title: "x".repeat(201) })).status).toBe(400);
    expect((await call(ann, "POST", "/api/conversations", { messages: [{ id: "1", type: "robot", content: "hi" }] })).status).toBe(400);
    expect((await call(ann, "POST", "/api/conversations", { messages: "nope" })).status).toBe(400);
    expect((await call(undefined, "GET", "/api/conversations")).status).toBe(401);
  });
});
