import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { User } from "@quorum/core/user/index";
import {
  fakeModelSettings,
  isSynthesisCall,
  openAiError,
  openAiPanelist,
  promptOf,
  startFakeServer,
  type FakeCall,
  type FakeServer,
} from "@quorum/testing/fake-models";
import type { Gateway } from "@quorum/local/gateway";
import { call, callStream, gatewayWithSettings, signedInUser, type StreamedEvent, type TestUser } from "@quorum/local/testing";

/**
 * Research mode's synthesis shows its work: where the models agree and where they
 * differ, each point with the models that made it; the asker picks who writes it,
 * a failing synthesizer hands over with its reason on its card; and any card's
 * model can carry the thread on. Three fake panelists behind an in-process gateway
 * answer and, when asked, synthesize as a real model would (the closing AGREE and
 * DIFFER lines included).
 */

const ANSWERS = {
  gpt: "The Eiffel Tower is 330 metres tall including its antennas. It was built for the 1889 World's Fair.",
  gemini: "It stands 330 metres high with the antennas on top.",
  deepseek: "The tower is 300 metres tall. That figure leaves the antennas out.",
};
const QUESTION = "How tall is the Eiffel Tower?";

let gpt: FakeServer, gemini: FakeServer, deepseek: FakeServer;
let gateway: Gateway;
let ann: TestUser;

const servers = () => ({ gpt, gemini, deepseek });

beforeAll(async () => {
  [gpt, gemini, deepseek] = await Promise.all([
    startFakeServer(openAiPanelist(ANSWERS.gpt)),
    startFakeServer(openAiPanelist(ANSWERS.gemini)),
    startFakeServer(openAiPanelist(ANSWERS.deepseek)),
  ]);
  gateway = await gatewayWithSettings(fakeModelSettings({ gpt, gemini, deepseek }));
  ann = await signedInUser();
  // GPT is a premium model: Professional includes it.
  await User.setPlan(ann.uid, "professional", "active");
});
afterAll(async () => {
  await Promise.all([gateway?.close(), gpt?.close(), gemini?.close(), deepseek?.close()]);
});

const research = (user: TestUser, over: Record<string, unknown> = {}) =>
  callStream(user, "/api/chat", { model: "quorum", message: QUESTION, budgetSeconds: 10, ...over }, { baseUrl: gateway.url });

const synthesesBy = (server: FakeServer, since: number) => server.calls.slice(since).filter(isSynthesisCall);
const counts = () => Object.fromEntries(Object.entries(servers()).map(([k, s]) => [k, s.calls.length])) as Record<string, number>;
const texts = (events: StreamedEvent[]) =>
  events
    .filter((e) => e.event === "text")
    .map((e) => e.data.text as string)
    .join("");
const sorted = (models: string[]) => [...models].sort();

describe("a synthesis that shows its work", () => {
  it("ends with where the models agree and where they differ, each point with the models that made it, streamed and stored", async () => {
    const res = await research(ann);
    const done = res.events.at(-1)!;
    expect(done.event, JSON.stringify(done.data)).toBe("done");
    const { comparison } = done.data;
    expect(comparison.agree).toHaveLength(1);
    expect(sorted(comparison.agree[0].models)).toEqual(["gemini", "gpt"]);
    expect([ANSWERS.gpt, ANSWERS.gemini].map((a) => a.split(".")[0] + ".")).toContain(comparison.agree[0].point);
    expect(comparison.differ).toEqual([{ point: "The tower is 300 metres tall.", models: ["deepseek"] }]);
    // The points are data beside the text: the closing lines never show in it, as written or as stored.
    expect(done.data.response).not.toMatch(/AGREE|DIFFER|Consensus|Response [A-C]/);
    expect(texts(res.events).trim()).toBe(done.data.response);
    expect(done.data.response).toMatch(/DeepSeek says otherwise: The tower is 300 metres tall\./);
    // They streamed like the rest, before the end.
    const streamed = res.events.filter((e) => e.event === "comparison").at(-1);
    expect(streamed?.data).toEqual(comparison);
    expect(done.data.message.details.comparison).toEqual(comparison);
    const stored = await call(ann, "GET", `/api/conversations/${done.data.conversationId}`);
    expect(stored.body.messages[1].details.comparison).toEqual(comparison);
    // And kept with the answer in its export.
    const markdown = await call(ann, "GET", `/api/conversations/${done.data.conversationId}/export?format=md`);
    expect(markdown.text).toContain("Where they differ:\n- The tower is 300 metres tall. (DeepSeek)");
    expect(markdown.text).toMatch(/Where the models agree:\n- .+ \((GPT, Gemini|Gemini, GPT)\)/);
    // The synthesizer was told the format, with the responses anonymised.
    const prompt = promptOf(synthesesBy(gpt, 0).at(-1)!);
    expect(prompt).toContain("AGREE [letters]");
    expect(prompt).not.toMatch(/GPT|Gemini|DeepSeek/);
  });

  it("the strongest model the plan allows writes it by default; the asker may choose another", async () => {
    const before = counts();
    const byDefault = await research(ann);
    expect(byDefault.events.at(-1)!.data.synthesizer).toMatchObject({ model: "gpt", status: "answered" });
    expect(synthesesBy(gpt, before.gpt!)).toHaveLength(1);

    const next = counts();
    const chosen = await research(ann, { synthesizer: "deepseek" });
    const done = chosen.events.at(-1)!.data;
    expect(done.synthesizer).toMatchObject({ model: "deepseek", status: "answered" });
    expect(synthesesBy(deepseek, next.deepseek!)).toHaveLength(1);
    expect(synthesesBy(gpt, next.gpt!)).toHaveLength(0);
    expect(done.message.details.synthesizer.model).toBe("deepseek");
    expect(done.comparison.differ[0].models).toEqual(["deepseek"]);
  });

  it("a synthesizer that is no model is a 400, one the plan does not include a 403; neither counts", async () => {
    const bob = await signedInUser();
    const unknown = await research(bob, { synthesizer: "hal9000" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^synthesizer must be one of claude, gpt, gemini, grok, deepseek/);
    const locked = await research(bob, { synthesizer: "gpt" });
    expect(locked.status).toBe(403);
    expect(locked.body.error).toMatch(/^GPT is a premium model: .* not in your Starter plan/);
    expect((await call(bob, "GET", "/api/usage")).body.used).toBe(0);
  });

  it("when the chosen synthesizer fails the next one writes it, and the failure is on the chosen one's card with the real reason", async () => {
    gemini.reply((c: FakeCall) =>
      isSynthesisCall(c) ? openAiError(429, "You exceeded your current quota") : openAiPanelist(ANSWERS.gemini)(c),
    );
    try {
      const res = await research(ann, { synthesizer: "gemini" });
      const done = res.events.at(-1)!.data;
      const failure = { model: "gemini", service: "Gemini", status: "failed", error: "Gemini is rate limited or out of credit (HTTP 429)" };
      expect(res.events.find((e) => e.event === "synthesis-failed")?.data).toMatchObject(failure);
      // The next in line (the strongest left) wrote it, and said why.
      expect(done.synthesizer).toMatchObject({ model: "gpt", status: "answered" });
      expect(done.synthesisFailures).toEqual([expect.objectContaining(failure)]);
      expect(done.message.details.synthesisFailures).toEqual([expect.objectContaining(failure)]);
      expect(done.notes).toContain("Gemini is rate limited or out of credit (HTTP 429), so it could not write the combined answer.");
      // Gemini's own answer still stands on its card.
      expect(done.answers.find((a: { model: string }) => a.model === "gemini")).toMatchObject({
        status: "answered",
        response: ANSWERS.gemini,
      });
      expect(done.comparison.agree[0].models).toContain("gemini");
    } finally {
      gemini.reply(openAiPanelist(ANSWERS.gemini));
    }
  });

  it("Continue with this model: the next question goes to that model alone, with its own card's answer where the combined one stood", async () => {
    const first = (await research(ann)).events.at(-1)!.data;
    const conversationId = first.conversationId as string;
    const combined = first.response as string;
    const before = counts();
    const res = await callStream(
      ann,
      "/api/chat",
      {
        model: "deepseek",
        message: "Why do you leave the antennas out?",
        conversationId,
        continueFrom: first.message.id,
        history: [
          { type: "user", content: QUESTION },
          { type: "ai", content: combined },
        ],
      },
      { baseUrl: gateway.url },
    );
    const done = res.events.at(-1)!.data;
    expect(res.events.at(-1)!.event).toBe("done");
    expect(done).toMatchObject({ mode: "single", model: "deepseek" });
    expect(done.message.details).toMatchObject({ requested: "deepseek", continuedFrom: first.message.id });
    // Only DeepSeek was asked, and it saw its own answer as the conversation so far.
    expect([gpt.calls.length, gemini.calls.length]).toEqual([before.gpt, before.gemini]);
    const asked = deepseek.calls.slice(before.deepseek);
    expect(asked).toHaveLength(1);
    const seen = (asked[0]!.body.messages as { role: string; content: string }[]).filter((m) => m.role !== "system");
    expect(seen.map((m) => [m.role, m.content])).toEqual([
      ["user", QUESTION],
      ["assistant", ANSWERS.deepseek],
      ["user", "Why do you leave the antennas out?"],
    ]);
    expect(JSON.stringify(asked[0]!.body)).not.toContain(combined.slice(0, 40));

    // Without the combined answer in the history sent, the card's exchange still leads the context.
    const alone = deepseek.calls.length;
    await callStream(
      ann,
      "/api/chat",
      { model: "deepseek", message: "And in feet?", conversationId, continueFrom: first.message.id, history: [] },
      { baseUrl: gateway.url },
    );
    const context = (deepseek.calls[alone]!.body.messages as { role: string; content: string }[]).filter((m) => m.role !== "system");
    expect(context.map((m) => m.content)).toEqual([QUESTION, ANSWERS.deepseek, "And in feet?"]);
  });

  it("continuing from an answer that is not there is a 404, from research mode itself or without a conversation a 400", async () => {
    const first = (await research(ann)).events.at(-1)!.data;
    // Refused before any model is asked: the stack's own gateway (no model) answers as any would.
    const ask = (over: Record<string, unknown>) =>
      call(ann, "POST", "/api/chat", { model: "gpt", message: "More?", conversationId: first.conversationId, ...over });
    expect((await ask({ continueFrom: "no-such-answer" })).status).toBe(404);
    const research2 = await ask({ model: "quorum", continueFrom: first.message.id });
    expect(research2.status).toBe(400);
    expect(research2.body).toEqual({ error: "continueFrom needs the conversationId and a single model" });
    expect((await ask({ conversationId: undefined, continueFrom: first.message.id })).status).toBe(400);
    // Another account's conversation is not found.
    const bob = await signedInUser();
    await User.setPlan(bob.uid, "professional", "active");
    const theirs = await call(bob, "POST", "/api/chat", {
      model: "gpt",
      message: "More?",
      conversationId: first.conversationId,
      continueFrom: first.message.id,
    });
    expect(theirs.status).toBe(404);
  });
});
