import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { quotePdf, scannedQuotePdf, scannedQuotePng } from "@quorum/testing/quote-files";
import { TYPE_REJECTION } from "@quorum/core/document/types";
import { addProject, call, projectWithDocument, signedInUser, webUrl, type TestUser } from "@quorum/local/testing";
import { browserForTests } from "../shell/browser";

/**
 * A person uploads a vendor's PDF quote to a project: picks the category, watches the
 * upload progress, reads the success text, sees the document processed in Documents,
 * opens it in a new tab, files it under another category and deletes it. A file of the
 * wrong type is refused with react-dropzone's words. The account is shared; each test
 * works in a project of its own, with the document it needs uploaded through the API.
 */
describe("uploading and managing a project's documents in the browser", () => {
  // The vendor's quote as most arrive: printed, signed and scanned to PDF (40 KB, read by OCR).
  const QUOTE_NAME = "acme-quote-AIS-2024-0117.pdf";
  const PROJECT = { name: "Harbor Expansion", description: "Dock 4 steel and fittings" };
  const browser = browserForTests();
  let page: Page;
  let user: TestUser;
  let folder: string;
  let quotePath: string;
  let scanned: Promise<{ projectId: number }> | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "quorum-documents-"));
    quotePath = join(folder, QUOTE_NAME);
    writeFileSync(quotePath, scannedQuotePdf());
    user = await signedInUser({ displayName: "Dana Buyer" });
  });
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** The vendor's quote in a new project: `scan` is the scanned PDF (read by OCR), otherwise the same quote as a text PDF. */
  const quoteProject = (options: { scan?: boolean; completed?: boolean } = {}) =>
    projectWithDocument(
      user,
      {
        fileName: QUOTE_NAME,
        contentType: "application/pdf",
        category: "vendor-quotes",
        data: options.scan ? scannedQuotePdf() : quotePdf(),
      },
      { project: PROJECT, completed: options.completed },
    );
  /** One processed scan for the tests that only look at it. */
  const processedScan = () => (scanned ??= quoteProject({ scan: true, completed: true }));

  /** A page signed in as the account, on a section of the project. */
  async function open(projectId: number, section: "upload" | "documents") {
    ({ page } = await browser.signedInAs(user, `/projects/${projectId}/${section}`));
    await page.getByRole("heading", { name: PROJECT.name }).waitFor();
  }

  /** With SHOTS_DIR set, light and dark screenshots of each state, for people reviewing the look. */
  async function shoot(name: string, options: { phone?: boolean } = {}) {
    const dir = process.env.SHOTS_DIR;
    if (!dir) return;
    if (options.phone) {
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(dir, `documents-${name}-phone.png`), fullPage: true });
      await page.setViewportSize(desktop);
    }
    // No colour transitions, so each picture shows the theme it is named after.
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate(`document.documentElement.classList.toggle("dark", ${theme === "dark"})`);
      // Two frames and a pause: on a loaded machine Chromium repaints the new colours tile by tile.
      await page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(dir, `documents-${name}-${theme}.png`) });
    }
    await page.evaluate('document.documentElement.classList.toggle("dark", false)');
  }

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const row = () => page.getByTestId("document-row").filter({ hasText: QUOTE_NAME });
  const section = (name: string) => page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name, exact: true });

  it("signs in and opens the project's Upload section", { timeout: 90_000 }, async () => {
    const projectId = await addProject(user, PROJECT);
    ({ page } = await browser.openApp("/customers"));
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In / Sign Up" }).click();
    await page.getByRole("heading", { name: "Customer Management" }).waitFor({ timeout: 30_000 });

    await page.goto(`${webUrl()}/projects/${projectId}/upload`);
    await page.getByRole("heading", { name: "Harbor Expansion" }).waitFor();
    const chips = page.getByRole("radiogroup", { name: "Category" });
    expect(await chips.getByRole("radio").allTextContents()).toEqual([
      "Vendor Quotes",
      "Customer Quotes",
      "Contracts",
      "Specifications",
      "Images",
    ]);
    expect(await chips.getByRole("radio", { name: "Vendor Quotes" }).getAttribute("aria-checked")).toBe("true");
    // What the plan stores, beside where files are added.
    await page.getByTestId("storage-use").getByText("Document storage: 0 B of 1.0 GB used").waitFor();
    await shoot("upload-idle", { phone: true });
  });

  it("refuses a file of another type with react-dropzone's text", { timeout: 60_000 }, async () => {
    const projectId = await addProject(user, PROJECT);
    await open(projectId, "upload");
    await page
      .getByTestId("document-input")
      .setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ not a quote") });
    await page.getByText(TYPE_REJECTION, { exact: true }).waitFor();
    await shoot("upload-rejected");
    await page.getByTestId("document-input").setInputFiles({ name: "empty.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) });
    await page.getByText("File is smaller than 1 byte", { exact: true }).waitFor();
    expect(TYPE_REJECTION).toMatch(/^File type must be one of application\/pdf, \.pdf, image\/\*/);
    // Nothing reached the server.
    const listed = await call(user, "GET", `/api/projects/${projectId}/documents`);
    expect(listed.body.documents).toEqual([]);
  });

  it("uploads a PDF quote with progress, then says it is being processed", { timeout: 90_000 }, async () => {
    await open(await addProject(user, PROJECT), "upload");
    await page.getByRole("radio", { name: "Contracts" }).click();
    await page.getByRole("radio", { name: "Vendor Quotes" }).click();
    // Every value the progress bar shows, so the test sees it move and not only its end.
    // (Strings, not functions: the tests are type-checked without the DOM library.)
    await page.evaluate(`
      window.progressSeen = [];
      new MutationObserver(() => {
        const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
        if (value != null && window.progressSeen.at(-1) !== Number(value)) window.progressSeen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    `);
    // A slow uplink (8 KB/s): the 40 KB scan takes about five seconds, and Chrome reports its progress in steps.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * 1024 });

    await page.getByTestId("document-input").setInputFiles(quotePath);
    await page.getByTestId("upload-progress").getByText(QUOTE_NAME).waitFor();
    await shoot("upload-progress");
    const success = page.getByTestId("upload-success");
    await success
      .getByText(`File "${QUOTE_NAME}" uploaded successfully and is being processed.`, { exact: true })
      .waitFor({ timeout: 45_000 });
    await success
      .getByText("Our AI is analyzing your document and extracting quote information. This may take a few moments.", { exact: true })
      .waitFor();
    await toast("Document Uploaded");
    await shoot("upload-success");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const seen = await page.evaluate<number[]>("window.progressSeen");
    expect(seen[0]).toBe(0);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress values seen: ${seen.join(", ")}`,
    ).toBe(true);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
  });

  it("shows the document in Documents until it is completed, with the green dot", { timeout: 120_000 }, async () => {
    const { projectId } = await quoteProject({ scan: true });
    await open(projectId, "upload");
    await section("Documents").click();
    const group = page.getByTestId("document-group").filter({ has: page.getByRole("heading", { name: /^Vendor Quotes/ }) });
    await group.waitFor();
    expect(await group.getByTestId("group-count").textContent()).toBe(", 1 document");
    await row().waitFor();
    await shoot("documents-processing");
    // The list polls while the document is processed and stops once it is done.
    await row().getByTestId("document-status").getByText("completed", { exact: true }).waitFor({ timeout: 75_000 });
    // The quote read from it arrives next and adds its facts and a Details button, which moves the dot:
    // hover only once the row has its final layout, or the pointer is left beside the dot.
    await row().getByTestId("record-facts").waitFor();
    await row()
      .getByRole("button", { name: `Details of ${QUOTE_NAME}` })
      .waitFor();
    const dot = row().getByTestId("text-dot");
    expect(await dot.getAttribute("data-extracted")).toBe("true");
    await dot.hover();
    await page.getByRole("tooltip").getByText("Text extracted successfully").waitFor();
    await shoot("documents-completed", { phone: true });
    expect(await row().textContent()).toContain(new Date().getFullYear().toString());
  });

  it(
    "says what was read from the scan: OCR'd pages and the quote's facts, with its details a click away",
    { timeout: 120_000 },
    async () => {
      await open((await processedScan()).projectId, "documents");
      expect(await row().getByTestId("ocr-note").textContent()).toMatch(/^Page 1 read by OCR/);
      await row()
        .getByTestId("record-facts")
        .getByText(/^Quote AIS-2024-0117 · Acme Industrial Supply/)
        .waitFor();
      await row()
        .getByRole("button", { name: `Details of ${QUOTE_NAME}` })
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(`Quote AIS-2024-0117 · ${QUOTE_NAME}`).waitFor();
      await shoot("documents-details");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    },
  );

  it("View opens the file in a new tab", { timeout: 120_000 }, async () => {
    await open((await processedScan()).projectId, "documents");
    const context = page.context();
    const opened = context.waitForEvent("page");
    await row()
      .getByRole("button", { name: `View ${QUOTE_NAME}` })
      .click();
    const tab = await opened;
    await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/^https?:\/\/[^/]+\/.+X-Amz-Signature=/);
    const file = await context.request.get(tab.url());
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await tab.close();
  });

  it("moves the document to another category", { timeout: 90_000 }, async () => {
    await open((await quoteProject({ completed: true })).projectId, "documents");
    await row()
      .getByRole("button", { name: `Move ${QUOTE_NAME}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Move Document" });
    await dialog.getByRole("radio", { name: "Contracts" }).click();
    await shoot("move-dialog");
    await dialog.getByRole("button", { name: "Move", exact: true }).click();
    await toast("Document Moved");
    await page.getByText("The document has been moved to the new category.").first().waitFor();
    await page
      .getByTestId("document-group")
      .filter({ has: page.getByRole("heading", { name: /^Contracts/ }) })
      .filter({ hasText: QUOTE_NAME })
      .waitFor();
    expect(await page.getByRole("heading", { name: /^Vendor Quotes/ }).count()).toBe(0);
  });

  it("deletes the document after confirmation", { timeout: 90_000 }, async () => {
    const { projectId } = await quoteProject({ completed: true });
    await open(projectId, "documents");
    await row()
      .getByRole("button", { name: `Delete ${QUOTE_NAME}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Document" });
    await dialog
      .getByText(
        `Are you sure you want to delete "${QUOTE_NAME}"? This action cannot be undone and will remove the file from storage and all AI embeddings.`,
        { exact: true },
      )
      .waitFor();
    await shoot("delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await row().waitFor();

    await row()
      .getByRole("button", { name: `Delete ${QUOTE_NAME}` })
      .click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await toast("Document Deleted");
    await page.getByText("The document has been successfully deleted.").first().waitFor();
    await page.getByText("No documents uploaded yet", { exact: true }).waitFor();
    await shoot("documents-empty");
    const listed = await call(user, "GET", `/api/projects/${projectId}/documents`);
    expect(listed.body.documents).toEqual([]);
  });

  it("a file that is not what its name says ends failed, with the reason shown", { timeout: 90_000 }, async () => {
    await open(await addProject(user, PROJECT), "upload");
    await page.getByRole("radio", { name: "Specifications" }).click();
    await page
      .getByTestId("document-input")
      .setInputFiles({ name: "site-plan.pdf", mimeType: "application/pdf", buffer: scannedQuotePng() });
    await page.getByTestId("upload-success").waitFor();
    await section("Documents").click();
    const failed = page.getByTestId("document-row").filter({ hasText: "site-plan.pdf" });
    await failed.getByTestId("document-status").getByText("failed", { exact: true }).waitFor({ timeout: 75_000 });
    await failed.getByText("The file is named as PDF but its content is a PNG image.").waitFor();
    expect(await failed.getByTestId("text-dot").getAttribute("aria-label")).toBe("No text extracted");
    await shoot("documents-failed");
  });
});
