import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SupportRequestEntity } from "@quorum/core/support/entity";
import { launchBrowser, signedInApp } from "../shell/browser";

/**
 * A person running their plan from /profile on a local stack without Stripe
 * keys: the test provider plays Stripe, each change reaches the account through
 * the signed webhook, and the local billing page moves the customer's test clock.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.getByTestId("account-status");

/** Upgrade from Account Status through the payment modal's free trial. */
async function startTrial(page: Page, card?: string) {
  await status(page).getByRole("button", { name: "Upgrade to Professional" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByText("Complete Your Purchase").waitFor();
  await modal.getByRole("button", { name: "Start free trial" }).waitFor();
  if (card) await modal.getByLabel("Card number").fill(card);
  expect(await modal.getByTestId("payment-amount").innerText()).toBe("$0.00");
  expect(await modal.getByTestId("payment-terms").innerText()).toMatch(/^30-day free trial, then \$50\.00\/month from \w+ \d+, \d{4}\./);
  await modal.getByRole("button", { name: "Start free trial" }).click();
  await status(page).getByText("Free trial").waitFor({ timeout: 60_000 });
}

/** The local billing page's test clock, moved as a developer would. */
async function moveClock(page: Page, days: 1 | 7 | 31) {
  await status(page).getByRole("button", { name: "Manage billing" }).click();
  await page.getByRole("heading", { name: "Billing" }).waitFor();
  await page.getByRole("button", { name: `+${days} days` }).click();
  await page.getByText("Test clock moved").first().waitFor();
  await page.getByRole("link", { name: "Return to Quorum" }).click();
  await page.waitForURL(/\/profile$/);
}

describe("running the plan from /profile (test mode)", { timeout: 120_000 }, () => {
  it("a Starter upgrades at any time: 30-day free trial, first charge date shown", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await status(page).getByText("Starter").waitFor();
    await startTrial(page);
    await status(page).getByText("Professional").first().waitFor();
    expect(await status(page).getByText("First charge").isVisible()).toBe(true);
    await app.close();
  });

  it("a Professional cancels (confirmed), sees the end date, and resumes", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await startTrial(page);
    await status(page).getByRole("button", { name: "Cancel subscription" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Cancel Professional?").waitFor();
    expect(await confirm.innerText()).toMatch(/your card won't be charged/);
    await confirm.getByRole("button", { name: "Cancel at period end" }).click();

    await status(page).getByText("Canceling").waitFor();
    const until = await status(page).getByText("Professional until").locator("..").innerText();
    expect(until).toMatch(/Professional until\s+\w+ \d+, \d{4}/);

    await status(page).getByRole("button", { name: "Resume subscription" }).click();
    await status(page).getByText("Free trial").waitFor();
    expect(await status(page).getByRole("button", { name: "Cancel subscription" }).isVisible()).toBe(true);
    await app.close();
  });

  it("a failed renewal shows past due on /profile and /chat, then Starter after the grace period", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    // Stripe's test card that is saved fine and whose charges all fail.
    await startTrial(page, "4000 0000 0000 0341");
    await moveClock(page, 31);

    await status(page).getByText("Past due").waitFor();
    await status(page).getByText("Your last payment failed").waitFor();
    await page.goto(page.url().replace(/\/profile$/, "/chat"));
    const notice = page.getByTestId("plan-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/Your last payment failed\. You keep Professional until \w+ \d+, \d{4}/);

    await page.goto(page.url().replace(/\/chat$/, "/profile"));
    await moveClock(page, 7);
    await status(page).getByText("Starter").waitFor();
    await status(page).getByRole("button", { name: "Upgrade to Professional" }).waitFor();
    await app.close();
  });

  it("Enterprise: contact sales is acknowledged on screen and stored as a sales request", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await status(page).getByRole("button", { name: "Need Enterprise? Contact sales" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Robin Lee");
    await dialog.getByLabel("Company").fill("Acme Industrial");
    await dialog.getByLabel("What do you need?").fill("On-premise deployment for 120 seats");
    await dialog.getByRole("button", { name: "Send to sales" }).click();
    await dialog.getByText("Thanks, we'll be in touch").waitFor();

    const stored = await SupportRequestEntity.query.byUser({ userId: app.account.uid }).go();
    expect(stored.data).toEqual([
      expect.objectContaining({
        kind: "sales",
        company: "Acme Industrial",
        email: app.account.email,
        subject: "Enterprise plan: Acme Industrial",
        message: "On-premise deployment for 120 seats",
      }),
    ]);
    await app.close();
  });
});
