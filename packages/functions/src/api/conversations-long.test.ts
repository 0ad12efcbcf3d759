import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import { Actor } from "@quorum/core/actor";
import { CONVERSATION_FULL, MAX_CONVERSATION_MESSAGES, MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import { Conversation } from "@quorum/core/conversation/index";

/**
 * A conversation at the cap (20,000 messages), seeded straight through core in
 * batches: its latest page comes back as fast as a short conversation's, and it
 * takes no more messages.
 */
const BATCH = 100;
const PARALLEL = 4;

async function seed(user: TestUser, count: number) {
  return Actor.provide({ userId: user.uid }, async () => {
    const { id } = await Conversation.create({ listType: "general", title: "Long" });
    const batches = Array.from({ length: count / BATCH }, (_, b) => b);
    for (let i = 0; i < batches.length; i += PARALLEL) {
      await Promise.all(
        batches.slice(i, i + PARALLEL).map((b) =>
          Conversation.appendMessages({
            listType: "general",
            id,
            messages: Array.from({ length: BATCH }, (_, j) => ({
              id: `m${String(b * BATCH + j).padStart(5, "0")}`,
              type: j % 2 ? ("ai" as const) : ("user" as const),
              // About the size of a real exchange: a few hundred characters each.
              content: `Message ${b * BATCH + j}: ${"a steel beam quote with delivery terms ".repeat(8)}`,
            })),
          }),
        ),
      );
    }
    return id;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("a conversation at the message cap", { timeout: 600_000 }, () => {
  let ann: TestUser;
  let id: string;
  beforeAll(async () => {
    ann = await signedInUser({ displayName: "Ann" });
    const started = Date.now();
    id = await seed(ann, MAX_CONVERSATION_MESSAGES);
    console.log(`[conversation] seeded ${MAX_CONVERSATION_MESSAGES} messages in ${Date.now() - started} ms`);
  }, 600_000);

  it("loads its latest page in under 300 ms, and older pages from there", async () => {
    const url = `/api/conversations/${id}?userId=${ann.uid}&limit=${MESSAGE_PAGE_SIZE}`;
    await call(ann, "GET", url); // warms the handler, as a second visit would find it
    const times: number[] = [];
    let latest;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      latest = await call(ann, "GET", url);
      times.push(performance.now() - started);
    }
    console.log(
      `[conversation] latest page of ${MESSAGE_PAGE_SIZE} at ${MAX_CONVERSATION_MESSAGES} messages: median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(", ")})`,
    );
    expect(median(times)).toBeLessThan(300);
    expect(latest!.status).toBe(200);
    expect(latest!.body).toMatchObject({ messageCount: MAX_CONVERSATION_MESSAGES, hasMore: true });
    expect(latest!.body.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(latest!.text.length).toBeLessThan(50_000);
    // Batches were appended side by side, each taking a block of positions: the latest
    // page is the second half of the batch that came last, in order.
    const numbers = (page: { messages: { id: string }[] }) => page.messages.map((m) => Number(m.id.slice(1)));
    const last = numbers(latest!.body);
    expect(last.at(-1)! % BATCH).toBe(BATCH - 1);
    expect(last).toEqual(last.map((_, i) => last[0]! + i));

    const older = await call(ann, "GET", `${url}&before=${latest!.body.older}`);
    expect(numbers(older.body).at(-1)).toBe(last[0]! - 1);
  });

  it("takes no more messages, by either kind of save", async () => {
    const more = { id: "over", type: "user" as const, content: "one more" };
    const page = await call(ann, "GET", `/api/conversations/${id}?limit=1`);
    const saved = await call(ann, "PUT", `/api/conversations/${id}`, { upsert: [more], version: page.body.version });
    expect(saved).toMatchObject({ status: 400, body: { error: CONVERSATION_FULL } });
    await expect(
      Actor.provide({ userId: ann.uid }, () => Conversation.appendMessages({ listType: "general", id, messages: [more] })),
    ).rejects.toThrow(CONVERSATION_FULL);
    // Changing a message already there is still allowed.
    const edited = await call(ann, "PUT", `/api/conversations/${id}`, {
      upsert: [{ id: "m00000", type: "user", content: "edited" }],
      version: page.body.version,
    });
    expect(edited.status).toBe(200);
  });
});
