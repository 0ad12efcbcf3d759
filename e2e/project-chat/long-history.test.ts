import { beforeAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import { addProject, seedChat, signedInUser, type TestUser } from "@quorum/local/testing";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * A person with a long project chat sees its latest messages first, and older
 * ones as they scroll up, without losing their place; a new question still
 * brings the view to the newest message. The same in the all-projects panel.
 * The account and its two histories are shared; each test signs in on its own page.
 */
const COUNT = 120;

describe("a long project chat in the browser", () => {
  const browser = browserForTests();
  let user: TestUser;
  let projectId: number;

  beforeAll(async () => {
    user = await signedInUser();
    projectId = await addProject(user);
    await seedChat(user, { kind: "project", projectId, projectName: "Riverside Warehouse" }, COUNT);
    await seedChat(user, { kind: "all" }, COUNT);
  }, 120_000);

  const bubbles = (log: Locator) => log.locator("[data-testid=user-message], [data-testid=ai-message]");
  const toTop = (log: Locator) => log.evaluate((el) => (el.scrollTop = 0));

  /** Opens at the latest page, then scrolls up page by page to the first message. */
  async function readBackToTheStart(log: Locator) {
    await log.getByText(`Message ${COUNT - 1}`, { exact: true }).waitFor();
    expect(await bubbles(log).count()).toBe(MESSAGE_PAGE_SIZE);
    expect(await log.getByText("Message 0", { exact: true }).count()).toBe(0);
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);

    await toTop(log);
    await expect.poll(() => bubbles(log).count()).toBe(2 * MESSAGE_PAGE_SIZE);
    // The page arrived above the reader: what they were reading stays in view, not the top.
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
    await log.getByText(`Message ${COUNT - MESSAGE_PAGE_SIZE}`, { exact: true }).waitFor({ state: "visible" });

    await toTop(log);
    await log.getByText("Message 0", { exact: true }).waitFor();
    expect(await bubbles(log).count()).toBe(COUNT);
    await expect.poll(() => log.getByTestId("older-messages").count()).toBe(0);
  }

  it("opens a project chat at its latest page and reads back to its first message by scrolling up", { timeout: 60_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/chat`);
    const log = page.getByRole("log", { name: "Messages" });
    await readBackToTheStart(log);
    await reviewShot(page, "project-chat-oldest.png");

    // A new question lands below all the loaded pages, and the view follows it.
    await page.getByPlaceholder("Ask about project documents, quotes, requirements...").fill("What is in this project?");
    await page.getByRole("button", { name: "Send message" }).click();
    await log.getByText("What is in this project?").waitFor();
    await expect.poll(() => bubbles(log).count(), { timeout: 30_000 }).toBe(COUNT + 2);
    // (It glides there: allow the smooth scroll its time.)
    await expect.poll(() => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight), { timeout: 60_000 }).toBeLessThan(2);
    expect(await bubbles(log).last().getAttribute("data-testid")).toBe("ai-message");
  });

  it("the all-projects panel pages its history the same way", { timeout: 60_000 }, async () => {
    const { page } = await browser.signedInAs(user, "/projects");
    const panel = page.getByRole("complementary", { name: "AI Chat - All Projects" });
    await readBackToTheStart(panel.getByRole("log", { name: "Messages" }));
  });
});
