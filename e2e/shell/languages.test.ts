import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newEmail, openApp, signedInApp, webUrl } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rootFontSize = (page: Page) => page.evaluate("getComputedStyle(document.documentElement).fontSize") as Promise<string>;

// A walk through several pages outlives the default 30 s on a busy 2-core machine.
describe("language and font size", { timeout: 120_000 }, () => {
  it("French and a large font, saved on /settings, are on every screen after a reload", async () => {
    const app = await signedInApp(browser, "/settings");
    const { page } = app;
    expect(await rootFontSize(page)).toBe("16px");
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Français" }).click();
    await page.getByRole("combobox", { name: "Font size" }).click();
    await page.getByRole("option", { name: "Large" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    // Applied at once, without a reload.
    await page.getByText("Paramètres enregistrés !").waitFor();
    expect(await rootFontSize(page)).toBe("18px");

    // At the first paint, before the app has fetched the settings, the page is already large and French.
    // (Read at the paint itself: the app's scripts no longer hold DOMContentLoaded until the stylesheet is in.)
    await page
      .context()
      .addInitScript(
        `new PerformanceObserver((list) => { if (!window.firstPaint && list.getEntriesByName("first-paint").length) window.firstPaint = { fontSize: getComputedStyle(document.documentElement).fontSize, lang: document.documentElement.lang }; }).observe({ type: "paint", buffered: true });`,
      );
    await page.reload();
    await page.getByRole("heading", { name: "Paramètres", level: 1 }).waitFor();
    expect(await page.evaluate("window.firstPaint")).toEqual({ fontSize: "18px", lang: "fr" });
    await page.getByRole("switch", { name: "Notifications push" }).waitFor();
    expect(await page.evaluate("document.documentElement.lang")).toBe("fr");
    expect(await rootFontSize(page)).toBe("18px");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Se déconnecter" }).waitFor();
    await header.getByRole("link", { name: /^Bonjour, / }).waitFor();

    await page.goto(new URL("/profile", webUrl()).href);
    await page.getByRole("heading", { name: "Paramètres du profil" }).waitFor();
    await page.getByRole("button", { name: "Modifier le profil" }).waitFor();
    await page.getByRole("heading", { name: "Statut du compte" }).waitFor();
    expect(await rootFontSize(page)).toBe("18px");

    await page.goto(new URL("/help", webUrl()).href);
    await page.getByRole("heading", { name: "Contacter le support" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Paramètres" }).waitFor();
    expect(await rootFontSize(page)).toBe("18px");

    // Another device that speaks German: the account's French follows the sign-in.
    const other = await openApp(browser, "/", { locale: "de-DE" });
    await other.page.getByRole("banner").getByRole("button", { name: "Anmelden" }).click();
    const dialog = other.page.getByRole("dialog", { name: "Willkommen bei Quorum" });
    await dialog.getByLabel("E-Mail").fill(app.account.email);
    await dialog.getByLabel("Passwort").fill(app.account.password);
    await dialog.getByRole("button", { name: "Anmelden / Registrieren" }).click();
    await other.page
      .getByRole("banner")
      .getByRole("link", { name: /^Bonjour, / })
      .waitFor();
    expect(await rootFontSize(other.page)).toBe("18px");
    await other.close();
    await app.close();
  });

  it("a signed-out visitor sees the landing page in the browser's language, never English first", async () => {
    const app = await openApp(browser, "/", { locale: "de-DE" });
    const { page } = app;
    await page.getByRole("heading", { name: "Einmal fragen. Jedes Modell hören.", level: 1 }).waitFor();
    // What could be painted: the browser paints nothing before the page's stylesheets are in, and
    // until then innerText also counts the prerendered English first screen that styles.css hides.
    await page.context().addInitScript(
      `new MutationObserver(() => {
          const styled = [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet);
          if (styled && /Get Started|Sign In/.test(document.body?.innerText ?? "")) window.sawEnglish = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });`,
    );
    await page.reload();
    await page.getByRole("heading", { name: "Einmal fragen. Jedes Modell hören.", level: 1 }).waitFor();
    expect(await page.evaluate("window.sawEnglish ?? false")).toBe(false);
    await page.getByRole("banner").getByRole("button", { name: "Anmelden" }).waitFor();
    await page.getByRole("heading", { name: "Einfache Pläne, die mit Ihnen wachsen" }).waitFor();
    expect(await page.evaluate("document.documentElement.lang")).toBe("de");
    await page.getByRole("banner").getByRole("button", { name: "Anmelden" }).click();
    await page.getByRole("dialog", { name: "Willkommen bei Quorum" }).getByLabel("Passwort").waitFor();
    await app.close();
  });

  it("a visitor who signs up in German keeps German as the account's language", async () => {
    const app = await openApp(browser, "/", { locale: "de-DE" });
    const { page } = app;
    await page.getByRole("banner").getByRole("button", { name: "Jetzt starten" }).click();
    const wizard = page.getByRole("dialog");
    await wizard.getByRole("button", { name: /Starter wählen/ }).click();
    await wizard.getByLabel("Vorname").fill("Emmy");
    await wizard.getByLabel("Nachname").fill("Noether");
    await wizard.getByLabel("E-Mail").fill(newEmail("signup-de"));
    await wizard.getByRole("button", { name: "Weiter" }).click();
    await wizard.getByLabel("Passwort").fill("secret123");
    await wizard.getByRole("button", { name: "Konto erstellen" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe("/chat");
    await page.getByRole("link", { name: "Hallo, Emmy Noether" }).waitFor();

    // The account now says German, so /settings shows it and every device will use it.
    await page.goto(new URL("/settings", webUrl()).href);
    await page.getByRole("combobox", { name: "Sprache" }).filter({ hasText: "Deutsch" }).waitFor();
    await app.close();
  });
});
