import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiReplies } from "@quorum/testing/fake-models";
import { User } from "@quorum/core/user/index";
import { gatewayWith } from "@quorum/local/own-gateway";
import { startPlanModels, type PlanModels } from "@quorum/testing/plan-models";
import { becomeProfessional, call, callStream, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * Plan features and privacy over a gateway whose models are fake providers:
 * GPT (premium), Gemini and DeepSeek (basic), and an organisation's own model.
 */

let models: PlanModels;
let own: Awaited<ReturnType<typeof gatewayWith>>;

beforeAll(async () => {
  models = await startPlanModels({
    gpt: "GPT says the Rotterdam quote is cheaper.",
    gemini: "Gemini says the Rotterdam quote is cheaper.",
    deepseek: "DeepSeek says the Rotterdam quote is cheaper.",
    custom: "Acme's model says the Rotterdam quote is cheaper.",
  });
  own = await gatewayWith(models.settings);
});
afterAll(async () => {
  await Promise.all([own?.close(), models?.close()]);
});

/** A new user who subscribed through the test-mode card form. */
async function professional(): Promise<TestUser> {
  const user = await signedInUser();
  await becomeProfessional(user);
  return user;
}

/** Enterprise is arranged with sales: billing sets the plan. */
async function enterprise(): Promise<TestUser> {
  const user = await signedInUser();
  await User.setPlan(user.uid, "enterprise", "active");
  return user;
}

const ask = (user: TestUser, model: string, message = "Which quote is cheaper?") => call(user, "POST", "/api/chat", { model, message });
const usedToday = async (user: TestUser) => (await call(user, "GET", "/api/usage")).body.used as number;
const saveSettings = (user: TestUser, settings: unknown) => call(user, "PUT", `/api/users/${user.uid}/settings`, settings);
const today = () => new Date().toISOString().slice(0, 10);

describe("models by plan", () => {
  it("a Starter asking for a premium model gets a 403 naming the plan; nothing is counted or stored", async () => {
    const ann = await signedInUser();
    const before = models.gpt.calls.length;
    const refused = await ask(ann, "gpt");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error:
        "GPT is a premium model: it is included in the Professional and Enterprise plans, not in your Starter plan. Upgrade to Professional to use it.",
    });
    const streamed = await callStream(ann, "/api/chat", { model: "claude", message: "Which quote is cheaper?" });
    expect(streamed.status).toBe(403);
    expect(models.gpt.calls).toHaveLength(before);
    expect(await usedToday(ann)).toBe(0);
    expect((await call(ann, "GET", "/api/conversations")).body.conversations ?? []).toEqual([]);
  });

  it("a Starter's research mode asks the basic models only", async () => {
    const ann = await signedInUser();
    const before = models.gpt.calls.length;
    const res = await ask(ann, "quorum");
    expect(res.status, res.text).toBe(200);
    expect(res.body.answers.map((a: { model: string }) => a.model).sort()).toEqual(["deepseek", "gemini"]);
    expect(models.gpt.calls.length).toBe(before);
  });

  it("the selector's catalog marks premium models locked for Starter, open for Professional", async () => {
    const starter = await call(await signedInUser(), "GET", "/api/models");
    expect(starter.status).toBe(200);
    expect(starter.body.plan).toBe("starter");
    expect(starter.body.models.map((m: { value: string; allowed: boolean }) => `${m.value}:${m.allowed}`)).toEqual([
      "claude:false",
      "gpt:false",
      "gemini:true",
      "grok:false",
      "deepseek:true",
      "quorum:true",
    ]);
    expect(starter.body.custom).toBeNull();
    const pro = await call(await professional(), "GET", "/api/models");
    expect(pro.body.models.every((m: { allowed: boolean }) => m.allowed)).toBe(true);
    expect(pro.body.models.map((m: { value: string }) => m.value)).not.toContain("custom");
  });

  it("a research budget past the plan's cap is refused with a 403 naming the plan, before anything is counted", async () => {
    const ann = await signedInUser();
    const research = (user: TestUser, budgetSeconds: number) =>
      call(user, "POST", "/api/chat", { model: "quorum", message: "Which quote is cheaper?", budgetSeconds });
    const refused = await research(ann, 120);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error:
        "Your Starter plan gives research answers up to 1 minute, not 2 minutes. Choose a shorter budget or upgrade to Professional for up to 5 minutes.",
    });
    const streamed = await callStream(ann, "/api/chat", { model: "quorum", message: "Which quote is cheaper?", budgetSeconds: 300 });
    expect(streamed.status).toBe(403);
    expect(await usedToday(ann)).toBe(0);
    expect((await research(ann, 60)).status).toBe(200);
    expect((await call(ann, "GET", "/api/models")).body.researchBudgetCapSeconds).toBe(60);
    const pro = await professional();
    expect((await call(pro, "GET", "/api/models")).body.researchBudgetCapSeconds).toBe(300);
    const long = await research(pro, 300);
    expect(long.status, long.text).toBe(200);
  });

  it("Enterprise asks the organisation's own model, with its key, and only Enterprise sees it", async () => {
    const ent = await enterprise();
    const catalog = await call(ent, "GET", "/api/models");
    expect(catalog.body.custom).toEqual({ name: "Acme GPT", modelId: "acme-llm-7", configured: true });
    expect(catalog.body.models).toContainEqual(expect.objectContaining({ value: "custom", label: "Acme GPT", allowed: true }));
    const res = await ask(ent, "custom");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ response: "Acme's model says the Rotterdam quote is cheaper.", model: "custom" });
    const sent = models.custom.calls.at(-1)!;
    expect(sent.headers.authorization).toBe("Bearer acme-secret");
    expect(sent.body).toMatchObject({ model: "acme-llm-7", store: false });

    const pro = await professional();
    const refused = await ask(pro, "custom");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      "Acme GPT is your organisation's own model: it is available on the Enterprise plan only, not on your Professional plan.",
    );
  });
});

describe("the project chats ask only the plan's models", () => {
  const project = async (user: TestUser) =>
    (await call(user, "POST", "/api/projects", { name: "Harbour crane", userId: user.uid })).body.project.id;

  it("a Starter's project chat is answered by a basic model, a Professional's by the premium one first in line", async () => {
    const ann = await signedInUser();
    const before = models.gpt.calls.length;
    const starter = await call(ann, "POST", `/api/projects/${await project(ann)}/chat`, { message: "Which quote is cheaper?" });
    expect(starter.status, starter.text).toBe(200);
    expect(starter.body).toMatchObject({ model: "gemini", response: "Gemini says the Rotterdam quote is cheaper." });
    expect(models.gpt.calls).toHaveLength(before);

    const pro = await professional();
    const paid = await call(pro, "POST", `/api/projects/${await project(pro)}/chat`, { message: "Which quote is cheaper?" });
    expect(paid.body).toMatchObject({ model: "gpt", response: "GPT says the Rotterdam quote is cheaper." });
  });

  it("a Starter's all-projects chat is answered by a basic model", async () => {
    const ann = await signedInUser();
    await project(ann);
    const before = models.gpt.calls.length;
    const res = await call(ann, "POST", "/api/projects-chat", { message: "Which quote is cheaper?", userId: ann.uid });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ model: "gemini", response: "Gemini says the Rotterdam quote is cheaper." });
    expect(models.gpt.calls).toHaveLength(before);
  });

  it("an Enterprise project chat may use the organisation's own model when the others fail", async () => {
    const ent = await enterprise();
    const id = await project(ent);
    const down = () => ({ status: 500, json: { error: { message: "down" } } });
    for (const server of [models.gpt, models.gemini, models.deepseek]) server.reply(down);
    try {
      const res = await call(ent, "POST", `/api/projects/${id}/chat`, { message: "Which quote is cheaper?" });
      expect(res.body).toMatchObject({ model: "custom", response: "Acme's model says the Rotterdam quote is cheaper." });
    } finally {
      models.gpt.reply(openAiReplies("GPT says the Rotterdam quote is cheaper."));
      models.gemini.reply(openAiReplies("Gemini says the Rotterdam quote is cheaper."));
      models.deepseek.reply(openAiReplies("DeepSeek says the Rotterdam quote is cheaper."));
    }
  });
});

describe("privacy and language from the settings", () => {
  it("share data off (the default) sends store:false; on, it is left out", async () => {
    const pro = await professional();
    expect((await ask(pro, "gpt")).status).toBe(200);
    expect(models.gpt.calls.at(-1)!.body.store).toBe(false);
    expect((await saveSettings(pro, { privacy: { shareData: true } })).status).toBe(200);
    expect((await ask(pro, "gpt")).status).toBe(200);
    expect(models.gpt.calls.at(-1)!.body).not.toHaveProperty("store");
  });

  it("answers default to the account's language", async () => {
    const ann = await signedInUser();
    expect((await saveSettings(ann, { preferences: { language: "es" } })).status).toBe(200);
    expect((await ask(ann, "gemini")).status).toBe(200);
    expect(models.gemini.calls.at(-1)!.body.messages[0].content).toContain(
      "Write your answer in Spanish, unless the user's latest message is written in another language",
    );
  });
});

describe("the project chats follow the same settings", () => {
  it("a project chat answers in the account's language", async () => {
    const ann = await signedInUser();
    expect((await saveSettings(ann, { preferences: { language: "de" } })).status).toBe(200);
    const project = await call(ann, "POST", "/api/projects", { name: "Harbour crane", userId: ann.uid });
    expect(project.status, project.text).toBe(201);
    const calls = () => [models.gpt, models.gemini, models.deepseek].reduce((n, s) => n + s.calls.length, 0);
    const before = calls();
    const reply = await call(ann, "POST", `/api/projects/${project.body.project.id}/chat`, { message: "What is this project about?" });
    expect(reply.status, reply.text).toBe(200);
    expect(calls()).toBeGreaterThan(before);
    const last = [models.gpt, models.gemini, models.deepseek]
      .flatMap((s) => s.calls.slice(-1))
      .find((c) => JSON.stringify(c.body).includes("Harbour crane"))!;
    expect(last.body.messages[0].content).toContain(
      "Write your answer in German, unless the user's latest message is written in another language",
    );
  });
});

describe("analytics", () => {
  it("aggregates real questions per day and per model, with tokens, latency and failures", async () => {
    const pro = await professional();
    for (const model of ["gpt", "gpt", "gemini"]) expect((await ask(pro, model)).status).toBe(200);
    models.gemini.reply(() => ({ status: 500, json: { error: { message: "down" } } }));
    try {
      expect((await ask(pro, "gemini")).status).toBe(200);
    } finally {
      models.gemini.reply(openAiReplies("Gemini says the Rotterdam quote is cheaper."));
    }
    const res = await call(pro, "GET", `/api/analytics?from=${today()}&to=${today()}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ from: today(), to: today(), recording: true });
    expect(res.body.totals).toMatchObject({ questions: 4, failures: 1 });
    expect(res.body.totals.inputTokens).toBeGreaterThan(0);
    expect(res.body.days).toEqual([expect.objectContaining({ date: today(), questions: 4, failures: 1 })]);
    const row = (model: string) => res.body.models.find((m: { model: string }) => m.model === model);
    expect(row("gpt")).toMatchObject({ questions: 2, calls: 2, failures: 0 });
    expect(row("gpt").outputTokens).toBeGreaterThan(0);
    expect(typeof row("gpt").averageLatencyMs).toBe("number");
    expect(row("gemini")).toMatchObject({ questions: 2, calls: 2, failures: 1 });
  });

  it("with analytics off, no question of that person is recorded (the plan's count still is)", async () => {
    const pro = await professional();
    expect((await saveSettings(pro, { privacy: { analytics: false } })).status).toBe(200);
    expect((await ask(pro, "gpt")).status).toBe(200);
    const res = await call(pro, "GET", "/api/analytics");
    expect(res.body).toMatchObject({ recording: false, totals: { questions: 0 } });
    expect(await usedToday(pro)).toBe(1);
  });

  it("Starter is told analytics are a Professional feature; a bad range is a 400", async () => {
    const res = await call(await signedInUser(), "GET", "/api/analytics");
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/^Analytics are part of the Professional plan\. Upgrade to Professional/);
    const pro = await professional();
    expect((await call(pro, "GET", "/api/analytics?from=2026-02-01&to=2026-01-01")).body).toEqual({
      error: "The start date must not be after the end date",
    });
    expect((await call(pro, "GET", "/api/analytics?from=yesterday")).status).toBe(400);
  });
});
