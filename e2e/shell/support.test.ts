import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openApp, signedInApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A browser walk through several pages outlives the default 30 s on a busy 2-core machine.
describe("support", { timeout: 90_000 }, () => {
  it("a visitor's request is submitted and confirmed, with an e-mail copy on offer", async () => {
    const app = await openApp(browser, "/help");
    const { page } = app;
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Subject").fill("Upload fails");
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Bug report" }).click();
    await page.getByRole("combobox", { name: "Priority" }).click();
    await page.getByRole("option", { name: "High" }).click();
    await page.getByLabel("Message").fill("The upload button does nothing.");
    await page.getByRole("button", { name: "Submit Request" }).click();

    await page.getByRole("heading", { name: "Request Submitted!" }).waitFor();
    await page.getByText("ada@example.com").waitFor();
    const mailto = new URL((await page.getByRole("link", { name: /send a copy by e-mail/ }).getAttribute("href"))!);
    expect(mailto.searchParams.get("subject")).toBe("[Quorum Support] Upload fails");
    expect(mailto.searchParams.get("body")).toContain("Category: bug");
    expect(mailto.searchParams.get("body")).toContain("Priority: high");

    await page.getByRole("button", { name: "Submit Another Request" }).click();
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
    await app.close();
  });

  it("a signed-in user's request starts with their email and the confirmation leads back to chat", async () => {
    const app = await signedInApp(browser, "/help");
    const { page } = app;
    await expect.poll(() => page.getByLabel("Email").inputValue(), { timeout: 60_000 }).toBe(app.account.email);
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Subject").fill("Question about plans");
    await page.getByLabel("Message").fill("Can I switch plans mid-month?");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.getByRole("heading", { name: "Request Submitted!" }).waitFor();
    await page.getByRole("link", { name: "Back to Chat" }).click();
    // '/' sends a signed-in user on to the chat.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 60_000 }).toBe("/chat");
    await app.close();
  });
});
