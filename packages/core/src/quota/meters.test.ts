import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { memoryStatusStore } from "../ai/status";
import { testConfig } from "@quorum/testing/model-config";
import { openAiError, openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";
import { Chat } from "../chat/index";
import { config, resetConfig } from "../config";
import { OcrBudget } from "../document/ocr-budget";
import { Invalid, LimitReached } from "../error";
import { Project } from "../project/index";
import { AllProjectsChat, modelFailed, ProjectChat } from "../project-chat/index";
import { User } from "../user/index";
import { DOCUMENT_UPLOADS, OCR_PAGES, Quota } from "./index";

async function newUser(plan?: { plan: "professional" | "enterprise"; planStatus: "active" | "pending" | "past_due" }) {
  const userId = `m-${randomUUID()}`;
  const as = <R>(work: () => R) => Actor.provide({ userId, email: `${userId}@example.com` }, work);
  await as(() => User.login({ firebaseUid: userId }));
  if (plan) await User.setPlan(userId, plan.plan, plan.planStatus);
  return { userId, as };
}

const at = (iso: string) => new Date(iso);
const usedOf = async (as: Awaited<ReturnType<typeof newUser>>["as"], name: string, now?: Date) =>
  (await as(() => Quota.usage(now))).meters.find((m) => m.name === name)!.used;

describe("metered limits per plan", () => {
  it("a day's limit refuses with the plan's sentence and starts again at midnight UTC", async () => {
    const { as } = await newUser();
    for (let i = 0; i < 20; i++) await as(() => Quota.consume(DOCUMENT_UPLOADS, { now: at("2031-03-04T21:30:00.000Z") }));
    const refused = await as(() => Quota.consume(DOCUMENT_UPLOADS, { now: at("2031-03-04T21:30:00.000Z") })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitReached);
    expect((refused as Error).message).toBe(
      "You've reached today's 20 document uploads on the Starter plan. The limit resets at midnight UTC (in 2 h 30 min); upgrade to Professional for more.",
    );
    expect((refused as LimitReached).limit).toEqual({ meter: "documentUploads", upgrade: true });
    await expect(as(() => Quota.consume(DOCUMENT_UPLOADS, { now: at("2031-03-05T00:00:00.000Z") }))).resolves.toMatchObject({ used: 1 });
  });

  it("a month's limit starts again on the first of the next month", async () => {
    const { userId } = await newUser();
    const end = at("2031-01-31T23:00:00.000Z");
    expect(await Quota.reserve(OCR_PAGES, userId, 100, end)).toMatchObject({ amount: 100, limit: 100 });
    expect(await Quota.reserve(OCR_PAGES, userId, 5, end)).toMatchObject({ amount: 0 });
    expect(Quota.usedUpMessage(OCR_PAGES, "starter", 100, end)).toBe(
      "this month's 100 OCR pages on the Starter plan are used up. The limit resets on 1 February at midnight UTC; upgrade to Professional for more.",
    );
    expect(await Quota.reserve(OCR_PAGES, userId, 5, at("2031-02-01T00:00:00.000Z"))).toMatchObject({ amount: 5, used: 5 });
  });

  it("Professional and Enterprise have their own limits; a plan not in force counts as Starter", async () => {
    const now = at("2031-04-01T10:00:00.000Z");
    const pro = await newUser({ plan: "professional", planStatus: "active" });
    const usage = await pro.as(() => Quota.usage(now));
    expect(usage.meteredPlan).toBe("professional");
    expect(Object.fromEntries(usage.meters.map((m) => [m.name, m.limit]))).toEqual({
      questions: null,
      documentUploads: 200,
      ocrPages: 2000,
      attachmentAnalyses: 300,
      attachmentUploads: 600,
      titles: 500,
    });
    const ent = await newUser({ plan: "enterprise", planStatus: "active" });
    const refusal = await ent
      .as(async () => {
        await Quota.consume(DOCUMENT_UPLOADS, { amount: 1000, now });
        return Quota.consume(DOCUMENT_UPLOADS, { now });
      })
      .then(() => null)
      .catch((e: LimitReached) => e);
    expect(refusal).toBeInstanceOf(LimitReached);
    expect(refusal!.message).toMatch(
      /^You've reached today's 1000 document uploads on the Enterprise plan\. .*contact support to raise it\.$/,
    );
    // The way to more is no upgrade the web can offer.
    expect(refusal!.limit).toEqual({ meter: "documentUploads", upgrade: false });
    const pending = await newUser({ plan: "professional", planStatus: "pending" });
    expect((await pending.as(() => Quota.usage(now))).meters.find((m) => m.name === "documentUploads")!.limit).toBe(20);
  });

  it("reservations at once never hand out more than the month has", async () => {
    const { userId } = await newUser();
    const now = at("2031-05-15T12:00:00.000Z");
    const granted = await Promise.all(Array.from({ length: 12 }, () => Quota.reserve(OCR_PAGES, userId, 10, now)));
    expect(granted.reduce((sum, r) => sum + r.amount, 0)).toBe(100);
  });

  it("a Textract document that needs more pages than are left is not sent, and says why", async () => {
    const { userId } = await newUser();
    const now = at("2031-06-10T08:00:00.000Z");
    await Quota.reserve(OCR_PAGES, userId, 97, now);
    const budget = await OcrBudget.reserveAll(userId, 5, now);
    expect(budget).toEqual({
      refusal:
        "The scanned pages were not read: they need 5 OCR pages and 3 of this month's 100 OCR pages on the Starter plan are left. The limit resets on 1 July at midnight UTC; upgrade to Professional for more.",
    });
    expect(await OcrBudget.reserveAll(userId, 3, now)).toMatchObject({ reservation: { amount: 3 } });
  });
});

describe("questions given back", () => {
  let gemini: FakeServer;
  beforeAll(async () => {
    gemini = await startFakeServer(openAiReplies("Answer from Gemini."));
  });
  afterAll(() => gemini.close());
  const deps = () => ({ config: testConfig({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${gemini.url}/v1` }), store: memoryStatusStore() });
  const ask = (message: string) => Quota.question(() => Chat.respond({ model: "gemini", message }, deps()), Chat.modelFailed);

  it("an answer counts; an answer the model failed (the offline model stood in) is given back", async () => {
    const { as } = await newUser();
    gemini.reply(openAiReplies("Answer from Gemini."));
    expect((await as(() => ask("Hello?"))).offline).toBe(false);
    expect(await usedOf(as, "questions")).toBe(1);
    gemini.reply(() => openAiError(400, "The model is overloaded"));
    const failed = await as(() => ask("Again?"));
    expect(failed.offline).toBe(true);
    expect(await usedOf(as, "questions")).toBe(1);
  });

  it("a server fault gives the question back; a client's mistake stays counted", async () => {
    const { as } = await newUser();
    await expect(as(() => Quota.question(() => Promise.reject(new Error("DynamoDB is down"))))).rejects.toThrow("DynamoDB is down");
    expect(await usedOf(as, "questions")).toBe(0);
    await expect(as(() => Quota.question(() => Promise.reject(new Invalid("Bad"))))).rejects.toBeInstanceOf(Invalid);
    expect(await usedOf(as, "questions")).toBe(1);
  });

  it("project chat gives a question back when its models failed", async () => {
    const { as } = await newUser();
    gemini.reply(() => openAiError(400, "The model is overloaded"));
    const project = await as(() => Project.create({ name: "Pumps" }));
    const reply = await as(() => Quota.question(() => ProjectChat.send(project.id, { message: "Lead time?" }, deps()), modelFailed));
    expect(reply.offline).toBe(true);
    const all = await as(() => Quota.question(() => AllProjectsChat.send({ message: "Lead time?" }, deps()), modelFailed));
    expect(all.offline).toBe(true);
    expect(await usedOf(as, "questions")).toBe(0);
  });
});

describe("titles written by a model", () => {
  let gemini: FakeServer;
  beforeAll(async () => {
    gemini = await startFakeServer(openAiReplies("Steel bracket quotes"));
    process.env.TITLES_PER_DAY_STARTER = "2";
    resetConfig();
  });
  afterAll(async () => {
    delete process.env.TITLES_PER_DAY_STARTER;
    resetConfig();
    await gemini.close();
  });

  it("count against the day's titles and are refused past them; without a model nothing counts", async () => {
    expect(config().TITLES_PER_DAY_STARTER).toBe(2);
    const { as } = await newUser();
    const withModel = { config: testConfig({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${gemini.url}/v1` }), store: memoryStatusStore() };
    const title = (deps = withModel) => as(() => Chat.generateTitle({ message: "Compare the steel bracket quotes" }, deps));
    await title();
    await title();
    expect(gemini.calls).toHaveLength(2);
    const refused = await title().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitReached);
    expect((refused as Error).message).toMatch(/^You've reached today's 2 AI-written conversation titles on the Starter plan\./);
    expect(gemini.calls).toHaveLength(2);
    await expect(title({ config: testConfig(), store: memoryStatusStore() })).resolves.toEqual({
      title: "Compare the steel bracket quotes",
    });
    expect(await usedOf(as, "titles")).toBe(2);
  });
});
