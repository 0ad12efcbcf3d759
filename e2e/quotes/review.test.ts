import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, addProject, signedInUser, uploadDocument, waitCompleted, type TestUser } from "@quorum/local/testing";
import { CUSTOMER_AS_ISSUER, customerAsIssuerPdf, UNSURE_ISSUER, unsureIssuerPdf } from "@quorum/testing/unsure-quotes";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * A person reviews what the rules read with little confidence, keys only: the next field to check,
 * accept it when it is right, the next quote needing review, correct a field that is wrong.
 * Two vendor quotes whose issuer the rules are unsure of: one read right but unsure, one read wrong.
 */
/** A project holding the two quotes, read by the pipeline. */
async function unsureQuotes(user: TestUser) {
  const projectId = await addProject(user);
  const upload = async (fileName: string, data: Buffer) =>
    uploadDocument(user, projectId, { fileName, contentType: "application/pdf", category: "vendor-quotes" }, data);
  const ids = [
    await upload(UNSURE_ISSUER.fileName, await unsureIssuerPdf()),
    await upload(CUSTOMER_AS_ISSUER.fileName, await customerAsIssuerPdf()),
  ];
  await waitCompleted(user, projectId, ids);
  return projectId;
}

describe("reviewing quotes with the keyboard", () => {
  const browser = browserForTests();
  let user: TestUser;
  let projectId: number;

  beforeAll(async () => {
    user = await signedInUser();
    projectId = await unsureQuotes(user);
  }, 240_000);

  /** What has the focus: a value by the place it marks ("field:vendorName"), an input by its id. (A string: no DOM types here.) */
  const focused = (page: Page) => page.evaluate<string | undefined>("document.activeElement?.dataset.source ?? document.activeElement?.id");

  /** The quotes, and the first quote's detail opened from the keyboard. */
  async function openFirst(page: Page, name: string) {
    await page.getByRole("button", { name: "Show only the quotes that need review (2)" }).waitFor();
    await page.getByRole("button", { name, exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name, exact: true }).waitFor();
    return dialog;
  }

  it("shows the review keys in the dark and on a phone, where axe finds nothing", { timeout: 120_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`, { theme: "dark" });
    const dialog = await openFirst(page, UNSURE_ISSUER.vendorRead);
    await page.keyboard.press("n");
    await expect.poll(() => focused(page)).toBe("field:vendorName");
    await reviewShot(dialog, "quote-review-keys-dark.png");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole("region", { name: "Review" }).getByRole("button", { name: "Accept" }).waitFor();
    await reviewShot(page, "quote-review-keys-phone.png");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it(
    "accepts a value read right, opens the next quote needing review and corrects a value read wrong, keys only",
    { timeout: 180_000 },
    async () => {
      const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
      const dialog = await openFirst(page, UNSURE_ISSUER.vendorRead);
      const review = dialog.getByRole("region", { name: "Review" });
      await review.getByText("One field to check").waitFor();
      expect(await dialog.getByText("Needs review", { exact: true }).count()).toBe(1);

      // N: the vendor, marked "check", is in focus (and marked on the page beside it)
      await page.keyboard.press("n");
      const vendor = dialog.locator('[data-source="field:vendorName"]');
      await expect.poll(() => focused(page)).toBe("field:vendorName");
      await vendor.getByText("check", { exact: true }).waitFor();
      await review.getByText("Checking Vendor: 1 of 1").waitFor();
      await reviewShot(dialog, "quote-review-keys.png");
      expect(await accessibilityViolations(page)).toEqual([]);

      // A: the value read is right; nothing is left to check and the quote is checked
      await page.keyboard.press("a");
      await review.getByText("Vendor accepted.", { exact: false }).waitFor();
      await review.getByText("No field left to check. Next quote (Q) opens the next one that needs review.", { exact: false }).waitFor();
      await vendor.getByText("accepted by you").waitFor();
      expect(await vendor.getByText("check", { exact: true }).count()).toBe(0);
      await dialog.getByText("Checked", { exact: true }).waitFor();
      await reviewShot(dialog, "quote-review-accepted.png");

      // Q: the other quote needing review, its field to check in focus
      await page.keyboard.press("q");
      await dialog.getByRole("heading", { name: CUSTOMER_AS_ISSUER.vendorRead, exact: true }).waitFor();
      await expect.poll(() => focused(page)).toBe("field:vendorName");
      await vendor.getByText("check", { exact: true }).waitFor();

      // C: the vendor's input, typed over, Enter saves; Escape had left the correction without saving
      await page.keyboard.press("c");
      await dialog.getByLabel("Vendor", { exact: true }).waitFor();
      await expect.poll(() => focused(page)).toBe("quote-vendorName");
      await page.keyboard.press("Escape");
      await expect.poll(() => focused(page)).toBe("field:vendorName");
      await page.keyboard.press("c");
      await expect.poll(() => focused(page)).toBe("quote-vendorName");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(CUSTOMER_AS_ISSUER.vendor);
      await page.keyboard.press("Enter");
      await vendor.getByText(`was ${CUSTOMER_AS_ISSUER.vendorRead}`).waitFor();
      await dialog.getByRole("heading", { name: CUSTOMER_AS_ISSUER.vendor, exact: true }).waitFor();
      await review.getByText("No field left to check, and no other quote needs review.").waitFor();
      await expect.poll(() => focused(page)).toBe("field:vendorName");

      // Escape dismisses the notice of the save first, then the quote
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByText("Quote updated", { exact: true }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      const rows = page.getByTestId("quote-row");
      const row = (name: string) => rows.filter({ has: page.getByRole("button", { name, exact: true }) });
      await row(UNSURE_ISSUER.vendorRead).getByText("Checked").waitFor();
      await row(CUSTOMER_AS_ISSUER.vendor).getByText("Edited").waitFor();
      expect(await page.getByRole("button", { name: /Show only the quotes that need review/ }).count()).toBe(0);
    },
  );
});
