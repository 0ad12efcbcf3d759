import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A browser walk through several pages outlives the default 30 s on a busy 2-core machine.
describe("the app shell", { timeout: 90_000 }, () => {
  it("the landing page shows the three plans and the accuracy claim", async () => {
    const app = await openApp(browser, "/");
    const pricing = app.page.locator("#pricing");
    for (const text of ["Free", "$50", "Most Popular", "Custom", "10 questions per day", "Custom SLA"]) {
      await pricing.getByText(text, { exact: true }).first().waitFor();
    }
    await app.page.locator("#benefits").getByText("85%").waitFor();
    await app.page.locator("#features").waitFor();
    await app.close();
  });

  it("an unknown path shows the 404 page", async () => {
    const app = await openApp(browser, "/no/such/page");
    await app.page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await app.page.getByText("Did you forget to add the page to the router?").waitFor();
    await app.close();
  });

  it("a signed-out visitor of /chat is sent to the landing page", async () => {
    const app = await openApp(browser, "/chat");
    await expect.poll(() => new URL(app.page.url()).pathname, { timeout: 60_000 }).toBe("/");
    await app.close();
  });

  it("customer management is denied to a signed-out visitor", async () => {
    const app = await openApp(browser, "/customers");
    await app.page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await app.page.getByText("Please log in to access the customer management system.").waitFor();
    await app.close();
  });

  it("the theme starts light and the chosen theme survives a reload", async () => {
    const app = await openApp(browser, "/");
    const { page } = app;
    const isDark = () => page.evaluate<boolean>('document.documentElement.classList.contains("dark")');
    expect(await isDark()).toBe(false);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await isDark()).toBe(true);
    await app.close();
  });

  it("the landing page does not download the chat or projects code", async () => {
    const app = await openApp(browser, "/");
    await app.page.getByRole("heading", { name: /Ask once/ }).waitFor();
    const scripts = await app.page.evaluate<string[]>('performance.getEntriesByType("resource").map((entry) => entry.name)');
    // Built chunks are named after their route files or components; the dev server serves source paths.
    const chatOrProjects =
      /\/assets\/(chat|projects|_id|upload|quotes|ChatPage|ProjectsPage|ProjectDetailPage)-[^/]*\.js$|\/src\/features\/(chat|projects)\/|\/src\/routes\/(chat|projects)[^?]*\?tsr-split/;
    const loaded = scripts.filter((name) => chatOrProjects.test(name));
    expect(loaded).toEqual([]);
    await app.close();
  });
});
