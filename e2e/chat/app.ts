/**
 * What the chat's browser tests share: a fresh account signed in through the
 * header's sign-in modal, landing on /chat, and a page that records the app's own crashes.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import type { Gateway } from "@quorum/local/gateway";
import {
  call,
  gatewayWithSettings,
  launchBrowser,
  signedInUser,
  siteWithApi,
  webUrl,
  type SiteProxy,
  type TestUser,
} from "@quorum/local/testing";
import { startFakeServer, type FakeHandler, type FakeServer } from "@quorum/testing/fake-models";

export interface ChatApp {
  page: Page;
  user: TestUser;
  crashes: string[];
  /** The sidebar's conversation items. */
  items: Locator;
  item(title: string | RegExp): Locator;
  box: Locator;
  ask(text: string): Promise<void>;
  /** Waits for the n-th AI message (1-based) and answers it. */
  answer(n: number): Promise<Locator>;
  /** Waits until the search palette's shortcut listens (it loads after the page), as the sidebar's button shows. */
  searchReady(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenChatOptions {
  theme?: "light" | "dark";
  /** The account's language, saved in its settings before the browser signs in. */
  language?: "en" | "es" | "fr" | "de";
  /** The chat's heading in that language. */
  heading?: string;
  /** Where the site is (the stack's by default). */
  siteUrl?: string;
}

export async function openChat(browser: Browser, options: OpenChatOptions = {}): Promise<ChatApp> {
  // The account exists in Quorum before the browser arrives, as after any earlier sign-in.
  const user = await signedInUser();
  if (options.language) {
    const saved = await call(user, "PUT", `/api/users/${user.uid}/settings`, { preferences: { language: options.language } });
    expect(saved.status, saved.text).toBe(200);
  }
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  if (options.theme) await context.addInitScript(`localStorage.setItem("theme", ${JSON.stringify(options.theme)})`);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const crashes: string[] = [];
  page.on("pageerror", (error) => crashes.push(error.message));

  await page.goto(`${options.siteUrl ?? webUrl()}/`);
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to Quorum" });
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Sign In / Sign Up" }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe("/chat");
  await page.getByRole("heading", { name: options.heading ?? "Quorum Chat", exact: true }).waitFor({ timeout: 30_000 });

  const sidebar = page.getByTestId("conversation-sidebar");
  const items = sidebar.getByTestId("conversation-item");
  // By id: the label is in the account's language.
  const box = page.locator("#chat-input");
  return {
    page,
    user,
    crashes,
    items,
    item: (title) => items.filter({ has: page.getByTestId("conversation-title").getByText(title, { exact: typeof title === "string" }) }),
    box,
    async ask(text) {
      await box.fill(text);
      await box.press("Enter");
    },
    async answer(n) {
      const message = page.getByTestId("message-ai").nth(n - 1);
      await message.waitFor({ timeout: 60_000 });
      // The answer appears at once and is written in place: it is complete when it is no longer streaming.
      await expect.poll(() => message.getAttribute("data-state"), { timeout: 60_000 }).not.toBe("streaming");
      return message;
    },
    async searchReady() {
      await expect.poll(() => sidebar.getByRole("button", { name: /^Search/ }).isEnabled()).toBe(true);
    },
    async close() {
      expect(crashes).toEqual([]);
      await context.close();
    },
  };
}

/**
 * For a file of tests whose Gemini is a fake answering with `handler`: a gateway using it,
 * a site in front of that gateway, and a browser, started before the tests and closed after.
 */
export function withFakeGemini(handler: FakeHandler) {
  const stack = {} as { browser: Browser; site: SiteProxy; fake: FakeServer; gateway: Gateway };
  beforeAll(async () => {
    stack.fake = await startFakeServer(handler);
    stack.gateway = await gatewayWithSettings({ GEMINI_API_KEY: "k", GEMINI_BASE_URL: `${stack.fake.url}/v1` });
    stack.site = await siteWithApi(stack.gateway.url);
    stack.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stack.browser?.close();
    await Promise.all([stack.site?.close(), stack.gateway?.close(), stack.fake?.close()]);
  });
  return stack;
}
