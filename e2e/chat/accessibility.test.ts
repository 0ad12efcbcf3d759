import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { accessibilityViolations, launchBrowser } from "@quorum/local/testing";
import { openChat } from "./app";

/** /chat with an answer and a research-mode answer reads cleanly for assistive technology, in both themes. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the chat's accessibility", { timeout: 150_000 }, () => {
  for (const theme of ["light", "dark"] as const) {
    it(`/chat with answers has no axe violations (${theme} theme)`, async () => {
      const app = await openChat(browser, { theme });
      const { page } = app;
      expect(await accessibilityViolations(page)).toEqual([]);

      await app.ask("What should a site visit checklist hold?");
      await app.answer(1);
      await page.getByTestId("model-select").click();
      await page.getByRole("option", { name: /^Quorum/ }).click();
      await app.ask("Is a four-day week good for a small team?");
      await page.getByRole("alertdialog", { name: "Quorum Research Mode" }).getByRole("button", { name: "Continue with Quorum" }).click();
      const research = await app.answer(2);
      await research.getByText("Research mode", { exact: true }).waitFor();
      await app.item(/site visit/i).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await research.getByRole("tab", { name: /Individual answers/ }).click();
      await research.getByRole("article").first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Clear Chat" }).click();
      await page.getByRole("alertdialog", { name: "Clear Chat" }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await app.close();
    });
  }
});
