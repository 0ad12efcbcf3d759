import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { accessibilityViolations } from "@quorum/local/testing";
import { launchBrowser, openApp, signedInApp, webUrl, type AppPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const THEMES = ["light", "dark"] as const;

async function expectClean(app: AppPage, screen: string) {
  expect({ screen, violations: await accessibilityViolations(app.page) }).toEqual({ screen, violations: [] });
}

// axe-core over several pages outlives the default 30 s on a busy 2-core machine.
describe("the shell's screens have no accessibility violations", { timeout: 180_000 }, () => {
  it.each(THEMES)("signed out, %s theme: the landing page and the sign-in modal", async (theme) => {
    const app = await openApp(browser, "/", { theme });
    await app.page.getByRole("heading", { level: 1 }).waitFor();
    await expectClean(app, "/");
    await app.page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await app.page.getByRole("dialog", { name: "Welcome to Quorum" }).getByLabel("Password").waitFor();
    await expectClean(app, "sign-in modal");
    await app.close();
  });

  it.each(THEMES)("signed in, %s theme: /profile, /settings and /help", async (theme) => {
    const app = await signedInApp(browser, "/chat");
    const { page } = app;
    await page.evaluate(`localStorage.setItem("theme", ${JSON.stringify(theme)})`);
    for (const [path, ready] of [
      ["/profile", "Account Status"],
      ["/settings", "Preferences"],
      ["/help", null],
    ] as const) {
      await page.goto(new URL(path, webUrl()).href);
      if (ready) await page.getByRole("heading", { name: ready }).waitFor();
      else await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(theme === "dark");
      await expectClean(app, path);
    }
    await app.close();
  });
});
