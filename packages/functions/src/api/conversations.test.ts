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
      version: 1,
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

  it("reads the latest page first and older pages by `before`, each in order", async () => {
    const messages = Array.from({ length: 7 }, (_, i) => message(`17000000005${i}0`, i % 2 ? "ai" : "user", `m${i}`));
    const created = await call(ann, "POST", "/api/conversations", { title: "Pages", userId: ann.uid, messages });
    const contents = (body: { messages: { content: string }[] }) => body.messages.map((m) => m.content);

    const latest = await call(ann, "GET", `/api/conversations/${created.body.id}?userId=${ann.uid}&limit=3`);
    expect(latest.status).toBe(200);
    expect(contents(latest.body)).toEqual(["m4", "m5", "m6"]);
    expect(latest.body).toMatchObject({ messageCount: 7, hasMore: true, older: 4 });
    const middle = await call(ann, "GET", `/api/conversations/${created.body.id}?limit=3&before=${latest.body.older}`);
    expect(contents(middle.body)).toEqual(["m1", "m2", "m3"]);
    const first = await call(ann, "GET", `/api/conversations/${created.body.id}?limit=3&before=${middle.body.older}`);
    expect(first.body).toMatchObject({ hasMore: false, older: null });
    expect(contents(first.body)).toEqual(["m0"]);
    // Without a page size the spec's call still gets the whole of a short conversation.
    const whole = await call(ann, "GET", `/api/conversations/${created.body.id}`);
    expect(contents(whole.body)).toEqual(messages.map((m) => m.content));
    expect((await call(ann, "GET", `/api/conversations/${created.body.id}?limit=201`)).status).toBe(400);
    expect((await call(ann, "GET", `/api/conversations/${created.body.id}?before=soon`)).status).toBe(400);
  });

  it("saving only new or changed messages appends the new ones and edits the changed one in place", async () => {
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Delta",
      userId: ann.uid,
      messages: [message("1700000000600", "user", "Q1"), message("1700000000601", "ai", "A1")],
    });
    const id = created.body.id;
    const saved = await call(ann, "PUT", `/api/conversations/${id}`, {
      upsert: [
        message("1700000000601", "ai", "A1, corrected"),
        message("1700000000602", "user", "Q2"),
        message("1700000000603", "ai", "A2"),
      ],
      version: created.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ messageCount: 4, version: created.body.version + 1, lastMessage: { content: "A2" } });
    const got = await call(ann, "GET", `/api/conversations/${id}`);
    expect(got.body.messages.map((m: { content: string }) => m.content)).toEqual(["Q1", "A1, corrected", "Q2", "A2"]);
    expect((await call(ann, "PUT", `/api/conversations/${id}`, { upsert: [], messages: [] })).status).toBe(400);
  });

  it("of two tabs saving from the same version, the stale one gets 409 and succeeds after reloading", async () => {
    const created = await call(ann, "POST", "/api/conversations", {
      title: "Two tabs",
      userId: ann.uid,
      messages: [message("1700000000700", "user", "Q1"), message("1700000000701", "ai", "A1")],
    });
    const id = created.body.id;
    const save = (tab: string) =>
      call(ann, "PUT", `/api/conversations/${id}`, {
        upsert: [message(`170000000071${tab}`, "user", `Q from tab ${tab}`), message(`170000000072${tab}`, "ai", `A for tab ${tab}`)],
        version: created.body.version,
      });
    const results = await Promise.all([save("1"), save("2")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stale = results.find((r) => r.status === 409)!;
    expect(stale.body).toEqual({ error: "This conversation was changed elsewhere. Reload it and try again." });

    const reloaded = await call(ann, "GET", `/api/conversations/${id}?limit=50`);
    const loser = results[0]!.status === 409 ? "1" : "2";
    const retried = await call(ann, "PUT", `/api/conversations/${id}`, {
      upsert: [message(`170000000071${loser}`, "user", `Q from tab ${loser}`), message(`170000000072${loser}`, "ai", `A for tab ${loser}`)],
      version: reloaded.body.version,
    });
    expect(retried.status).toBe(200);
    const after = await call(ann, "GET", `/api/conversations/${id}`);
    expect(after.body.messageCount).toBe(6);
    expect(after.body.messages.map((m: { content: string }) => m.content).slice(4)).toEqual([`Q from tab ${loser}`, `A for tab ${loser}`]);
    // A full-list save with a stale version is refused the same way; a rename needs no version.
    expect((await call(ann, "PUT", `/api/conversations/${id}`, { messages: [], version: created.body.version })).status).toBe(409);
    expect((await call(ann, "PUT", `/api/conversations/${id}`, { title: "Renamed" })).status).toBe(200);
  });

  it("refuses bodies that are not conversations", async () => {
    expect((await call(ann, "POST", "/api/conversations", { title: "x".repeat(201) })).status).toBe(400);
    expect((await call(ann, "POST", "/api/conversations", { messages: [{ id: "1", type: "robot", content: "hi" }] })).status).toBe(400);
    expect((await call(ann, "POST", "/api/conversations", { messages: "nope" })).status).toBe(400);
    expect((await call(undefined, "GET", "/api/conversations")).status).toBe(401);
  });
});
