/**
 * What the browser tests share: a page that records the app's own errors, signing in as a
 * person would, and a page already signed in as a given user, so each test starts from a
 * state it made itself.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createUser, launchBrowser, webUrl, type TestUser } from "@quorum/local/testing";

export { launchBrowser, webUrl };

export interface AppPage {
  page: Page;
  /** Uncaught exceptions in the page: a test fails if the app threw. */
  crashes: string[];
  close(): Promise<void>;
}

export interface OpenAppOptions {
  theme?: "light" | "dark";
  /** The browser's language; English unless told, so a test never depends on the machine's. */
  locale?: string;
  /** Where the site is: the stack's unless a test runs one of its own (`siteWithSettings`). */
  siteUrl?: string;
}

export async function openApp(browser: Browser, path = "/", options: OpenAppOptions = {}): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: options.locale ?? "en-US" });
  // A string, not a function: this file is type-checked without the DOM library.
  if (options.theme) await context.addInitScript(`localStorage.setItem("theme", ${JSON.stringify(options.theme)})`);
  const page = await context.newPage();
  // Only catches a hang: on a busy machine a sign-in against the Auth Emulator alone can take 15 s.
  page.setDefaultTimeout(30_000);
  const crashes: string[] = [];
  page.on("pageerror", (error) => crashes.push(error.message));
  await page.goto(new URL(path, options.siteUrl ?? webUrl()).href);
  return {
    page,
    crashes,
    close: async () => {
      expect(crashes).toEqual([]);
      await context.close();
    },
  };
}

export function newEmail(prefix = "e2e") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs in through the header's modal and waits for the redirect to /chat. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to Quorum" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In / Sign Up" }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe("/chat");
  await page.getByRole("link", { name: /^Hi, / }).waitFor();
}

/**
 * Notes whether `text` is ever shown from now on, so a message on screen for only a moment (a
 * confirmation before a redirect) is checked by what happened, not by being looked at in time.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = JSON.stringify(text);
  // A string, not a function: this file is type-checked without the DOM library.
  await page.evaluate(`(() => {
    window.seenTexts ??= {};
    const look = () => { if (document.body.innerText.includes(${key})) window.seenTexts[${key}] = true; };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  })()`);
  return () => page.evaluate<boolean>(`Boolean(window.seenTexts?.[${key}])`);
}

/** A page signed in as `user` through the header's modal, then at `path`. */
export async function signedInAs(
  browser: Browser,
  user: Pick<TestUser, "email" | "password">,
  path = "/chat",
  options: OpenAppOptions = {},
) {
  const app = await openApp(browser, "/", options);
  await signIn(app.page, user.email, user.password);
  if (path !== "/chat") await app.page.goto(new URL(path, options.siteUrl ?? webUrl()).href);
  return app;
}

/** A fresh account (known to Quorum from this first sign-in on), signed in, at `path`. */
export async function signedInApp(browser: Browser, path = "/", options: Parameters<typeof createUser>[0] = {}) {
  const account = await createUser(options);
  return { ...(await signedInAs(browser, account, path)), account };
}

/**
 * One Chromium for a suite's tests, started and stopped by the suite's hooks. The pages a
 * test opens through it are closed (and checked for crashes) after that test, so no test
 * leaves a page or a signed-in session behind for the next one.
 */
export function browserForTests() {
  let browser: Browser | undefined;
  const opened: AppPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const kept = <T extends AppPage>(app: T) => (opened.push(app), app);
  return {
    openApp: async (path?: string, options?: OpenAppOptions) => kept(await openApp(browser!, path, options)),
    signedInAs: async (user: Pick<TestUser, "email" | "password">, path?: string, options?: OpenAppOptions) =>
      kept(await signedInAs(browser!, user, path, options)),
  };
}

/** A 2x2 PNG, for logo uploads. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAHBQCAdnJ8dQAAAAASUVORK5CYII=",
  "base64",
);

/**
 * A picture of a page or an element for people reviewing the look, only when SHOTS_DIR
 * names a folder: a plain test run writes nothing outside the repository.
 */
export async function reviewShot(
  target: Pick<Page, "screenshot"> | Pick<import("playwright-core").Locator, "screenshot">,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await target.screenshot({ path: join(dir, name), ...options });
}
