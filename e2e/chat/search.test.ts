import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { MESSAGE_PAGE_SIZE } from "@quorum/core/chat/limits";
import { accessibilityViolations, call, labelledProject, launchBrowser } from "@quorum/local/testing";
import { reviewShot } from "../shell/browser";
import { openChat } from "./app";

/**
 * The search palette: ⌘K / Ctrl+K opens it, a word from an old answer finds it,
 * Enter opens that conversation scrolled to the answer (older pages loaded as needed);
 * a word printed on a document's page opens the document in the viewer at that page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const at = new Date().toISOString();
/** A long conversation whose second message, the one searched for, is pages before the latest. */
function longConversation() {
  const messages = [
    { id: "q-0", type: "user", content: "Which membrane should the flat roof get?", timestamp: at, files: [] },
    {
      id: "a-0",
      type: "ai",
      content: "For the flat roof, **EPDM** resists hail best; the Brandt offer includes a twenty-year warranty on the membrane.",
      timestamp: at,
      files: [],
    },
  ];
  for (let i = 1; messages.length < MESSAGE_PAGE_SIZE + 10; i++)
    messages.push(
      { id: `q-${i}`, type: "user", content: `Follow-up question ${i} about the schedule`, timestamp: at, files: [] },
      { id: `a-${i}`, type: "ai", content: `Answer ${i}: the schedule holds.`, timestamp: at, files: [] },
    );
  return messages;
}

describe("the search palette", { timeout: 120_000 }, () => {
  it("opens with the keyboard, finds a word in an old answer, and Enter opens the conversation at that answer", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const created = await call(app.user, "POST", "/api/conversations", { title: "Roof works", messages: longConversation() });
    expect(created.status, created.text).toBe(200);
    await call(app.user, "POST", "/api/conversations", {
      title: "Other talk",
      messages: [{ id: "x", type: "user", content: "Lunch plans" }],
    });
    await page.reload();
    await app.item("Roof works").waitFor();

    await app.searchReady();
    await page.locator("body").press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search conversations" });
    const box = dialog.getByRole("combobox", { name: "Search your conversations" });
    await box.waitFor();
    // (Strings, not functions: the tests are type-checked without the DOM library.)
    expect(await page.evaluate(`document.activeElement?.getAttribute("role")`)).toBe("combobox");
    await box.pressSequentially("hail");

    const result = dialog.getByRole("option");
    await result.first().waitFor();
    expect(await result.count()).toBe(1);
    expect(await result.first().getAttribute("aria-selected")).toBe("true");
    expect(await result.first().innerText()).toContain("Roof works");
    expect(await result.first().locator("mark").allInnerTexts()).toEqual(["hail"]);
    expect(await dialog.getByRole("status").innerText()).toBe("1 result found");
    expect(await accessibilityViolations(page)).toEqual([]);
    await reviewShot(page, "search-palette.png");

    await box.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const opened = page.locator("[data-opened]");
    await opened.getByText("resists hail best").waitFor();
    expect(await opened.getAttribute("id")).toBe("message-a-0");
    // In view in the thread, not merely in the page.
    await expect
      .poll(() =>
        page.evaluate(`(() => {
          const box = document.querySelector("[data-opened]").getBoundingClientRect();
          const view = document.querySelector("[data-testid=chat-messages]").getBoundingClientRect();
          return box.top >= view.top - 1 && box.top < view.bottom;
        })()`),
      )
      .toBe(true);
    expect(new URL(page.url()).search).toBe("");
    await reviewShot(page, "search-opened.png");

    // It opens again with the shortcut, and Escape closes it.
    await page.locator("body").press("Control+k");
    await box.waitFor();
    await box.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The sidebar's button opens it for those without a keyboard.
    await page
      .getByTestId("conversation-sidebar")
      .getByRole("button", { name: /^Search/ })
      .click();
    await box.waitFor();
    await app.close();
  });

  it("finds a word printed on a document's third page, and Enter opens the viewer at that page", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const { projectId, documentIds } = await labelledProject(app.user, ["riverside-specifications.pdf", "pacific-quote.pdf"]);
    const documentId = documentIds["riverside-specifications.pdf"]!;
    await call(app.user, "POST", "/api/conversations", {
      title: "Pump choice",
      messages: [{ id: "m1", type: "user", content: "Should the relief valve come with the pump?" }],
    });

    await app.searchReady();
    await page.locator("body").press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search conversations, documents and quotes" });
    const box = dialog.getByRole("combobox");
    // Each kind of result says what it is.
    await box.pressSequentially("relief valve");
    const kinds = dialog.getByTestId("search-result-kind");
    await expect.poll(() => kinds.allInnerTexts()).toEqual(expect.arrayContaining(["Conversation", "Document, page 1", "Quote"]));
    await reviewShot(page, "search-kinds.png");

    await box.fill("clerestory");
    const result = dialog.getByRole("option");
    await expect.poll(() => result.allInnerTexts()).toEqual([expect.stringContaining("riverside-specifications.pdf")]);
    expect(await result.count()).toBe(1);
    expect(await result.first().getByTestId("search-result-kind").innerText()).toBe("Document, page 3");
    expect(await result.first().innerText()).toContain("riverside-specifications.pdf");
    expect(await result.first().locator("mark").allInnerTexts()).toEqual(["clerestory"]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await reviewShot(page, "search-document.png");

    await box.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 3 of 3").waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/projects/${projectId}/documents/${documentId}`);
    expect(url.searchParams.get("page")).toBe("3");
    await reviewShot(page, "search-document-opened.png");

    // A quote's result opens that quote's detail in the project's quotes.
    await page.locator("body").press("Control+k");
    await box.fill("pacific fasteners");
    const quote = dialog.getByRole("option").filter({ has: page.getByTestId("search-result-kind").getByText("Quote", { exact: true }) });
    await quote.first().click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("dialog", { name: /Pacific Fasteners/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${projectId}/quotes`);
    await app.close();
  });
});
