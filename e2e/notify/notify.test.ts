import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { REFERENCE_PATTERN } from "@quorum/core/support/reference";
import { accessibilityViolations, addProject, inboxUrl, mailsTo, waitForMail } from "@quorum/local/testing";
import { launchBrowser, signedInApp, webUrl } from "../shell/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The support address of the local stack (core's default). */
const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL ?? "support@quorum.app";

describe("notifications people notice", { timeout: 120_000 }, () => {
  it("a document that finishes while the user is on another page shows a toast, and its mail is in the inbox", async () => {
    const app = await signedInApp(browser, "/chat", { verified: true });
    const { page, account } = app;
    const projectId = await addProject(account, { name: "Harbor Expansion" });

    await page.goto(`${webUrl()}/projects/${projectId}/upload`);
    await page.getByRole("radio", { name: "Specifications" }).click();
    await page.getByTestId("document-input").setInputFiles({
      name: "dock-specs.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Dock 4 steel: 120 t of S355 beams, galvanised fittings, delivery in March.\n".repeat(20)),
    });
    await page.getByTestId("upload-success").waitFor({ timeout: 30_000 });
    // Elsewhere in the app (a client-side navigation: the open tab keeps listening).
    await page.getByRole("banner").getByRole("link", { name: "Customers" }).click();
    await page.getByRole("heading", { name: "Customer Management" }).waitFor();

    // Radix also announces the toast in a hidden live region: the toast itself is the list item.
    const toast = page.locator("li").filter({ hasText: "Document ready" });
    await toast.getByText("“dock-specs.txt” has been processed.").waitFor({ timeout: 60_000 });
    await toast.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/projects/${projectId}`);

    const mail = await waitForMail(account.email, (m) => m.subject === "“dock-specs.txt” is ready");
    expect(mail.text).toContain("“dock-specs.txt” in the project “Harbor Expansion” has been processed.");
    // The inbox page a person opens lists it too.
    const inbox = await (await fetch(inboxUrl())).text();
    expect(inbox).toContain("“dock-specs.txt” is ready");
    await app.close();
  });

  it("a support request shows its reference on screen and reaches both the support address and the user", async () => {
    const app = await signedInApp(browser, "/help", { verified: true });
    const { page, account } = app;
    await expect.poll(() => page.getByLabel("Email").inputValue(), { timeout: 60_000 }).toBe(account.email);
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Subject").fill("Invoices missing");
    await page.getByLabel("Message").fill("My March invoice is not in the portal.");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.getByRole("heading", { name: "Request Submitted!" }).waitFor();
    const reference = (await page.getByTestId("support-reference").locator(".font-mono").textContent())!.trim();
    expect(reference).toMatch(REFERENCE_PATTERN);
    await page.getByText("We also sent you a confirmation by email.", { exact: false }).waitFor();
    // The confirmation screen is clean for assistive technology, in both themes.
    expect(await accessibilityViolations(page)).toEqual([]);
    // Switched as a person does, through the app's own theme state, which nothing reverts later.
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const team = await waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes(reference));
    expect(team.subject).toBe(`[Quorum Support] ${reference}: “Invoices missing”`);
    const ack = await waitForMail(account.email);
    expect(ack.subject).toBe(`We received your request ${reference}`);
    await app.close();
  });

  it("with email notifications switched off in Settings, the request is confirmed on screen but no mail reaches the user", async () => {
    const app = await signedInApp(browser, "/settings", { verified: true });
    const { page, account } = app;
    const email = page.getByRole("switch", { name: "Email notifications" });
    await email.click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Settings saved successfully!").waitFor();

    await page.goto(`${webUrl()}/help`);
    await expect.poll(() => page.getByLabel("Email").inputValue(), { timeout: 60_000 }).toBe(account.email);
    await page.getByLabel("Name").fill("Ada");
    await page.getByLabel("Subject").fill("Quiet please");
    await page.getByLabel("Message").fill("No mails for me.");
    await page.getByRole("button", { name: "Submit Request" }).click();
    const reference = (await page.getByTestId("support-reference").locator(".font-mono").textContent())!.trim();
    // The screen promises no mail that was not sent.
    await page.getByText("Please keep this number and quote it if you write to us again.", { exact: false }).waitFor();
    await waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes(reference));
    expect(await mailsTo(account.email)).toEqual([]);
    await app.close();
  });
});
