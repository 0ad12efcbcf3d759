import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessibilityViolations,
  addProject,
  becomeProfessional,
  launchBrowser,
  uploadDocument,
  waitCompleted,
  webUrl,
} from "@quorum/local/testing";
import { quotePdf, VENDOR_QUOTE } from "@quorum/testing/quote-files";
import { User } from "@quorum/core/user/index";
import { openChat } from "../chat/app";
import { reviewShot } from "../shell/browser";

/**
 * The Analytics page as people meet it: a Professional user's charts drawn from
 * what they really did (questions in the chat, a quote through the pipeline) and
 * its CSV; a Starter told what it is and offered Upgrade, also for a premium model.
 */

async function inTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate(`localStorage.setItem("theme", "${theme}")`);
  await page.reload();
}

const tile = (page: Page, label: string) =>
  page
    .getByTestId("analytics-totals")
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) });

describe("the Analytics page", { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a Professional user charts drawn from their real usage, and exports them as CSV", async () => {
    const app = await openChat(browser);
    const { page, user } = app;
    await becomeProfessional(user);
    await app.ask("Which quote is cheaper?");
    await app.answer(1);
    await app.ask("When do the pumps ship?");
    await app.answer(2);
    const projectId = await addProject(user, { name: "Harbor Warehouse" });
    const documentId = await uploadDocument(
      user,
      projectId,
      { fileName: "acme-quote.pdf", contentType: "application/pdf", category: "vendor-quotes" },
      quotePdf(VENDOR_QUOTE),
    );
    await waitCompleted(user, projectId, [documentId]);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
    await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
    await expect.poll(() => tile(page, "Questions").locator("dd").innerText()).toBe("2");
    expect(await tile(page, "Documents processed").locator("dd").innerText()).toBe("1");
    expect(await tile(page, "Quotes extracted").locator("dd").innerText()).toBe("1");
    // Every chart with data is drawn as bars.
    for (const chart of [
      "questions-per-day",
      "questions-per-model",
      "latency-per-model",
      "documents-per-day",
      "quotes-per-day",
      "vendor-totals",
    ]) {
      await page.getByTestId(`chart-${chart}`).locator(".recharts-bar-rectangle").first().waitFor();
    }
    // An axis label wraps over lines of its own.
    expect((await page.getByTestId("chart-vendor-totals").innerText()).replace(/\s+/g, "")).toContain(
      VENDOR_QUOTE.vendor.replace(/\s+/g, ""),
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await reviewShot(page, "h-plans-analytics-light.png", { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toMatch(/^quorum-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(csv).toContain(`${today},2,0,0,0,1,1,1`);
    // Asked of Gemini (the default); the stack has no model, so the offline model answered.
    expect(csv.find((line) => line.startsWith("gemini,"))).toMatch(/^gemini,2,0,0,/);
    expect(csv.find((line) => line.startsWith("offline,"))).toMatch(/^offline,0,2,0,/);
    expect(csv.some((line) => line.startsWith(`${VENDOR_QUOTE.vendor},USD,1,`))).toBe(true);

    await inTheme(page, "dark");
    await page.getByTestId("chart-vendor-totals").locator(".recharts-bar-rectangle").first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await reviewShot(page, "h-plans-analytics-dark.png", { fullPage: true });
    await app.close();
  });

  it("tells a Starter what analytics are and offers Upgrade; a premium model offers it too", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await page.goto(`${webUrl()}/analytics`);
    const locked = page.getByTestId("analytics-locked");
    await locked.getByRole("heading", { name: "Analytics is part of the Professional plan" }).waitFor();
    await locked.getByRole("button", { name: "Upgrade to Professional" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await reviewShot(page, "h-plans-analytics-starter.png", { fullPage: true });

    await page.goto(`${webUrl()}/chat`);
    await page.getByTestId("model-select").click();
    expect(await page.getByRole("option", { name: "GPT" }).innerText()).toContain("Professional plan");
    await reviewShot(page, "h-plans-model-select.png");
    await page.getByRole("option", { name: "GPT" }).click();
    const dialog = page.getByRole("dialog", { name: "GPT is a premium model" });
    await dialog.getByRole("button", { name: "Upgrade to Professional" }).waitFor();
    await reviewShot(page, "h-plans-locked-model.png");
    await dialog.getByRole("button", { name: "Not now" }).click();
    expect(await page.getByTestId("model-select").innerText()).toContain("Gemini");
    await app.close();
  });

  it("shows Enterprise its organisation's custom model on /settings, and no one else", async () => {
    const app = await openChat(browser);
    const { page, user } = app;
    await page.goto(`${webUrl()}/settings`);
    await page.getByRole("button", { name: "Save Changes" }).waitFor();
    expect(await page.getByTestId("custom-model-card").count()).toBe(0);

    // Enterprise is arranged with sales: billing sets the plan.
    await User.setPlan(user.uid, "enterprise", "active");
    await page.reload();
    const card = page.getByTestId("custom-model-card");
    await card.getByRole("heading", { name: "Custom AI model" }).waitFor();
    // This stack sets no endpoint: the card says so rather than offering a model that cannot answer.
    await card.getByText("Not set up yet").waitFor();
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, "h-plans-custom-model-card.png", { fullPage: true });
    await app.close();
  });
});
