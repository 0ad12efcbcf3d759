import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, webUrl, type TestUser } from "@quorum/local/testing";
import { browserForTests } from "../shell/browser";
import {
  CONTACT,
  CUSTOMER,
  overflowsSideways,
  PROJECT,
  screens,
  setLanguage,
  workspaceAccount,
  inDialog,
  type Workspace,
} from "./workspace";

/**
 * A person whose account is set to French sees projects, a project's documents and quotes, and
 * customers in French, with French dates and amounts; every screen reads well in all four
 * languages (nothing sticks out, no message key shows) and axe finds nothing in either theme.
 * The tests share one account and its workspace; each signs in, in English, on a page of its own
 * and then sets the language it looks at.
 */
describe("projects, documents, quotes and customers in the account's language", () => {
  const browser = browserForTests();
  let page: Page;
  let user: TestUser;
  let workspace: Workspace;

  beforeAll(async () => {
    ({ user, workspace } = await workspaceAccount());
  }, 240_000);
  beforeEach(async () => {
    // Signed in in English, whatever language an earlier test left the account in.
    await setLanguage(user, "en");
    ({ page } = await browser.signedInAs(user, "/chat"));
  });

  /** Opens a screen once the account's language is on it and its data has arrived. */
  async function open(path: string, language: string, ready: string) {
    await page.goto(new URL(path, webUrl()).href);
    await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
    await page.getByTestId(ready).first().waitFor();
  }

  const READY = {
    projects: "project-card",
    documents: "document-row",
    quotes: "quote-row",
    upload: "dropzone",
    customers: "customer-card",
  } as const;

  it("shows a French account its projects, documents, quotes and customers in French", { timeout: 120_000 }, async () => {
    await setLanguage(user, "fr");
    const at = screens(workspace);
    const today = new Date().toLocaleDateString("fr-FR", { year: "numeric", month: "short", day: "numeric" });

    await open(at.projects, "fr", READY.projects);
    await page.getByRole("heading", { level: 1, name: "Projets" }).waitFor();
    const card = page.getByTestId("project-card").filter({ hasText: PROJECT });
    await card.getByText("en pause", { exact: true }).waitFor();
    await card.getByText(`Créé le ${today}`).waitFor();
    await card.getByText(CUSTOMER).waitFor();
    await card.getByRole("link", { name: "Ouvrir le projet" }).waitFor();

    await open(at.documents, "fr", READY.documents);
    const nav = page.getByRole("navigation", { name: "Sections du projet" });
    expect(await nav.getByRole("link", { name: "Documents" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("heading", { level: 2, name: "Documents" }).waitFor();
    await page.getByRole("heading", { name: /^Devis fournisseurs/ }).waitFor();
    await page.getByText("2 documents", { exact: true }).waitFor();
    const row = page.getByTestId("document-row").filter({ hasText: "acme-quote.pdf" });
    await row.getByTestId("document-status").getByText("terminé").waitFor();
    await row.getByText(today, { exact: false }).waitFor();
    await row.getByText(/^Devis AIS-2024-0117 · Acme Industrial Supply Co\. · .* · 2\s269,49\s\$/).waitFor();

    await open(at.quotes, "fr", READY.quotes);
    await page.getByRole("heading", { level: 2, name: "Devis" }).waitFor();
    await page.getByRole("columnheader", { name: "Fournisseur / Client" }).waitFor();
    const acme = page.getByTestId("quote-row").filter({ hasText: "Acme Industrial Supply Co." });
    await acme.getByText(/^2\s269,49\s\$$/).waitFor();
    await acme.getByText("Vérifié").waitFor();
    await page.getByRole("link", { name: "Comparer les devis fournisseurs" }).waitFor();

    await open(at.customers, "fr", READY.customers);
    await page.getByRole("heading", { level: 1, name: "Gestion des clients" }).waitFor();
    const customer = page.getByTestId("customer-card").filter({ hasText: CUSTOMER });
    await customer.getByText(/^Plafond de crédit : 50\s000\s\$$/).waitFor();
    await customer.getByText("Conditions de paiement : 30 jours net").waitFor();
    await customer.getByText("Exonéré de taxes : Oui").waitFor();
    await customer.getByText("1 contact", { exact: true }).waitFor();
    await customer.getByRole("button", { name: `Supprimer ${CUSTOMER}` }).waitFor();
    await page.getByRole("tab", { name: "Contacts" }).click();
    const contact = page.getByTestId("contact-card").filter({ hasText: CONTACT });
    await contact.getByRole("button", { name: "Définir comme principal" }).click();
    await page.getByText("Contact principal mis à jour").first().waitFor();
  });

  it("reads well in every language: nothing sticks out sideways, no message key shows", { timeout: 240_000 }, async () => {
    const shots = process.env.SHOTS_DIR;
    for (const language of ["en", "es", "fr", "de"] as const) {
      await setLanguage(user, language);
      for (const [name, path] of Object.entries(screens(workspace)) as [keyof typeof READY, string][]) {
        await open(path, language, READY[name]);
        expect(await overflowsSideways(page), `${name} in ${language}`).toBe(false);
        const text = await page.locator("main").innerText();
        expect(text, `${name} in ${language}`).not.toMatch(
          /\b(?:card|fields|section|detail|summary|table|upload|row|status)\.[a-zA-Z_-]+\b/,
        );
        if (shots) await page.screenshot({ path: join(shots, `${name}-${language}.png`), fullPage: true });
      }
      if (shots) {
        // the longest dialogs, for a person to look at in each language
        await open(screens(workspace).quotes, language, READY.quotes);
        await page.getByTestId("quote-row").first().getByRole("button").first().click();
        await page.getByRole("dialog").waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(shots, `quote-dialog-${language}.png`) });
        await page.keyboard.press("Escape");
      }
    }
  });

  it("gives axe nothing to report on any of these screens, light or dark, dialogs included", { timeout: 300_000 }, async () => {
    const at = screens(workspace);
    // Every screen is looked at before the verdict, so one run names every problem.
    const found: { where: string; id: string; targets: string[] }[] = [];
    const describe = async (target: string) =>
      `${target}: ${(await page.evaluate(`document.querySelector(${JSON.stringify(target)})?.outerHTML.slice(0, 160)`)) as string}`;
    let theme: "light" | "dark" = "light";
    const clean = async (what: string, options: { dialog?: boolean } = {}) => {
      // a dialog fades in: its colours are measured once it is there
      if (options.dialog) await page.waitForTimeout(400);
      for (const v of await accessibilityViolations(page)) {
        const targets = [];
        for (const target of v.targets) if (!options.dialog || (await inDialog(page, target))) targets.push(target);
        if (targets.length) found.push({ where: `${what}, ${theme}`, id: v.id, targets: await Promise.all(targets.map(describe)) });
      }
    };

    await page.emulateMedia({ reducedMotion: "reduce" });
    for (theme of ["light", "dark"] as const) {
      // the stored theme is applied before the first paint of each page, as on a person's next visit
      await page.evaluate(`localStorage.setItem("theme", ${JSON.stringify(theme)})`);
      for (const [name, path] of Object.entries(at) as [keyof typeof READY, string][]) {
        await open(path, "en", READY[name]);
        await clean(name);
      }

      await page.goto(new URL(`/projects/${workspace.projectId}`, webUrl()).href);
      await page.getByRole("heading", { name: "Project Address" }).waitFor();
      await clean("project overview");
      await page.getByRole("button", { name: "Edit Project" }).click();
      await page.getByRole("dialog", { name: "Edit Project" }).waitFor();
      await clean("edit project dialog", { dialog: true });
      await page.keyboard.press("Escape");

      await open(at.quotes, "en", READY.quotes);
      await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
      await page.getByRole("table", { name: "Line items" }).waitFor();
      await clean("quote detail dialog", { dialog: true });
      await page.keyboard.press("Escape");
      // the comparison is a page of its own (vendor leveling), checked in its own test too
      await page.getByRole("link", { name: "Compare vendor quotes" }).click();
      await page.getByRole("heading", { name: "Vendor leveling" }).waitFor();
      await clean("vendor leveling page");

      await open(at.customers, "en", READY.customers);
      await page.getByRole("button", { name: "Add Customer" }).click();
      await page.getByRole("dialog", { name: "Add New Customer" }).waitFor();
      await clean("add customer dialog", { dialog: true });
      await page.keyboard.press("Escape");
      await page.getByRole("tab", { name: "Contacts" }).click();
      await page.getByRole("button", { name: `Delete ${CONTACT}` }).click();
      await page.getByRole("alertdialog", { name: "Delete Contact" }).waitFor();
      await clean("delete contact confirmation", { dialog: true });
      await page.getByRole("button", { name: "Cancel" }).click();
    }
    expect(found).toEqual([]);
  });
});
