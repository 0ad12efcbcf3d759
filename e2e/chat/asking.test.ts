import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, launchBrowser } from "@quorum/local/testing";
import { reviewShot } from "../shell/browser";
import { openChat } from "./app";

/**
 * A person asks questions on /chat with no AI model configured (the local
 * default): the built-in offline model answers, clearly labelled, and the
 * first answer starts a saved conversation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("asking on /chat", { timeout: 120_000 }, () => {
  it("a question gets the offline model's labelled answer and starts a conversation titled after it", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await page.getByTestId("chat-welcome").waitFor();
    await page.getByText("No conversations yet").waitFor();
    await page.getByText("Start a new chat to begin").waitFor();
    await page.getByText("0 conversations").waitFor();
    await expect.poll(() => page.getByTestId("model-select").textContent()).toContain("Gemini");

    const question = "What should a good supplier quote include?";
    await app.ask(question);
    const user = page.getByTestId("message-user").first();
    await user.getByText(question).waitFor();
    const answer = await app.answer(1);
    await answer.getByText("Offline model", { exact: true }).first().waitFor();
    await answer.getByText("answering instead of Gemini").waitFor();
    await answer.getByText(/No AI model is configured on this server/).waitFor();
    // Usage and time under every answer, even a single model's.
    await expect.poll(() => page.getByTestId("message-meta").first().textContent()).toMatch(/tokens/);
    await expect.poll(() => app.box.isEnabled()).toBe(true);

    // The first reply created the conversation, titled after the question: its first 30 characters + "...".
    await app.item("What should a good supplier qu...").waitFor();
    await page.getByText("1 conversation", { exact: true }).waitFor();
    const list = await call(app.user, "GET", `/api/conversations?userId=${app.user.uid}`);
    expect(list.body.conversations).toHaveLength(1);
    const saved = await call(app.user, "GET", `/api/conversations/${list.body.conversations[0].id}?userId=${app.user.uid}`);
    expect(saved.body.messages.map((m: { type: string }) => m.type)).toEqual(["user", "ai"]);
    expect(saved.body.sessionId).toMatch(/^session_\d+_[a-z0-9]+$/);

    // A second question is saved into the same conversation, with the first as history.
    await app.ask("And what about payment terms?");
    await app.answer(2);
    await expect
      .poll(
        async () =>
          (await call(app.user, "GET", `/api/conversations/${list.body.conversations[0].id}?userId=${app.user.uid}`)).body.messages.length,
      )
      .toBe(4);
    expect((await call(app.user, "GET", `/api/conversations?userId=${app.user.uid}`)).body.conversations).toHaveLength(1);
    await app.close();
  });

  it("Shift+Enter makes a new line and the input waits while the AI is responding", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await app.box.fill("First line");
    await app.box.press("Shift+Enter");
    await app.box.pressSequentially("second line");
    expect(await app.box.inputValue()).toBe("First line\nsecond line");
    expect(await page.getByTestId("message-user").count()).toBe(0);

    // Hold the reply back so the waiting state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chat", async (route) => {
      await held;
      await route.continue();
    });
    await app.box.press("Enter");
    await page.getByTestId("thinking").waitFor();
    expect(await app.box.isDisabled()).toBe(true);
    expect(await app.box.getAttribute("placeholder")).toBe("AI is responding...");
    release();
    await app.answer(1);
    await expect.poll(() => app.box.isEnabled()).toBe(true);
    await app.close();
  });

  it("research mode asks for confirmation once, and again after another model was picked", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const pick = async (name: RegExp) => {
      await page.getByTestId("model-select").click();
      await page.getByRole("option", { name }).click();
    };
    const dialog = page.getByRole("alertdialog", { name: "Quorum Research Mode" });

    await pick(/^Quorum/);
    await app.ask("Is a four-day week good for a small team?");
    await dialog.waitFor();
    await dialog.getByText(/the combined answer starts as soon as they have all answered/).waitFor();
    expect(await dialog.getByTestId("research-budget").textContent()).toBe("Up to 1 minute");
    // Longer budgets are the paid plans': listed, locked, with the plan that has them.
    await dialog
      .getByTestId("research-budget-cap")
      .getByText("Your Starter plan allows up to 1 minute; Professional allows up to 5 minutes.")
      .waitFor();
    await dialog.getByTestId("research-budget").click();
    const longest = page.getByRole("option", { name: /Up to 5 minutes/ });
    expect(await longest.textContent()).toContain("Professional plan");
    expect(await longest.getAttribute("aria-disabled")).toBe("true");
    expect(await page.getByRole("option", { name: /Up to 30 seconds/ }).getAttribute("aria-disabled")).toBeNull();
    await reviewShot(page, "research-budget-locked.png");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Cancelled: nothing was sent and the question is still there.
    expect(await page.getByTestId("message-user").count()).toBe(0);
    expect(await app.box.inputValue()).toBe("Is a four-day week good for a small team?");

    await app.box.press("Enter");
    await dialog.getByRole("button", { name: "Continue with Quorum" }).click();
    // Continue sends at once.
    const answer = await app.answer(1);
    await answer.getByText("Research mode", { exact: true }).waitFor();
    await answer.getByRole("tab", { name: /Individual answers/ }).click();
    await answer.getByRole("article", { name: "Offline model's answer" }).waitFor();

    // Confirmed once: the next research question goes straight out.
    await app.ask("And for a large one?");
    await app.answer(2);
    expect(await dialog.isVisible()).toBe(false);

    // Another model takes the confirmation back (Gemini: a model the Starter plan includes).
    await pick(/^Gemini/);
    await pick(/^Quorum/);
    await app.ask("One more?");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Continue with Quorum" }).click();
    await app.answer(3);
    await app.close();
  });

  it("a failed reply shows the error banner and keeps the question", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await page.route("**/api/chat", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }));
    await app.ask("Will this work?");
    await page.getByText("Unable to get response. Please try again.").waitFor();
    await page.getByTestId("message-user").getByText("Will this work?").waitFor();

    // An empty answer is no answer either.
    await page.unroute("**/api/chat");
    await page.route("**/api/chat", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"response":""}' }));
    await page.getByRole("button", { name: "Dismiss" }).click();
    await app.ask("And now?");
    await page.getByText("Unable to get response. Please try again.").waitFor();
    expect(await page.getByTestId("message-ai").count()).toBe(0);
    // Nothing was saved: only a successful reply creates a conversation.
    expect((await call(app.user, "GET", `/api/conversations?userId=${app.user.uid}`)).body.conversations).toHaveLength(0);
    await app.close();
  });

  it("the daily limit shows the server's message with the upgrade", async () => {
    const app = await openChat(browser);
    const { page } = app;
    // A starter account has 10 questions a day; spend them over the API.
    for (let i = 0; i < 10; i++) {
      const res = await call(app.user, "POST", "/api/chat", { message: `question ${i}`, userId: app.user.uid });
      expect(res.status).toBe(200);
    }
    await app.ask("The eleventh question");
    const banner = page.getByTestId("limit-reached");
    await banner.waitFor();
    await banner.getByText("Daily question limit reached").waitFor();
    await banner.getByRole("button", { name: "Upgrade to Professional" }).waitFor();
    expect(await page.getByText("Unable to get response. Please try again.").count()).toBe(0);
    await app.close();
  });

  it("the status footer shows every service with the legend", async () => {
    const app = await openChat(browser);
    const footer = app.page.getByTestId("status-footer");
    await footer.getByText("Offline model").waitFor();
    for (const word of ["Active", "Standby", "Offline"]) await footer.getByText(word, { exact: true }).waitFor();
    for (const service of ["Claude", "GPT", "Gemini", "Grok", "DeepSeek"]) await footer.getByText(service, { exact: true }).waitFor();
    await app.close();
  });
});
