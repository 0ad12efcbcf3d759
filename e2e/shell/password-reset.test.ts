import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createUser, env, waitForMail } from "@quorum/local/testing";
import { launchBrowser, newEmail, openApp, signIn } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The app's own words in each language, from the catalogs it ships. */
const catalog = (lang: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../packages/web/src/locales/${lang}/${namespace}.json`, import.meta.url), "utf8"));
const LANGUAGES = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" } as const;

/** Opens Sign In in the page's language, types an address and asks for a reset link. */
async function askForReset(page: Page, lang: keyof typeof LANGUAGES, email: string) {
  const auth = catalog(lang, "auth");
  await page
    .getByRole("banner")
    .getByRole("button", { name: catalog(lang, "layout").signIn, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: auth.signIn.title.replace("{product}", "Quorum") });
  await dialog.getByLabel(auth.signIn.email).fill(email);
  await dialog.getByRole("button", { name: auth.reset.forgot }).click();
  return dialog;
}

/** A password the identity provider accepts for `email`, or not (its REST sign-in, as the SDK calls it). */
async function passwordWorks(email: string, password: string) {
  const emulator = `http://${env("FIREBASE_AUTH_EMULATOR_HOST")}`;
  const res = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return res.ok;
}

// Mail, a link and two sign-ins outlive the default 30 s on a busy 2-core machine.
describe("password reset", { timeout: 120_000 }, () => {
  it("Forgot password? mails a link; the link sets a new password, which then signs in (the old one no longer does)", async () => {
    const account = await createUser({ password: "old-secret-1" });
    const app = await openApp(browser, "/");
    const { page } = app;
    const dialog = await askForReset(page, "en", account.email);
    await dialog.getByText(`We sent a link to reset your password to ${account.email}.`, { exact: false }).waitFor();

    const mail = await waitForMail(account.email, (m) => m.subject === "Reset your Quorum password");
    const link = /https?:\/\/\S+\/auth\/action\?\S+/.exec(mail.text)?.[0];
    expect(link).toContain("mode=resetPassword");
    await page.keyboard.press("Escape");
    await page.goto(link!);
    const card = page.getByTestId("reset-password");
    await card.getByText(`For the account ${account.email}.`).waitFor();
    await card.getByLabel("New password").fill("abc");
    await card.getByRole("button", { name: "Save new password" }).click();
    await card.getByText("Password should be at least 6 characters.").waitFor();
    await card.getByLabel("New password").fill("new-secret-2");
    await card.getByRole("button", { name: "Save new password" }).click();
    await card.getByText(`Your password was changed. Sign in to ${account.email} with your new password.`).waitFor();
    expect(await passwordWorks(account.email, "old-secret-1")).toBe(false);

    await card.getByRole("button", { name: "Sign In" }).click();
    const signInDialog = page.getByRole("dialog", { name: "Welcome to Quorum" });
    await signInDialog.getByLabel("Email").fill(account.email);
    await signInDialog.getByLabel("Password").fill("new-secret-2");
    await signInDialog.getByRole("button", { name: "Sign In / Sign Up" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/chat");
    await page.getByRole("link", { name: /^Hi, / }).waitFor();

    // The link worked once.
    await page.goto(link!);
    await page
      .getByText("This reset link has expired or has already been used. Ask for a new one with Forgot password? in Sign In.")
      .waitFor();
    await app.close();
  });

  it.each(Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, string][])(
    "in %s, an unknown address and too many tries are each said in a sentence of the page's language",
    async (lang, locale) => {
      const reset = catalog(lang, "auth").reset;
      const app = await openApp(browser, "/", { locale });
      const dialog = await askForReset(app.page, lang, newEmail("nobody"));
      await dialog.getByText(reset.unknownAddress).waitFor();

      // The identity provider's own refusal of one request too many, as it answers on the wire.
      await app.page.route("**/accounts:sendOobCode**", (route) =>
        route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: 400, message: "TOO_MANY_ATTEMPTS_TRY_LATER", errors: [] } }),
        }),
      );
      await dialog.getByRole("button", { name: reset.forgot }).click();
      await dialog.getByText(reset.tooMany).waitFor();
      await app.close();
    },
  );

  it("a signed-in user's password still works after someone else asks for a reset of it: nothing changes until the link is used", async () => {
    const account = await createUser({ password: "keep-secret-3" });
    const app = await openApp(browser, "/");
    await askForReset(app.page, "en", account.email);
    await waitForMail(account.email, (m) => m.subject === "Reset your Quorum password");
    await app.page.keyboard.press("Escape");
    await signIn(app.page, account.email, "keep-secret-3");
    await app.close();
  });
});
