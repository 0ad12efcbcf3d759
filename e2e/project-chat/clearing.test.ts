import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { accessibilityViolations, addProject, call, signedInUser, type TestUser } from "@quorum/local/testing";
import { launchBrowser, openApp, signIn, webUrl, type AppPage } from "../shell/browser";

/**
 * A person clears a project's chat and the chat across all projects (each asks
 * first: Cancel keeps it, Clear deletes it), and on /projects opens the
 * 'Projects Chat' list, which leads to each conversation. Both screens read
 * cleanly for assistive technology in both themes.
 */
describe("clearing project chats and the Projects Chat list", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  const go = (page: Page, path: string) => page.goto(new URL(path, webUrl()).href);
  const projectsList = async (user: TestUser) =>
    (await call(user, "GET", `/api/projects-conversations?userId=${user.uid}`)).body.conversations as { id: string; title: string }[];

  /** A fresh account with a project, signed in; `asked` questions were put to the project's and the all-projects chat first. */
  async function open(options: { theme?: "light" | "dark"; asked?: boolean } = {}) {
    const user = await signedInUser();
    const projectId = await addProject(user, { name: "Harbor Depot" });
    if (options.asked) {
      const project = await call(user, "POST", `/api/projects/${projectId}/chat`, {
        message: "What is the address?",
        projectId,
        userId: user.uid,
      });
      expect(project.status, project.text).toBe(200);
      const all = await call(user, "POST", "/api/projects-chat", { message: "Which projects do I have?", userId: user.uid });
      expect(all.status, all.text).toBe(200);
    }
    const app: AppPage = await openApp(browser, "/", { theme: options.theme });
    await signIn(app.page, user.email, user.password);
    return { ...app, user, projectId };
  }

  async function askProject(page: Page, question: string) {
    await page.getByPlaceholder("Ask about project documents, quotes, requirements...").fill(question);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByTestId("ai-message").last().getByText("Offline model").waitFor({ timeout: 30_000 });
  }

  it("a project's chat is cleared only once confirmed", { timeout: 120_000 }, async () => {
    const app = await open();
    const { page, user, projectId } = app;
    await go(page, `/projects/${projectId}/chat`);
    await askProject(page, "Who is the customer of this project?");

    await page.getByRole("button", { name: "Clear chat" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Clear this project's chat?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("user-message").count()).toBe(1);
    expect((await call(user, "GET", `/api/projects/${projectId}/conversation`)).body.messages).toHaveLength(2);

    await page.getByRole("button", { name: "Clear chat" }).click();
    await dialog.getByRole("button", { name: "Clear chat" }).click();
    await page.getByText("Start a conversation about this project").waitFor();
    expect((await call(user, "GET", `/api/projects/${projectId}/conversation`)).body.messages).toEqual([]);

    // The next question starts afresh, and a reload shows only it.
    await askProject(page, "What is the address?");
    await page.reload();
    await page.getByTestId("user-message").first().waitFor();
    expect(await page.getByTestId("user-message").count()).toBe(1);
    await app.close();
  });

  it("the Projects Chat list on /projects leads to each conversation", { timeout: 120_000 }, async () => {
    const app = await open({ asked: true });
    const { page, projectId } = app;
    await go(page, "/projects");
    const panel = page.getByRole("complementary", { name: "AI Chat - All Projects" });
    await panel.getByTestId("ai-message").getByText("Offline model").waitFor({ timeout: 30_000 });

    await panel.getByRole("tab", { name: "Projects Chat" }).click();
    await panel.getByRole("heading", { name: "Projects Chat" }).waitFor();
    await panel.getByText("2 conversations", { exact: true }).waitFor();
    const items = panel.getByTestId("conversation-item");
    await items.filter({ hasText: "All Projects Chat" }).waitFor();
    await items.filter({ hasText: "Project: Harbor Depot" }).waitFor();

    // The all-projects conversation opens in the panel's chat, a project's on its project.
    await items.filter({ hasText: "All Projects Chat" }).getByRole("button").first().click();
    await panel.getByTestId("user-message").getByText("Which projects do I have?").waitFor();
    await panel.getByRole("tab", { name: "Projects Chat" }).click();
    await items.filter({ hasText: "Project: Harbor Depot" }).getByRole("button").first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${projectId}/chat`);
    await page.getByTestId("user-message").getByText("What is the address?").waitFor();
    await app.close();
  });

  it("the all-projects conversation is cleared only once confirmed", { timeout: 120_000 }, async () => {
    const app = await open({ asked: true });
    const { page, user } = app;
    await go(page, "/projects");
    const panel = page.getByRole("complementary", { name: "AI Chat - All Projects" });
    await panel.getByTestId("user-message").first().waitFor();

    await panel.getByRole("button", { name: "Clear chat" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Clear the All Projects chat?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await panel.getByTestId("user-message").count()).toBe(1);
    expect((await projectsList(user)).map((c) => c.title)).toContain("All Projects Chat");

    await panel.getByRole("button", { name: "Clear chat" }).click();
    await dialog.getByRole("button", { name: "Clear chat" }).click();
    await panel.getByText("Ask about all your projects").waitFor();
    expect((await projectsList(user)).map((c) => c.title)).toEqual(["Project: Harbor Depot"]);

    // Asking again starts a new all-projects conversation.
    await panel.getByPlaceholder("Ask across all your projects...").fill("Anything new?");
    await panel.getByRole("button", { name: "Send message" }).click();
    await panel.getByTestId("ai-message").getByText("Offline model").waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await projectsList(user)).map((c) => c.title).sort())
      .toEqual(["All Projects Chat", "Project: Harbor Depot"]);
    await app.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the project chat and the /projects panel have no axe violations (${theme} theme)`, { timeout: 120_000 }, async () => {
      const app = await open({ theme, asked: true });
      const { page, projectId } = app;
      await go(page, `/projects/${projectId}/chat`);
      await page.getByTestId("ai-message").first().getByText("Offline model").waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Clear chat" }).click();
      await page.getByRole("alertdialog").waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await go(page, "/projects");
      const panel = page.getByRole("complementary", { name: "AI Chat - All Projects" });
      await panel.getByTestId("ai-message").first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await panel.getByRole("tab", { name: "Projects Chat" }).click();
      await panel.getByTestId("conversation-item").first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await app.close();
    });
  }
});
