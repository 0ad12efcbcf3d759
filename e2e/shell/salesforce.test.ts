import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { addProject } from "@quorum/local/testing";
import { launchBrowser, signedInApp, webUrl } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The test stack has no Salesforce connected app: what a server without one shows.
describe("Salesforce on a server without a connected app", { timeout: 90_000 }, () => {
  it("the profile's card says the integration is not set up and offers nothing to fill in or press; projects show no panel", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    const card = page.getByTestId("salesforce-card");
    await card.getByText("The Salesforce integration is not set up on this server.", { exact: false }).waitFor();
    expect(await card.getByRole("textbox").count()).toBe(0);
    expect(await card.getByRole("button").count()).toBe(0);

    // Editing the profile brings no Salesforce fields back.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    expect(await card.getByRole("textbox").count()).toBe(0);

    const projectId = await addProject(app.account, { name: "Harbour crane" });
    await page.goto(new URL(`/projects/${projectId}`, webUrl()).href);
    await page.getByRole("heading", { name: "Harbour crane" }).waitFor();
    expect(await page.getByTestId("salesforce-panel").count()).toBe(0);
    await app.close();
  });
});
