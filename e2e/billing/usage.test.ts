import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addProject, call, launchBrowser, webUrl } from "@quorum/local/testing";
import { openChat } from "../chat/app";
import { reviewShot } from "../shell/browser";

/** A Starter user sees on /profile what the plan allows and how much of it is used. */
describe("usage on the profile", { timeout: 180_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows each limit with what is used and when it resets", async () => {
    const app = await openChat(browser);
    const { page, user } = app;
    const projectId = await addProject(user, { name: "Usage" });
    for (let i = 0; i < 20; i++) {
      const ticket = await call(user, "POST", "/api/documents/upload-url", {
        projectId,
        documentCategory: "vendor-quotes",
        fileName: `quote-${i}.txt`,
        contentType: "text/plain",
        size: 10,
      });
      expect(ticket.status).toBe(201);
    }
    expect((await call(user, "POST", "/api/chat", { model: "gemini", message: "How many pumps?" })).status).toBe(200);

    await page.goto(`${webUrl()}/profile`);
    const panel = page.getByTestId("usage-meters");
    await panel.getByText("What the Starter plan includes, and what you have used.").waitFor();
    const row = (label: string) => panel.getByRole("listitem", { name: label });
    await expect.poll(() => row("Questions today").textContent()).toContain("1 of 10");
    expect(await row("Document uploads today").textContent()).toContain("20 of 20");
    expect(await row("OCR pages this month").textContent()).toMatch(/0 of 100Resets on [A-Z][a-z]+ 1$/);
    expect(await row("Chat attachments today").textContent()).toContain("0 of 20");
    expect(await row("AI titles today").textContent()).toContain("Resets at midnight UTC");
    // The twenty uploads hold their declared 10 bytes each of the plan's document storage.
    expect(await row("Document storage").textContent()).toContain("200 B of 1.0 GB");
    await panel.scrollIntoViewIfNeeded();
    await reviewShot(page, "h14-usage-meters.png", { fullPage: true });
    expect(app.crashes).toEqual([]);
    await app.close();
  });
});
