import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { User } from "@quorum/core/user/index";
import { accessibilityViolations, mailsTo, waitForMail } from "@quorum/local/testing";
import { launchBrowser, newEmail, openApp, reviewShot, signIn } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VERIFY_SUBJECT = "Verify your email address for Quorum";
const linkIn = (text: string) => /https?:\/\/\S+\/auth\/action\?\S+/.exec(text)?.[0];

// Sign-up, two mails and a second tab outlive the default 30 s on a busy 2-core machine.
describe("verifying the address", { timeout: 120_000 }, () => {
  it("a new account is asked to verify its address until the link from its mail is opened; then the notice goes away", async () => {
    const app = await openApp(browser, "/");
    const { page } = app;
    const email = newEmail("verify");
    // Signing in with an unknown address creates the account.
    await signIn(page, email, "secret123");
    const notice = page.getByTestId("verify-address-notice");
    await notice
      .getByText(`Please verify your email address: open the link we sent to ${email}. Until then, Quorum sends you no emails.`)
      .waitFor();
    await waitForMail(email, (m) => m.subject === VERIFY_SUBJECT);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Resend sends another link, then waits before it can be used again.
    await notice.getByRole("button", { name: "Resend link" }).click();
    await notice.getByText(`We sent a new link to ${email}. It can take a minute to arrive.`).waitFor();
    expect(await notice.getByRole("button", { name: "Resend link" }).isDisabled()).toBe(true);
    await reviewShot(page, "verify-address-notice.png");
    await expect.poll(async () => (await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT).length).toBe(2);
    const link = linkIn((await mailsTo(email))[0]!.text);
    expect(link).toContain("mode=verifyEmail");

    // The link opens in another tab, as from a mail program.
    const tab = await page.context().newPage();
    await tab.goto(link!);
    await tab.getByTestId("verify-address").getByText("Thank you: your email address is verified.").waitFor();
    expect(await tab.getByTestId("verify-address-notice").count()).toBe(0);
    await reviewShot(tab, "verify-address-done.png");
    await tab.close();

    // Back in the first tab the app reads the account again and the notice goes away.
    await page.bringToFront();
    await notice.waitFor({ state: "detached" });
    // The server now knows the address is verified: product mail may go to it.
    await expect.poll(async () => (await User.findByEmail(email))?.emailVerified).toBe(true);
    await page.reload();
    await page.getByRole("link", { name: /^Hi, / }).waitFor();
    expect(await notice.count()).toBe(0);
    await app.close();
  });

  it("a used link says so in a sentence", async () => {
    const app = await openApp(browser, "/auth/action?mode=verifyEmail&oobCode=not-a-real-code");
    await app.page
      .getByText(
        "This verification link has expired or has already been used. If your address is not verified yet, sign in and choose Resend link.",
      )
      .waitFor();
    await app.close();
  });
});
