import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ai } from "./index";
import { memoryStatusStore, statusOf } from "./status";
import { testConfig } from "@quorum/testing/model-config";
import { openAiError, openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";

describe("AI status", () => {
  it("is offline when not configured, standby until proven, active after a success, standby after a failure", () => {
    const configured = { configured: true, id: "gpt-5.5" };
    const at = new Date().toISOString();
    expect(statusOf({ configured: false, id: "gpt-5.5" }, undefined)).toBe("offline");
    expect(statusOf({ configured: false, id: "gpt-5.5" }, { choice: "gpt", modelId: "gpt-5.5", ok: true, at })).toBe("offline");
    expect(statusOf(configured, undefined)).toBe("standby");
    expect(statusOf(configured, { choice: "gpt", modelId: "gpt-5.5", ok: true, at })).toBe("active");
    expect(statusOf(configured, { choice: "gpt", modelId: "gpt-5.5", ok: false, error: "rejected the API key (HTTP 401)", at })).toBe(
      "standby",
    );
    // A newly configured model id has not been proven yet.
    expect(statusOf(configured, { choice: "gpt", modelId: "gpt-4o", ok: true, at })).toBe("standby");
  });

  it("keeps the newer outcome when calls end out of order", async () => {
    const store = memoryStatusStore();
    await store.record({ choice: "gpt", modelId: "m", ok: true, at: "2026-01-01T00:00:02.000Z" });
    await store.record({ choice: "gpt", modelId: "m", ok: false, at: "2026-01-01T00:00:01.000Z" });
    expect((await store.all())[0]?.ok).toBe(true);
  });

  describe("through real calls", () => {
    let gpt: FakeServer;
    beforeAll(async () => {
      gpt = await startFakeServer(openAiReplies("Hello."));
    });
    afterAll(() => gpt.close());

    it("moves a configured model from standby to active to standby as its calls succeed and fail", async () => {
      const config = testConfig({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${gpt.url}/v1` });
      const store = memoryStatusStore();
      const statusOfGpt = async () => (await Ai.status({ config, store })).services.find((s) => s.service === "GPT")?.status;

      const before = await Ai.status({ config, store });
      expect(before.services).toEqual([
        { service: "Claude", status: "offline" },
        { service: "GPT", status: "standby" },
        { service: "Gemini", status: "offline" },
        { service: "Grok", status: "offline" },
        { service: "DeepSeek", status: "offline" },
        { service: "Offline model", status: "active" },
      ]);

      gpt.reply(openAiReplies("Hello."));
      await Ai.answer({ model: "gpt", messages: [{ role: "user", content: "Hi" }] }, { config, store });
      expect(await statusOfGpt()).toBe("active");

      gpt.reply(() => openAiError(401, "bad key"));
      await Ai.answer({ model: "gpt", messages: [{ role: "user", content: "Hi" }] }, { config, store });
      expect(await statusOfGpt()).toBe("standby");
      expect((await store.all())[0]).toMatchObject({ choice: "gpt", ok: false, error: "rejected the API key (HTTP 401)" });

      gpt.reply(openAiReplies("Back."));
      await Ai.answer({ model: "gpt", messages: [{ role: "user", content: "Hi" }] }, { config, store });
      expect(await statusOfGpt()).toBe("active");
    });
  });
});
