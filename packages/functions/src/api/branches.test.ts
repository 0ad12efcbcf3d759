import { beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS } from "@quorum/core/chat/limits";
import { User } from "@quorum/core/user/index";
import { call, callStream, signedInUser, type StreamResult, type TestUser } from "@quorum/local/testing";

/**
 * Branches: POST /api/conversations/{id}/messages/{messageId}/edit and .../regenerate
 * keep the earlier version beside the new one, PUT /api/conversations/{id}/branch
 * chooses which one is shown. The test stack has no model: the offline model answers.
 */

async function asked(user: TestUser, message: string, conversationId?: string) {
  const res = await callStream(user, "/api/chat", { model: "gemini", message, files: [], history: [], conversationId });
  return finished(res);
}

/** The stream's start and done events, checked to be there. */
function finished(res: StreamResult) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.events.at(-1)?.event).toBe("done");
  const start = res.events[0]!.data;
  return {
    conversationId: start.conversationId as string,
    question: start.question as Record<string, any>,
    answer: res.events.at(-1)!.data.message as Record<string, any>,
  };
}

async function shown(user: TestUser, id: string) {
  const res = await call(user, "GET", `/api/conversations/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.messages as Record<string, any>[];
}

async function usedToday(user: TestUser): Promise<number> {
  const res = await call(user, "GET", "/api/usage");
  expect(res.status, res.text).toBe(200);
  return res.body.used as number;
}

const path = (id: string, messageId: string, action: "edit" | "regenerate") => `/api/conversations/${id}/messages/${messageId}/${action}`;

describe("edit and regenerate with branches", () => {
  let ann: TestUser;
  let bob: TestUser;
  let id: string;
  let first: { question: Record<string, any>; answer: Record<string, any> };
  let second: { question: Record<string, any>; answer: Record<string, any> };

  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    // Past the starter plan's 10 questions a day: the limit itself is a test of its own.
    await User.setPlan(ann.uid, "professional", "active");
    const one = await asked(ann, "When do the pumps ship?");
    id = one.conversationId;
    first = one;
    second = await asked(ann, "And the valves?", id);
  });

  it("editing a question keeps the first version beside the new one, answers the new words, and counts once", async () => {
    const before = await usedToday(ann);
    const edited = finished(await callStream(ann, path(id, second.question.id, "edit"), { message: "And the flanges?", model: "gemini" }));
    expect(edited.conversationId).toBe(id);
    expect(edited.question).toMatchObject({ type: "user", content: "And the flanges?" });
    expect(await usedToday(ann)).toBe(before + 1);

    const messages = await shown(ann, id);
    expect(messages.map((m) => m.content)).toEqual([
      first.question.content,
      first.answer.content,
      "And the flanges?",
      edited.answer.content,
    ]);
    expect(messages[2]!.branch).toEqual({ index: 2, count: 2, ids: [second.question.id, edited.question.id] });
    // The new question follows what the first version followed, and its answer follows it.
    expect(messages[2]!.parentId).toBe(first.answer.id);
    expect(messages[3]).toMatchObject({ id: edited.answer.id, parentId: edited.question.id });
    // The messages before the edit have no other version.
    expect(messages[0]!.branch).toBeUndefined();
    expect(messages[3]!.branch).toBeUndefined();
  });

  it("the first question of a conversation can be edited too: the new version starts the conversation", async () => {
    const fresh = await asked(ann, "Is the order complete?");
    const edited = finished(
      await callStream(ann, path(fresh.conversationId, fresh.question.id, "edit"), { message: "Is the order paid?", model: "gemini" }),
    );
    const messages = await shown(ann, fresh.conversationId);
    expect(messages.map((m) => m.id)).toEqual([edited.question.id, edited.answer.id]);
    expect(messages[0]!.branch).toEqual({ index: 2, count: 2, ids: [fresh.question.id, edited.question.id] });
    expect(messages[0]!.parentId).toBeUndefined();
  });

  it("choosing the first version shows it with its own answer, and the choice survives a reload", async () => {
    const res = await call(ann, "PUT", `/api/conversations/${id}/branch`, { messageId: second.question.id });
    expect(res.status, res.text).toBe(200);
    const expected = [first.question.content, first.answer.content, second.question.content, second.answer.content];
    expect(res.body.messages.map((m: Record<string, any>) => m.content)).toEqual(expected);
    const reloaded = await shown(ann, id);
    expect(reloaded.map((m) => m.content)).toEqual(expected);
    expect(reloaded[2]!.branch).toMatchObject({ index: 1, count: 2 });
    // The sidebar's preview is the branch shown.
    const list = await call(ann, "GET", "/api/conversations");
    const listed = (list.body.conversations as Record<string, any>[]).find((c) => c.id === id);
    expect(listed?.lastMessage.content).toBe(second.answer.content.slice(0, 200));
  });

  it("regenerating an answer keeps the earlier answer as a sibling under the same question, and counts once", async () => {
    const before = await usedToday(ann);
    const again = finished(await callStream(ann, path(id, second.answer.id, "regenerate"), { model: "gemini" }));
    // The question is the one already stored: it is not written again.
    expect(again.question.id).toBe(second.question.id);
    expect(again.answer.id).not.toBe(second.answer.id);
    expect(await usedToday(ann)).toBe(before + 1);

    const messages = await shown(ann, id);
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({ id: second.question.id, branch: { index: 1, count: 2 } });
    expect(messages[3]).toMatchObject({ id: again.answer.id, branch: { index: 2, count: 2, ids: [second.answer.id, again.answer.id] } });

    // Back to the first answer, then on: a new question follows the answer shown.
    await call(ann, "PUT", `/api/conversations/${id}/branch`, { messageId: second.answer.id });
    const next = await asked(ann, "Who carries them?", id);
    const after = await shown(ann, id);
    expect(after.map((m) => m.id)).toEqual([
      first.question.id,
      first.answer.id,
      second.question.id,
      second.answer.id,
      next.question.id,
      next.answer.id,
    ]);
    expect(after[3]!.branch).toMatchObject({ index: 1, count: 2 });
  });

  it("an answer can be regenerated without streaming: the JSON reply is the stored answer", async () => {
    const res = await call(ann, "POST", path(id, first.answer.id, "regenerate"), { model: "gemini" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ conversationId: id, message: { type: "ai" } });
    const messages = await shown(ann, id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ id: res.body.message.id, parentId: first.question.id, branch: { index: 2, count: 2 } });
  });

  it("a research-mode answer can be written again, and a single model's answer again in research mode", async () => {
    const research = finished(await callStream(ann, path(id, first.answer.id, "regenerate"), { model: "quorum", budgetSeconds: 10 }));
    expect(research.answer.details).toMatchObject({ requested: "quorum", mode: "research" });
    const again = finished(await callStream(ann, path(id, research.answer.id, "regenerate"), { model: "gemini" }));
    const messages = await shown(ann, id);
    expect(messages[1]).toMatchObject({ id: again.answer.id, branch: { count: 4, index: 4 } });
    expect(messages[1]!.branch.ids.slice(2)).toEqual([research.answer.id, again.answer.id]);
  });

  it("the export follows the branch shown, marks each version and lists the others", async () => {
    await call(ann, "PUT", `/api/conversations/${id}/branch`, { messageId: second.question.id });
    const res = await call(ann, "GET", `/api/conversations/${id}/export?format=md`);
    expect(res.status, res.text).toBe(200);
    const md = res.text;
    expect(md).toContain("version 1 of 2");
    expect(md).toContain("### Other versions");
    // The edited question, not shown on this branch, is still in the document.
    expect(md).toContain("And the flanges?");
    expect(md).toContain(second.question.content);
  });

  it("each version is a question of the day: past the starter plan's 10, an edit or a regeneration is refused and nothing is stored", async () => {
    const carl = await signedInUser();
    const one = await asked(carl, "When do the pumps ship?");
    for (let i = 2; i <= 10; i++) {
      const res = await call(carl, "POST", path(one.conversationId, one.answer.id, "regenerate"), { model: "gemini" });
      expect(res.status, res.text).toBe(200);
    }
    expect(await usedToday(carl)).toBe(10);
    const before = await shown(carl, one.conversationId);
    expect(before[1]!.branch).toMatchObject({ index: 10, count: 10 });
    const refused = [
      await call(carl, "POST", path(one.conversationId, one.answer.id, "regenerate"), { model: "gemini" }),
      await call(carl, "POST", path(one.conversationId, one.question.id, "edit"), { message: "And the valves?", model: "gemini" }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body.error).toMatch(/^You have used your 10 free questions for today\./);
    }
    expect(await shown(carl, one.conversationId)).toEqual(before);
  });

  it("another account's conversation is not found, and nothing is counted", async () => {
    const before = await usedToday(bob);
    const edit = await call(bob, "POST", path(id, second.question.id, "edit"), { message: "Mine now?", model: "gemini" });
    const again = await call(bob, "POST", path(id, second.answer.id, "regenerate"), { model: "gemini" });
    const select = await call(bob, "PUT", `/api/conversations/${id}/branch`, { messageId: second.question.id });
    for (const res of [edit, again, select]) expect([res.status, res.body.error]).toEqual([404, "Conversation not found"]);
    expect(await usedToday(bob)).toBe(before);
  });

  it("bad input is a 400 with the reason, and nothing is counted or stored", async () => {
    const before = await usedToday(ann);
    const count = (await shown(ann, id)).length;
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", path(id, second.question.id, "edit"), { message: "   ", model: "gemini" }, /enter a message/],
      ["POST", path(id, second.question.id, "edit"), { message: "x".repeat(MAX_MESSAGE_CHARS + 1), model: "gemini" }, /at most/],
      ["POST", path(id, second.answer.id, "regenerate"), { model: "nope" }, /model must be one of/],
      ["POST", path(id, second.answer.id, "edit"), { message: "An answer?", model: "gemini" }, /Only a question can be edited/],
      ["POST", path(id, second.question.id, "regenerate"), { model: "gemini" }, /Only an answer can be regenerated/],
      ["PUT", `/api/conversations/${id}/branch`, {}, /messageId/],
    ];
    for (const [method, where, body, error] of cases) {
      const res = await call(ann, method, where, body);
      expect(res.status, `${where} ${res.text}`).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    const missing = await call(ann, "POST", path(id, "no-such-message", "regenerate"), { model: "gemini" });
    expect([missing.status, missing.body.error]).toEqual([404, "Message not found"]);
    expect(await usedToday(ann)).toBe(before);
    expect((await shown(ann, id)).length).toBe(count);
  });

  it("a question asked with files cannot be asked again without them", async () => {
    const res = await callStream(ann, "/api/chat", {
      model: "gemini",
      message: "Read this",
      files: [{ name: "note.txt", type: "text/plain", data: `data:text/plain;base64,${Buffer.from("Ship on Monday").toString("base64")}` }],
      history: [],
    });
    const withFile = finished(res);
    const edit = await call(ann, "POST", path(withFile.conversationId, withFile.question.id, "edit"), {
      message: "Read it",
      model: "gemini",
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toMatch(/attachments/);
  });

  it("a conversation never branched reads as before", async () => {
    const plain = await asked(ann, "Is the order complete?");
    const messages = await shown(ann, plain.conversationId);
    expect(messages.map((m) => [m.id, m.branch])).toEqual([
      [plain.question.id, undefined],
      [plain.answer.id, undefined],
    ]);
  });

  it("without signing in the routes answer 401", async () => {
    const edit = await call(undefined, "POST", path(id, second.question.id, "edit"), { message: "Hi", model: "gemini" });
    expect(edit.status).toBe(401);
  });
});
