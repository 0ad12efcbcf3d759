import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { User } from "@quorum/core/user/index";
import type { Gateway } from "@quorum/local/gateway";
import { gatewayWithSettings, launchBrowser, siteWithApi, type SiteProxy } from "@quorum/local/testing";
import {
  fakeModelSettings,
  isSynthesisCall,
  openAiError,
  openAiPanelist,
  startFakeServer,
  type FakeServer,
} from "@quorum/testing/fake-models";
import { reviewShot } from "../shell/browser";
import { openChat } from "./app";

/**
 * A research answer shows where the models agree and where they differ, with chips
 * that open the models' cards, and any card's model can carry the conversation on.
 * Three fake panelists (GPT, Gemini, DeepSeek) answer and synthesize as real models
 * would (but Gemini, chosen to combine them, is out of credit when asked to); two of
 * them agree on 330 metres, DeepSeek says 300.
 */

const ANSWERS = {
  gpt: "The Eiffel Tower is 330 metres tall including its antennas.",
  gemini: "It stands 330 metres high with the antennas on top.",
  deepseek: "The tower is 300 metres tall. That figure leaves the antennas out.",
};

let browser: Browser;
let gpt: FakeServer, gemini: FakeServer, deepseek: FakeServer;
let gateway: Gateway;
let site: SiteProxy;

beforeAll(async () => {
  [gpt, gemini, deepseek] = await Promise.all([
    startFakeServer(openAiPanelist(ANSWERS.gpt, { tokensPerSecond: 200 })),
    startFakeServer((call) =>
      isSynthesisCall(call)
        ? openAiError(429, "You exceeded your current quota")
        : openAiPanelist(ANSWERS.gemini, { tokensPerSecond: 200 })(call),
    ),
    startFakeServer(openAiPanelist(ANSWERS.deepseek, { tokensPerSecond: 200 })),
  ]);
  gateway = await gatewayWithSettings(fakeModelSettings({ gpt, gemini, deepseek }));
  site = await siteWithApi(gateway.url);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), gateway?.close(), gpt?.close(), gemini?.close(), deepseek?.close()]);
});

describe("a synthesis that shows its work", { timeout: 120_000 }, () => {
  it("points carry chips that open the models' cards, a failed synthesizer says why on its card, and Continue with DeepSeek goes on with DeepSeek alone", async () => {
    const app = await openChat(browser, { siteUrl: site.url });
    const { page } = app;
    // Professional includes GPT; the page reads the plan's models afresh.
    await User.setPlan(app.user.uid, "professional", "active");
    await page.reload();
    await page.getByRole("heading", { name: "Quorum Chat", exact: true }).waitFor();

    await page.getByTestId("model-select").click();
    await page.getByRole("option", { name: /^Quorum/ }).click();
    await page.getByTestId("synthesizer-select").click();
    await page.getByRole("option", { name: "Gemini", exact: true }).click();
    await expect.poll(() => page.getByTestId("synthesizer-select").textContent()).toContain("Gemini");
    await app.ask("How tall is the Eiffel Tower?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue with Quorum" }).click();
    const answer = await app.answer(1);

    const agree = answer.getByRole("region", { name: "Where the models agree" });
    const differ = answer.getByRole("region", { name: "Where they differ" });
    await agree.getByRole("button", { name: "GPT", exact: true }).waitFor();
    await agree.getByRole("button", { name: "Gemini", exact: true }).waitFor();
    await differ.getByText("The tower is 300 metres tall.").waitFor();
    expect(await answer.getByTestId("comparison").textContent()).not.toMatch(/AGREE|DIFFER|Consensus/);
    // Gemini, the chosen one, was asked first.
    expect(gemini.calls.filter(isSynthesisCall)).toHaveLength(1);
    await reviewShot(answer, "synthesis-points.png");

    // The chip opens DeepSeek's card: the individual answers' tab, that card in view and focused.
    await differ.getByRole("button", { name: "DeepSeek", exact: true }).click();
    const card = answer.getByRole("article", { name: "DeepSeek's answer" });
    await expect.poll(() => answer.getByRole("tab", { name: /Individual answers/ }).getAttribute("aria-selected")).toBe("true");
    // A string, not a function: this file is type-checked without the DOM library.
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe("DeepSeek's answer");
    // Gemini could not, and its card says why; GPT, the strongest left, wrote it.
    await answer
      .getByRole("article", { name: "Gemini's answer" })
      .getByText("Could not write the combined answer: Gemini is rate limited or out of credit (HTTP 429).")
      .waitFor();
    await answer.getByText("Combined by GPT", { exact: false }).waitFor();
    await reviewShot(page, "synthesis-card.png");

    await card.getByRole("button", { name: "Continue with DeepSeek" }).click();
    await page.getByTestId("continuing").getByText("Continuing with Deepseek").waitFor();
    await expect.poll(() => page.getByTestId("model-select").textContent()).toContain("Deepseek");
    await reviewShot(page, "synthesis-continue.png");

    const asked = deepseek.calls.length;
    await app.ask("Why do you leave the antennas out?");
    const followUp = await app.answer(2);
    await followUp.getByText("continues its research-mode answer").waitFor();
    // DeepSeek alone was asked, its own earlier answer as the conversation so far.
    const calls = deepseek.calls.slice(asked);
    expect(calls).toHaveLength(1);
    const seen = (calls[0]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === "assistant");
    expect(seen.map((m) => m.content)).toEqual([ANSWERS.deepseek]);
    await expect.poll(() => page.getByTestId("continuing").isVisible()).toBe(true);
    await app.close();
  });
});
