import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { call, launchBrowser } from "@quorum/local/testing";
import { reviewShot } from "../shell/browser";
import { openChat } from "./app";

/**
 * Sharing and exporting from the chat: the owner downloads the conversation and
 * makes a read-only link; someone without an account reads it; once the owner
 * stops sharing, the link says it no longer works.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const at = new Date().toISOString();
const MESSAGES = [
  { id: "q1", type: "user", content: "Which supplier is cheaper for the pumps?", timestamp: at, files: [] },
  {
    id: "a1",
    type: "ai",
    content: "**Acme** is cheaper: 1,200 EUR per pump against 1,340 EUR at Borealis.",
    timestamp: at,
    files: [],
    details: { model: "gemini", mode: "single", answers: [{ model: "gemini", service: "Gemini", status: "answered" }] },
  },
];

describe("sharing and exporting a conversation", { timeout: 120_000 }, () => {
  it("the owner downloads it and shares a read-only link that a signed-out reader can open until it is revoked", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const created = await call(app.user, "POST", "/api/conversations", { title: "Pump suppliers", messages: MESSAGES });
    expect(created.status, created.text).toBe(200);
    await page.reload();
    await app.item("Pump suppliers").click();
    await page.getByTestId("answer-text").getByText("1,200 EUR per pump").waitFor();

    await page.getByRole("button", { name: "Share or export" }).click();
    const dialog = page.getByRole("dialog", { name: "Share and export" });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Markdown" }).click()]);
    expect(download.suggestedFilename()).toBe("Pump suppliers.md");
    const markdown = await readFile((await download.path())!, "utf8");
    expect(markdown).toContain("# Pump suppliers");
    expect(markdown).toContain("## Gemini");

    await dialog.getByRole("button", { name: "Create link" }).click();
    const link = dialog.getByLabel("Link to this conversation");
    await link.waitFor();
    const url = await link.inputValue();
    expect(new URL(url).pathname).toMatch(/^\/shared\/[A-Za-z0-9_-]{40,}$/);
    await reviewShot(page, "share-dialog.png");

    // Someone without an account.
    const reader = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const readerPage = await reader.newPage();
    await readerPage.goto(url);
    await readerPage.getByRole("heading", { name: "Pump suppliers" }).waitFor();
    await readerPage.getByText("Shared conversation · read-only").waitFor();
    await readerPage.getByText("1,200 EUR per pump").waitFor();
    expect(await readerPage.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    // Read-only: nothing to type into.
    expect(await readerPage.locator("textarea").count()).toBe(0);
    await reviewShot(readerPage, "shared-page.png", { fullPage: true });

    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    await dialog.getByText("The link no longer works.").waitFor();
    await readerPage.reload();
    await readerPage.getByRole("heading", { name: "This link does not work" }).waitFor();
    await reviewShot(readerPage, "shared-revoked.png");
    await reader.close();
    await app.close();
  });
});
