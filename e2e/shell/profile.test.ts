import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signedInApp, TINY_PNG } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A browser walk through several pages outlives the default 30 s on a busy 2-core machine.
describe("profile", { timeout: 90_000 }, () => {
  it("edits and a new company logo are still there after a reload", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await page.getByRole("heading", { name: "Personal Information" }).waitFor();
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Company", { exact: true }).fill("Hopper Systems");
    await page.getByLabel("Company logo file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: TINY_PNG });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Your profile has been successfully updated.").first().waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "Personal Information" }).waitFor();
    await expect.poll(() => page.getByLabel("First name").inputValue(), { timeout: 60_000 }).toBe("Grace");
    expect(await page.getByLabel("Company", { exact: true }).inputValue()).toBe("Hopper Systems");
    const logo = page.getByTestId("company-logo");
    await logo.waitFor();
    // The stored logo comes back as a working URL, not just a path.
    await expect
      .poll(() => logo.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth), {
        timeout: 60_000,
      })
      .toBe(2);
    await app.close();
  });

  it("a logo larger than one API request carries (4.8 MB) is stored too", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await page.getByRole("button", { name: "Edit Profile" }).click();
    // A valid PNG with padding after its end: browsers still show it.
    const large = Buffer.concat([TINY_PNG, Buffer.alloc(4.8 * 1024 * 1024)]);
    await page.getByLabel("Company logo file").setInputFiles({ name: "large-logo.png", mimeType: "image/png", buffer: large });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Your profile has been successfully updated.").first().waitFor();
    await page.reload();
    const logo = page.getByTestId("company-logo");
    await expect
      .poll(() => logo.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth), {
        timeout: 60_000,
      })
      .toBe(2);
    await app.close();
  });

  it("a file that is not an image is refused as the logo", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Company logo file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    // .first(): Radix also reads a toast out through a hidden live region with the same text.
    await page.getByText("Please upload an image file").first().waitFor();
    await page.getByText("Invalid file type").first().waitFor();
    await app.close();
  });

  it("cancel puts back the saved values", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Phone number").fill("+1 555 0100");
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByLabel("Phone number").inputValue()).toBe("");
    await page.getByText("Email cannot be changed as it's your account login").waitFor();
    await app.close();
  });
});
