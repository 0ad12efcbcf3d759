/**
 * What the shell's browser tests share: the running web app's address, a page that
 * records the app's own errors, accounts in the Auth Emulator, and signing in as a person would.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "@quorum/local/testing";

export const webUrl = () => process.env.WEB_URL ?? "http://127.0.0.1:5173";
const authEmulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099";

export { launchBrowser };

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
}

export async function openApp(browser: Browser, path = "/", options: OpenAppOptions = {}): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: options.locale ?? "en-US" });
  // A string, not a function: this file is type-checked without the DOM library.
  if (options.theme) await context.addInitScript(`localStorage.setItem("theme", ${JSON.stringify(options.theme)})`);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const crashes: string[] = [];
  page.on("pageerror", (error) => crashes.push(error.message));
  await page.goto(new URL(path, webUrl()).href);
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

/** An identity that exists only in the Auth Emulator (Quorum learns about it at the first sign-in). */
export async function emulatorAccount(password = "secret123") {
  const email = newEmail("account");
  const response = await fetch(`http://${authEmulator()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth Emulator sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { email, password, uid: body.localId, idToken: body.idToken };
}

/** Signs in through the header's modal and waits for the redirect to /chat. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to Quorum" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In / Sign Up" }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/chat");
  await page.getByRole("link", { name: /^Hi, / }).waitFor();
}

/** A fresh account, signed in, on /chat. */
export async function signedInApp(browser: Browser, path = "/") {
  const account = await emulatorAccount();
  const app = await openApp(browser, "/");
  await signIn(app.page, account.email, account.password);
  if (path !== "/chat") await app.page.goto(new URL(path, webUrl()).href);
  return { ...app, account };
}

/** A 2x2 PNG, for logo uploads. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAHBQCAdnJ8dQAAAAASUVORK5CYII=",
  "base64",
);
