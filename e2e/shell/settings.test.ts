import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signedInApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A browser walk through several pages outlives the default 30 s on a busy 2-core machine.
describe("settings", { timeout: 90_000 }, () => {
  it("saved settings are still there after a reload", async () => {
    const app = await signedInApp(browser, "/settings");
    const { page } = app;
    const push = page.getByRole("switch", { name: "Push notifications" });
    expect(await push.getAttribute("aria-checked")).toBe("false");
    await push.click();
    await page.getByRole("combobox", { name: "Font size" }).click();
    await page.getByRole("option", { name: "Small" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Settings saved successfully!").waitFor();

    await page.reload();
    await page.getByRole("combobox", { name: "Font size" }).filter({ hasText: "Small" }).waitFor();
    expect(await page.getByRole("switch", { name: "Push notifications" }).getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("switch", { name: "Email notifications" }).getAttribute("aria-checked")).toBe("true");
    await app.close();
  });

  it("a starter account is shown as the free plan", async () => {
    const app = await signedInApp(browser, "/settings");
    await app.page.getByText("Free Plan").waitFor();
    await app.close();
  });
});
