import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, launchBrowser } from "@quorum/local/testing";
import { openChat } from "./app";

/**
 * A person whose account is set to French signs in and finds /chat in French:
 * the composer, the sidebar and the buttons; a question is answered as usual.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the chat in the account's language", { timeout: 120_000 }, () => {
  it("a French account sees /chat in French and asks a question", async () => {
    const app = await openChat(browser, { language: "fr", heading: "Chat Quorum" });
    const { page } = app;
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");

    const sidebar = page.getByTestId("conversation-sidebar");
    await sidebar.getByRole("heading", { name: "Chat général" }).waitFor();
    await sidebar.getByText("0 conversation", { exact: true }).waitFor();
    await sidebar.getByText("Aucune conversation pour l'instant").waitFor();
    await sidebar.getByRole("button", { name: "Nouvelle conversation" }).waitFor();
    await page.getByRole("heading", { name: "Bienvenue dans le chat Quorum" }).waitFor();
    await page.getByRole("button", { name: "Effacer le chat" }).waitFor();
    await page.getByRole("button", { name: "Joindre un document" }).waitFor();
    await page.getByTestId("attachment-limit").getByText("Jusqu'à 10 fichiers de 20 MB").waitFor();
    await page.getByTestId("status-footer").getByText("En veille").waitFor();
    await page.getByTestId("status-footer").getByText("Modèle hors ligne").waitFor();
    expect(await app.box.getAttribute("placeholder")).toBe("Posez votre question...");
    expect(await page.getByRole("button", { name: "Envoyer", exact: true }).isDisabled()).toBe(true);

    await app.ask("Quelle est la capitale de l'Australie ?");
    await app.answer(1);
    await app.item(/capitale/).waitFor();
    await sidebar.getByText("1 conversation", { exact: true }).waitFor();
    expect(await page.getByTestId("message-user").textContent()).toContain("Quelle est la capitale de l'Australie ?");
    // Once the answer has finished streaming, the box invites the next question.
    await expect.poll(() => app.box.getAttribute("placeholder")).toBe("Posez votre question...");

    // Deleting asks first, in French.
    await app.item(/capitale/).hover();
    await page.getByRole("button", { name: /^Supprimer / }).click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer la conversation" });
    await dialog.getByRole("button", { name: "Annuler" }).waitFor();
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await sidebar.getByText("0 conversation", { exact: true }).waitFor();
    expect((await call(app.user, "GET", `/api/conversations?userId=${app.user.uid}`)).body.conversations).toHaveLength(0);
    await app.close();
  });
});
