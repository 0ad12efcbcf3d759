import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import { Actor } from "@quorum/core/actor";
import { CONVERSATION_FULL, MAX_CONVERSATION_MESSAGES, MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import { Conversation } from "@quorum/core/conversation/index";

/**
 * A conversation at the cap (20,000 messages), seeded straight through core in
 * batches: its latest page comes back as fast as a short conversation's (measured
 * side by side, so the check holds on a slow or busy machine), and it takes no more
 * messages.
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
  let short: string;
  beforeAll(async () => {
    ann = await signedInUser({ displayName: "Ann" });
    const started = Date.now();
    id = await seed(ann, MAX_CONVERSATION_MESSAGES);
    short = await seed(ann, BATCH);
    console.log(`[conversation] seeded ${MAX_CONVERSATION_MESSAGES} messages in ${Date.now() - started} ms`);
  }, 600_000);

  it("loads its latest page as fast as a short conversation's, and older pages from there", async () => {
    const url = `/api/conversations/${id}?userId=${ann.uid}&limit=${MESSAGE_PAGE_SIZE}`;
    const shortUrl = `/api/conversations/${short}?userId=${ann.uid}&limit=${MESSAGE_PAGE_SIZE}`;
    // warms the handler, as a second visit would find it
    await call(ann, "GET", url);
    await call(ann, "GET", shortUrl);
    const times: number[] = [];
    const shortTimes: number[] = [];
    let latest;
    // taken in turns, so that whatever else the machine does weighs on both alike
    for (let i = 0; i < 5; i++) {
      let started = performance.now();
      latest = await call(ann, "GET", url);
      times.push(performance.now() - started);
      started = performance.now();
      await call(ann, "GET", shortUrl);
      shortTimes.push(performance.now() - started);
    }
    console.log(
      `[conversation] latest page of ${MESSAGE_PAGE_SIZE} at ${MAX_CONVERSATION_MESSAGES} messages: median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(", ")}); at ${BATCH} messages: ${median(shortTimes).toFixed(1)} ms`,
    );
    // a page read by its position, not by the conversation's length: reading all 20,000 messages
    // would take many times as long; the margin only absorbs the noise of a busy machine
    expect(median(times)).toBeLessThan(10 * median(shortTimes) + 200);
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
