import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signedInApp, webUrl } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Visit {
  locale?: string;
  /** localStorage entries present before the page loads (theme, language, the session hint). */
  storage?: Record<string, string>;
  /** Stops the app's own code from arriving, to see what the HTML paints before it runs. */
  withoutApp?: boolean;
}

async function visit(
  path: string,
  { locale = "en-US", storage = {}, withoutApp = false }: Visit = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale });
  // A string, not a function: this file is type-checked without the DOM library.
  await context.addInitScript(`for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value)`);
  if (withoutApp) await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(new URL(path, webUrl()).href);
  return { page, context };
}

const prerendered = (page: Page) => page.locator("#first-screen").getByText("Ask once.");
const markupOf = (page: Page, selector: string) => page.evaluate<string>(`document.querySelector(${JSON.stringify(selector)}).outerHTML`);

describe("the landing page's first screen in the HTML", { timeout: 90_000 }, () => {
  it("a visitor sees the header and the hero before the app's code has arrived", async () => {
    const { page, context } = await visit("/", { withoutApp: true });
    await prerendered(page).waitFor();
    expect(await page.locator("#first-screen header").getByText("Quorum", { exact: true }).isVisible()).toBe(true);
    expect(await page.locator("#first-screen main").getByText("Get Started").isVisible()).toBe(true);
    await context.close();
  });

  it("the app replaces it with the same markup, with no moment without the hero", async () => {
    const copy = await visit("/", { withoutApp: true });
    await prerendered(copy.page).waitFor();
    const header = await markupOf(copy.page, "#first-screen header");
    const hero = await markupOf(copy.page, "#first-screen main > section");
    await copy.context.close();

    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "en-US" });
    // Checks, at every change of the page, that the hero's title is on screen from its first paint on.
    await context.addInitScript(`
      window.heroGaps = 0;
      let seen = false;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll("h1")].some((h) => h.textContent.startsWith("Ask once.") && h.checkVisibility());
        if (seen && !shown) window.heroGaps += 1;
        seen ||= shown;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    `);
    const page = await context.newPage();
    await page.goto(new URL("/", webUrl()).href);
    await page.getByRole("heading", { name: /Ask once/ }).waitFor();
    expect(await page.locator("#first-screen").count()).toBe(0);
    expect(await markupOf(page, "#root header")).toBe(header);
    expect(await markupOf(page, "#root main > section")).toBe(hero);
    expect(await page.evaluate<number>("window.heroGaps")).toBe(0);
    // What the copy could not do, the app does: its buttons work.
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("dialog", { name: "Welcome to Quorum" }).waitFor();
    await context.close();
  });

  it("the app's code is fetched only once the first screen has been painted, so it never delays that paint", async () => {
    const { page, context } = await visit("/");
    await page.locator("#first-screen").waitFor({ state: "detached" });
    const [painted, firstScript] = await page.evaluate<[number, number]>(`[
      performance.getEntriesByName("first-contentful-paint")[0].startTime,
      Math.min(...performance.getEntriesByType("resource").filter((e) => /\\/assets\\/.*\\.js$/.test(e.name)).map((e) => e.startTime)),
    ]`);
    expect(firstScript).toBeGreaterThan(painted);
    await context.close();
  });

  const elsewhere: [string, string, Visit][] = [
    ["a deep link to chat", "/chat", {}],
    ["a deep link to a project", "/projects/1", {}],
    ["the landing page in the dark theme", "/", { storage: { theme: "dark" } }],
    ["the landing page in German", "/", { locale: "de-DE" }],
    ["the landing page with French chosen before", "/", { storage: { language: "fr" } }],
    ["the landing page on a browser that kept a session", "/", { storage: { session: "1" } }],
  ];
  it.each(elsewhere)("%s never shows it", async (_name, path, options) => {
    const { page, context } = await visit(path, { ...options, withoutApp: true });
    await page.locator("#first-screen").waitFor({ state: "attached" });
    expect(await prerendered(page).isVisible()).toBe(false);
    await context.close();
  });
});

// Inert and hidden from assistive technology: found by its text, not its role
const chatCopy = (page: Page) => page.locator("#first-screen-chat").getByText("Welcome to Quorum Chat");
/** The copy's gradients carry its own ids; the markup is otherwise the app's. */
const withoutCopyIds = (markup: string) => markup.replaceAll('-chat"', '"').replaceAll("-chat)", ")");

describe("/chat's first screen in the HTML", { timeout: 120_000 }, () => {
  it("a returning user sees the chat's frame and welcome before the app's code has arrived, with the account left blank", async () => {
    const { page, context } = await visit("/chat", { storage: { session: "1" }, withoutApp: true });
    await chatCopy(page).waitFor();
    expect(await page.locator("#first-screen-chat").getByPlaceholder("Ask anything...").isVisible()).toBe(true);
    expect(await page.locator("#first-screen-chat a[href='/profile']").innerText()).toBe("");
    expect(await prerendered(page).isVisible()).toBe(false);
    await context.close();
  });

  const elsewhere: [string, string, Visit][] = [
    ["a browser without a kept session", "/chat", {}],
    ["a link to a conversation", "/chat?conversation=c1", { storage: { session: "1" } }],
    ["the dark theme", "/chat", { storage: { session: "1", theme: "dark" } }],
    ["German", "/chat", { storage: { session: "1" }, locale: "de-DE" }],
  ];
  it.each(elsewhere)("%s never shows it", async (_name, path, options) => {
    const { page, context } = await visit(path, { ...options, withoutApp: true });
    await page.locator("#first-screen-chat").waitFor({ state: "attached" });
    expect(await chatCopy(page).isVisible()).toBe(false);
    await context.close();
  });

  it("the app replaces it with the same welcome, never leaving a moment without it, and fetches its code after that paint", async () => {
    const app = await signedInApp(browser, "/chat");
    const { page } = app;
    await page.getByTestId("chat-welcome").waitFor();
    // What the signed-in app shows, and what the copy showed on a reload with the app's code held back
    const welcome = await markupOf(page, "#root [data-testid='chat-welcome']");
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await chatCopy(page).waitFor();
    expect(withoutCopyIds(await markupOf(page, "#first-screen-chat [data-testid='chat-welcome']"))).toBe(welcome);
    await page.unroute(/\/assets\/.*\.js$/);

    await page.addInitScript(`
      window.welcomeGaps = 0;
      let seen = false;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll("h2")].some((h) => h.textContent === "Welcome to Quorum Chat" && h.checkVisibility());
        if (seen && !shown) window.welcomeGaps += 1;
        seen ||= shown;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    `);
    await page.reload();
    await page.locator("#first-screen-chat").waitFor({ state: "detached" });
    await page.getByRole("link", { name: /^Hi, / }).waitFor();
    expect(await page.evaluate<number>("window.welcomeGaps")).toBe(0);
    const [painted, firstScript] = await page.evaluate<[number, number]>(`[
      performance.getEntriesByName("first-contentful-paint")[0].startTime,
      Math.min(...performance.getEntriesByType("resource").filter((e) => /\\/assets\\/.*\\.js$/.test(e.name)).map((e) => e.startTime)),
    ]`);
    expect(firstScript).toBeGreaterThan(painted);
    // What the copy could not do, the app does: its composer takes a question.
    await page.getByPlaceholder("Ask anything...").fill("Hello");
    await app.close();
  });
});
