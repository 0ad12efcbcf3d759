import { beforeEach, describe, expect, it } from "vitest";
import { AnswerSlots } from "@quorum/core/chat/slots";
import { ANSWER_SLOT_RETRY_SECONDS, MAX_ANSWERS_AT_ONCE, TOO_MANY_ANSWERS } from "@quorum/core/chat/limits";
import { call, callStream, signedInUser, type TestUser } from "@quorum/local/testing";

/** Issue 26, point 2: a user has at most MAX_ANSWERS_AT_ONCE answers being written at once. */

const question = { model: "gemini", message: "When do the pumps ship?", files: [], history: [] };

async function questionsUsed(user: TestUser): Promise<number> {
  const res = await call(user, "GET", "/api/usage");
  expect(res.status, res.text).toBe(200);
  return res.body.used as number;
}

/** Holds every slot but `free`, as answers still being written elsewhere would. */
async function holdSlots(user: TestUser, free = 0) {
  const leases: string[] = [];
  for (let i = 0; i < MAX_ANSWERS_AT_ONCE - free; i++) leases.push(await AnswerSlots.take(user.uid));
  return leases;
}

describe("answers being written at once", () => {
  let ann: TestUser;
  beforeEach(async () => {
    ann = await signedInUser();
  });

  it("a question past the cap is refused with 429, Retry-After and a sentence, and is not counted", async () => {
    await holdSlots(ann);
    const json = await call(ann, "POST", "/api/chat", question);
    expect(json.status).toBe(429);
    expect(json.headers.get("retry-after")).toBe(String(ANSWER_SLOT_RETRY_SECONDS));
    expect(json.body).toEqual({ error: TOO_MANY_ANSWERS });
    const streamed = await callStream(ann, "/api/chat", question);
    expect(streamed.status).toBe(429);
    expect(await questionsUsed(ann)).toBe(0);
  });

  it("a finished answer gives its slot back", async () => {
    const [held] = await holdSlots(ann, 1);
    expect((await call(ann, "POST", "/api/chat", question)).status).toBe(200);
    expect((await callStream(ann, "/api/chat", question)).status).toBe(200);
    // Both answers gave their slot back: one more can be taken, then the cap holds again.
    await AnswerSlots.take(ann.uid);
    expect((await call(ann, "POST", "/api/chat", question)).status).toBe(429);
    await AnswerSlots.give(ann.uid, held!);
    expect((await call(ann, "POST", "/api/chat", question)).status).toBe(200);
  });

  it("a malformed question is a 400 and takes no slot", async () => {
    await holdSlots(ann, 1);
    const res = await call(ann, "POST", "/api/chat", { ...question, message: 42 });
    expect(res.status).toBe(400);
    expect((await call(ann, "POST", "/api/chat", question)).status).toBe(200);
  });

  it("ten questions at once take exactly the cap's slots", async () => {
    const tries = await Promise.allSettled(Array.from({ length: 10 }, () => AnswerSlots.take(ann.uid)));
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(MAX_ANSWERS_AT_ONCE);
  });
});
