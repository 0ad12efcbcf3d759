import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, setOfflinePace } from "@quorum/local/testing";
import { openChat, type ChatApp } from "./app";

/**
 * Answers are written in front of the reader: text appears as it comes, Stop
 * keeps what was written, and an answer left mid-way is there, finished, when the
 * reader comes back. The test stack has no model: the offline model types its
 * answer out (it quotes the attached schedule), at a pace each test sets for its own user,
 * so what a test does "while the answer is written" happens then on any machine.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SCHEDULE = Array.from(
  { length: 30 },
  (_, i) => `Week ${i + 1}: the pumps for phase ${i + 1} ship from the Rotterdam warehouse, and the valves follow two days later by road.`,
).join("\n");

/** Asks about an attached schedule: the offline answer quotes it at length. */
async function askAboutSchedule(app: ChatApp) {
  await app.page
    .getByTestId("document-input")
    .setInputFiles([{ name: "schedule.txt", mimeType: "text/plain", buffer: Buffer.from(SCHEDULE) }]);
  await app.ask("When do the pumps ship from the Rotterdam warehouse?");
}

/** Records the length of the last answer's text at every change of the page, from now on. */
async function recordAnswerLengths(page: Page) {
  // A string, not a function: this file is type-checked without the DOM library.
  await page.evaluate(`(() => {
    window.lengths = [];
    new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-testid="message-ai"]');
      const last = answers[answers.length - 1];
      const length = last ? last.textContent.length : 0;
      if (length !== window.lengths[window.lengths.length - 1]) window.lengths.push(length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const lastAnswer = (page: Page) => page.getByTestId("message-ai").last();

describe("answers written as they stream", { timeout: 120_000 }, () => {
  it("the answer's text appears bit by bit, with a Stop button while it is written", async () => {
    const app = await openChat(browser);
    const { page } = app;
    // Slow enough for every piece to be drawn on its own, however busy the machine.
    await setOfflinePace(app.user, 100);
    await recordAnswerLengths(page);
    await askAboutSchedule(app);
    await page.getByRole("button", { name: "Stop" }).waitFor();
    // Many visible steps between the empty answer and the finished one.
    await expect
      .poll(async () => (await page.evaluate<number[]>("window.lengths")).filter((l) => l > 0).length, { timeout: 60_000 })
      .toBeGreaterThan(10);
    await setOfflinePace(app.user, 0);
    const answer = await app.answer(1);
    await answer.getByText("To get real answers").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();
    await app.close();
  });

  it("Stop keeps what was written, marked as stopped, also after a reload", async () => {
    const app = await openChat(browser);
    const { page } = app;
    // The answer stops after its first words until the test says otherwise: Stop comes mid-answer.
    await setOfflinePace(app.user, "hold");
    await askAboutSchedule(app);
    const answer = lastAnswer(page);
    await answer.getByText("Offline model").first().waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => answer.getAttribute("data-state"), { timeout: 60_000 }).toBe("stopped");
    await answer.getByText("You stopped this answer; what was written is kept.").waitFor();
    const kept = (await answer.textContent()) ?? "";
    expect(kept).not.toContain("To get real answers");
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();

    await page.reload();
    await app.items.first().click();
    const reloaded = lastAnswer(page);
    await reloaded.getByText("You stopped this answer; what was written is kept.").waitFor();
    expect(await reloaded.getAttribute("data-state")).toBe("stopped");
    await app.close();
  });

  it("leaving mid-answer and coming back shows the answer finished by the server", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await setOfflinePace(app.user, "hold");
    await askAboutSchedule(app);
    await lastAnswer(page).getByText("Offline model").first().waitFor();
    await page.reload();
    // Only now, with the reader gone, does the server write the rest.
    await setOfflinePace(app.user, null);
    await app.items.first().click();
    const answer = lastAnswer(page);
    // The rest arrives live; the answer is complete once its last event has come.
    await answer.getByText("To get real answers", { exact: false }).waitFor({ timeout: 60_000 });
    await expect.poll(() => answer.getAttribute("data-state"), { timeout: 60_000 }).toBe("complete");
    expect(await page.getByTestId("message-user").count()).toBe(1);
    await app.close();
  });
});
