import { randomUUID } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { NotFound } from "../error";
import { Dynamo } from "../db/client";
import { ConversationEntity, MessageEntity } from "./entity";
import { Conversation } from "./index";

/** Runs with the test stack's DynamoDB Local; each test is its own user. */
const asUser = <T>(work: () => Promise<T>) => Actor.provide({ userId: `user-${randomUUID()}` }, work);

describe("Conversation (the functions other features use)", () => {
  it("finds a user's conversation of a list by its title, such as 'All Projects Chat'", () =>
    asUser(async () => {
      await Conversation.create({ listType: "general", title: "All Projects Chat" });
      expect(await Conversation.findByTitle("projects", "All Projects Chat")).toBeUndefined();
      const created = await Conversation.create({ listType: "projects", title: "All Projects Chat" });
      await Conversation.create({ listType: "projects", title: "Other" });
      expect(await Conversation.findByTitle("projects", "All Projects Chat")).toMatchObject({ id: created.id, listType: "projects" });
    }));

  it("appends messages at the end, making ids for those without one", () =>
    asUser(async () => {
      const created = await Conversation.create({
        listType: "projects",
        title: "All Projects Chat",
        messages: [{ id: "1", type: "user", content: "first" }],
      });
      await Conversation.appendMessages({
        listType: "projects",
        id: created.id,
        messages: [
          { type: "user", content: "second" },
          { type: "ai", content: "third", model: "offline" },
        ],
      });
      const after = await Conversation.appendMessages({
        listType: "projects",
        id: created.id,
        messages: [{ id: "x", type: "user", content: "fourth" }],
      });
      expect(after).toMatchObject({ messageCount: 4, lastMessage: { type: "user", content: "fourth" } });
      const got = await Conversation.get({ listType: "projects", id: created.id });
      expect(got.messages.map((m) => m.content)).toEqual(["first", "second", "third", "fourth"]);
      expect(got.messages[2]).toMatchObject({ model: "offline" });
      expect(new Set(got.messages.map((m) => m.id)).size).toBe(4);
    }));

  it("concurrent appends never share a position", () =>
    asUser(async () => {
      const created = await Conversation.create({ listType: "projects", title: "Busy" });
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          Conversation.appendMessages({ listType: "projects", id: created.id, messages: [{ type: "user", content: `m${i}` }] }),
        ),
      );
      const got = await Conversation.get({ listType: "projects", id: created.id });
      expect(got.messageCount).toBe(8);
      expect(got.messages.map((m) => m.content).sort()).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"]);
    }));

  it("keeps both of two messages that arrive with the same id", () =>
    asUser(async () => {
      const messages = [
        { id: "1700000000000", type: "user" as const, content: "question" },
        { id: "1700000000000", type: "ai" as const, content: "answer" },
      ];
      const created = await Conversation.create({ listType: "general", messages });
      const first = await Conversation.get({ listType: "general", id: created.id });
      expect(first.messages.map((m) => [m.id, m.content])).toEqual([
        ["1700000000000", "question"],
        ["1700000000000~2", "answer"],
      ]);
      // Saving what was loaded changes nothing.
      await Conversation.update({ listType: "general", id: created.id, changes: { messages: first.messages } });
      expect((await Conversation.get({ listType: "general", id: created.id })).messages).toEqual(first.messages);
    }));

  it("keeps an empty title (the sidebar shows its fallback) and defaults a missing one to 'New Conversation'", () =>
    asUser(async () => {
      expect((await Conversation.create({ listType: "general", title: "" })).title).toBe("");
      expect((await Conversation.create({ listType: "general" })).title).toBe("New Conversation");
    }));

  it("a conversation is only found by its owner", async () => {
    const created = await asUser(() => Conversation.create({ listType: "general", title: "Mine" }));
    await expect(asUser(() => Conversation.get({ listType: "general", id: created.id }))).rejects.toBeInstanceOf(NotFound);
  });

  it("a conversation saved before the position index pages without writing on read, and is indexed by its next save", () =>
    asUser(async () => {
      const messages = Array.from({ length: 5 }, (_, i) => ({ id: `old${i}`, type: "user" as const, content: `old ${i}` }));
      const created = await Conversation.create({ listType: "general", messages });
      // As such a conversation was stored: no index keys on its messages, no flag on it.
      const raw = await MessageEntity.query.primary({ conversationId: created.id }).go({ data: "raw" });
      for (const item of (raw.data as unknown as { Items: { pk: string; sk: string }[] }).Items) {
        await Dynamo.client().send(
          new UpdateCommand({ TableName: Dynamo.table(), Key: { pk: item.pk, sk: item.sk }, UpdateExpression: "REMOVE gsi1pk, gsi1sk" }),
        );
      }
      await ConversationEntity.patch({ userId: created.userId, conversationId: created.id }).remove(["positionsIndexed"]).go();

      const page = await Conversation.get({ listType: "general", id: created.id, limit: 3 });
      expect(page.messages.map((m) => m.content)).toEqual(["old 2", "old 3", "old 4"]);
      const first = await Conversation.get({ listType: "general", id: created.id, limit: 3, before: page.older! });
      expect(first.messages.map((m) => m.content)).toEqual(["old 0", "old 1"]);
      // Reading is read-only (the GET routes hold read permissions only): still not indexed.
      expect(
        (await ConversationEntity.get({ userId: created.userId, conversationId: created.id }).go()).data?.positionsIndexed,
      ).toBeFalsy();

      await Conversation.update({ listType: "general", id: created.id, changes: { upsert: [{ id: "new", type: "ai", content: "new" }] } });
      const indexed = await Conversation.get({ listType: "general", id: created.id, limit: 3 });
      expect(indexed.messages.map((m) => m.content)).toEqual(["old 3", "old 4", "new"]);
      const earlier = await Conversation.get({ listType: "general", id: created.id, limit: 10, before: indexed.older! });
      expect(earlier.messages.map((m) => m.content)).toEqual(["old 0", "old 1", "old 2"]);
    }));
});
