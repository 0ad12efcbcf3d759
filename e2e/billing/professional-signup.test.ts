import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEmulatorHost, call, launchBrowser, signedInUser, webUrl, type TestUser } from "@quorum/local/testing";

/**
 * A person buying the professional plan on a local stack without Stripe keys:
 * the payment modal offers the clearly labelled test-mode card form, and the
 * server's test provider confirms the payment the way Stripe's webhook would.
 */

/** The account as the Auth Emulator knows it (to read the profile the way the app does). */
async function signIn(email: string, password: string): Promise<TestUser> {
  const response = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string; localId: string };
  return { uid: body.localId, email, password, token: body.idToken, headers: { authorization: `Bearer ${body.idToken}` } };
}

async function openSignUp(page: Page) {
  await page.goto(webUrl());
  await page.getByRole("banner").getByRole("button", { name: "Get Started" }).click();
}

describe("buying the professional plan (test mode)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a professional sign-up pays in the payment modal and ends signed in with the plan active", async () => {
    const page = await browser.newPage();
    const email = `pro-${randomUUID().slice(0, 8)}@example.com`;
    await openSignUp(page);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Choose Professional/ })
      .click();
    await page.locator("#signup-first").fill("Avery");
    await page.locator("#signup-last").fill("Stone");
    await page.locator("#signup-email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("#signup-password").fill("secret123");
    await page.getByRole("button", { name: "Create Account" }).click();

    const modal = page.getByRole("dialog");
    await modal.getByText("Complete Your Purchase").waitFor();
    await modal.getByText("Test mode — no real card is charged").waitFor();
    expect(await modal.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");
    // The 30-day free trial: the card is saved now and first charged $50.00 when the trial ends.
    expect(await modal.getByTestId("payment-amount").innerText()).toBe("$0.00");
    expect(await modal.getByTestId("payment-terms").innerText()).toContain("then $50.00/month");

    await modal.getByRole("button", { name: "Start free trial" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.waitForURL(/\/chat$/, { timeout: 60_000 });
    await page.getByText("Hi, Avery Stone").waitFor();

    const account = await signIn(email, "secret123");
    const profile = await call(account, "GET", `/api/users/${account.uid}`);
    expect(profile.body).toMatchObject({ plan: "professional", planStatus: "active", firstName: "Avery", lastName: "Stone" });
    const trialDays = (Date.parse(profile.body.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);
    await page.close();
  });

  it("a declined card shows 'Payment Failed' with the card's message and keeps the modal open", async () => {
    const page = await browser.newPage();
    await openSignUp(page);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Choose Professional/ })
      .click();
    await page.locator("#signup-first").fill("Dee");
    await page.locator("#signup-last").fill("Klein");
    await page.locator("#signup-email").fill(`declined-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.locator("#signup-password").fill("secret123");
    await page.getByRole("button", { name: "Create Account" }).click();

    const modal = page.getByRole("dialog");
    await modal.getByLabel("Card number").fill("4000 0000 0000 0002");
    await modal.getByRole("button", { name: "Start free trial" }).click();
    await page.getByText("Payment Failed").first().waitFor();
    await page.getByText("Your card was declined.").first().waitFor();
    expect(await modal.getByText("Complete Your Purchase").isVisible()).toBe(true);
    await page.close();
  });

  describe("an existing starter account", () => {
    async function signInAsExisting(page: Page, user: TestUser) {
      await openSignUp(page);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Choose Professional/ })
        .click();
      await page.locator("#signup-first").fill("Sam");
      await page.locator("#signup-last").fill("Starter");
      await page.locator("#signup-email").fill(user.email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Account Already Exists" }).waitFor();
      await page.locator("#existing-password").fill(user.password);
      await page.getByRole("dialog").getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("heading", { name: "Upgrade to Professional?" }).waitFor();
      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      await page.getByText("Test mode — no real card is charged").waitFor();
    }

    async function starter() {
      const user = await signedInUser({ displayName: "Sam Starter" });
      await call(user, "POST", "/api/auth/register", {
        firebaseUid: user.uid,
        email: user.email,
        firstName: "Sam",
        lastName: "Starter",
        plan: "starter",
        trialEndsAt: null,
      });
      return user;
    }

    it("is offered the upgrade, and cancelling the payment signs them out", async () => {
      const user = await starter();
      const page = await browser.newPage();
      await signInAsExisting(page, user);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
      expect((await call(user, "GET", `/api/users/${user.uid}`)).body.plan).toBe("starter");
      await page.close();
    });

    it("pays for the upgrade and is welcomed back on the professional plan", async () => {
      const user = await starter();
      const page = await browser.newPage();
      await signInAsExisting(page, user);
      await page.getByRole("dialog").getByRole("button", { name: "Start free trial" }).click();
      await page.getByRole("heading", { name: "Welcome Back!" }).waitFor();
      await page.waitForURL(/\/chat$/, { timeout: 60_000 });
      const profile = await call(user, "GET", `/api/users/${user.uid}`);
      expect(profile.body).toMatchObject({ plan: "professional", planStatus: "active" });
      expect(profile.body.trialEndsAt).toBeTruthy();
      await page.close();
    });
  });
});
