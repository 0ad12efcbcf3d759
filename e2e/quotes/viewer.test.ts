import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * A person checks a quote's total against the document: from the quote, the total opens the
 * document in the app at its page, with the printed total marked; the address can be shared
 * and reloaded, and the back button returns to the quote list.
 */
describe("the document viewer", () => {
  const browser = browserForTests();
  let user: TestUser;
  let projectId: number;
  type Place = { page: number; box: [number, number, number, number] };
  let total: Place;
  let pumpLine: Place;

  beforeAll(async () => {
    user = await signedInUser();
    ({ projectId } = await labelledProject(user, ["acme-quote.pdf"]));
    const listed = await call(user, "GET", `/api/projects/${projectId}/quotes`);
    total = listed.body.quotes[0].sources.total;
    pumpLine = listed.body.quotes[0].lineItems[1].source;
  }, 240_000);

  /** The highlight's rectangle as shares of the drawn page (the page shown in `scope`). */
  async function highlightShare(scope: Pick<import("playwright-core").Page, "locator" | "getByTestId">) {
    const measure = async () => {
      const canvas = (await scope.locator("canvas[aria-label]").boundingBox())!;
      const mark = (await scope.getByTestId("viewer-highlight").boundingBox())!;
      return [
        (mark.x - canvas.x) / canvas.width,
        (mark.y - canvas.y) / canvas.height,
        (mark.x + mark.width - canvas.x) / canvas.width,
        (mark.y + mark.height - canvas.y) / canvas.height,
      ];
    };
    // The two boxes are read one after the other: a notice loading above the page between the
    // reads moves only one of them, so the layout counts only once two readings agree.
    let last = await measure();
    for (let reading = 0; reading < 20; reading++) {
      const now = await measure();
      if (now.every((v, i) => Math.abs(v - last[i]!) < 1e-3)) return now;
      last = now;
    }
    return last;
  }

  it(
    "opens a quote's total on its page with the printed total marked, by a link that reloads to the same view",
    { timeout: 120_000 },
    async () => {
      const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
      await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
      await reviewShot(page.getByRole("dialog"), "quote-detail-sources.png");
      await page.getByRole("dialog").getByRole("link", { name: "Show Total on the page" }).click();

      await page.getByRole("navigation", { name: "Pages" }).getByText("Page 1 of 1").waitFor();
      await page.getByTestId("viewer-highlight").waitFor();
      expect(page.url()).toContain(`/projects/${projectId}/documents/`);
      expect(new URL(page.url()).searchParams.get("page")).toBe(String(total.page));
      // drawn over the page where the API says the total is printed
      const share = await highlightShare(page);
      share.forEach((v, i) => expect(v).toBeCloseTo(total.box[i]!, 2));
      await reviewShot(page, "viewer-total.png");
      await page.setViewportSize({ width: 390, height: 844 });
      await reviewShot(page, "viewer-total-phone.png");
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.reload();
      await page.getByTestId("viewer-highlight").waitFor();
      (await highlightShare(page)).forEach((v, i) => expect(v).toBeCloseTo(total.box[i]!, 2));

      await page.goBack();
      await page.getByTestId("quote-row").first().waitFor();
    },
  );

  it("shows the quote's page beside it, marking where the value in focus is printed", { timeout: 120_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
    await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
    const dialog = page.getByRole("dialog");
    const preview = dialog.getByTestId("page-preview");
    // nothing to check on this quote: the page opens on the total
    await preview.getByTestId("viewer-highlight").waitFor();
    await expect
      .poll(async () => (await highlightShare(preview)).map((v) => Math.round(v * 100)))
      .toEqual(total.box.map((v) => Math.round(v * 100)));

    await dialog.locator('[data-source="line:1"]').focus();
    await expect
      .poll(async () => (await highlightShare(preview)).map((v) => Math.round(v * 100)))
      .toEqual(pumpLine.box.map((v) => Math.round(v * 100)));
    await reviewShot(dialog, "quote-review-split.png");
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.locator('[data-source="field:total"]').hover();
    await expect
      .poll(async () => (await highlightShare(preview)).map((v) => Math.round(v * 100)))
      .toEqual(total.box.map((v) => Math.round(v * 100)));
  });

  it(
    "says so in a plain sentence when the document does not exist, and a box outside the page is clamped",
    { timeout: 60_000 },
    async () => {
      const { page } = await browser.signedInAs(user, `/projects/${projectId}/documents/999999?page=2`);
      await page.getByText("This document was removed or does not exist.").waitFor();
      const listed = await call(user, "GET", `/api/projects/${projectId}/documents`);
      const id = listed.body.documents[0].id as number;
      await page.goto(new URL(`/projects/${projectId}/documents/${id}?page=1&box=0.5,0.5,1.8,1.9`, page.url()).href);
      await page.getByTestId("viewer-highlight").waitFor();
      const [x0, y0, x1, y1] = await highlightShare(page);
      expect([x0, y0]).toEqual([expect.closeTo(0.5, 2), expect.closeTo(0.5, 2)]);
      expect(x1).toBeLessThanOrEqual(1.01);
      expect(y1).toBeLessThanOrEqual(1.01);
    },
  );
  it("pages through a long document by its thumbnails and the keyboard, and finds words in it", { timeout: 180_000 }, async () => {
    const { projectId: specs, documentIds } = await labelledProject(user, ["riverside-specifications.pdf"]);
    const id = documentIds["riverside-specifications.pdf"]!;
    const { page } = await browser.signedInAs(user, `/projects/${specs}/documents/${id}`);
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 1 of 3").waitFor();

    // the page's words lie over the drawing where they are printed: a double click selects one
    const heading = page.getByTestId("viewer-text").getByText("RIVERSIDE WAREHOUSE - TECHNICAL SPECIFICATIONS");
    await heading.waitFor();
    const canvas = (await page.locator("canvas[aria-label]").boundingBox())!;
    const line = (await heading.boundingBox())!;
    expect(line.x).toBeGreaterThan(canvas.x);
    expect(line.y).toBeGreaterThan(canvas.y);
    expect(line.y + line.height).toBeLessThan(canvas.y + canvas.height * 0.15);
    await heading.dblclick({ position: { x: 4, y: line.height / 2 } });
    expect(await page.evaluate(`window.getSelection()?.toString().trim()`)).toBe("RIVERSIDE");

    const thumbnails = page.getByRole("navigation", { name: "Page thumbnails" }).getByRole("button");
    expect(await thumbnails.count()).toBe(3);

    await page.getByRole("button", { name: "Go to page 3" }).click();
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 3 of 3").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("3");
    expect(await page.getByRole("button", { name: "Go to page 3" }).getAttribute("aria-current")).toBe("page");
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 2 of 3").waitFor();
    await page.keyboard.press("PageUp");
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 1 of 3").waitFor();

    // the fire protection section is on page 2: the search goes there and marks the words
    const search = page.getByLabel("Search in the document");
    await search.fill("Sprinkler");
    await search.press("Enter");
    await page.getByText("1 of 1", { exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 2 of 3").waitFor();
    await page.getByTestId("viewer-match").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await reviewShot(page, "viewer-search.png");
    expect(await accessibilityViolations(page)).toEqual([]);

    await search.fill("no such words here");
    await search.press("Enter");
    await page.getByText("No matches").waitFor();
    expect(await page.getByTestId("viewer-match").count()).toBe(0);
  });

  it("finds words in a file it cannot draw, in the extracted text, and goes to them", { timeout: 180_000 }, async () => {
    const { projectId: contracts, documentIds } = await labelledProject(user, ["supply-agreement.txt"]);
    const id = documentIds["supply-agreement.txt"]!;
    const { page } = await browser.signedInAs(user, `/projects/${contracts}/documents/${id}`);
    await page.getByText("This Supply Agreement is made between", { exact: false }).waitFor();

    const search = page.getByLabel("Search in the document");
    await search.fill("late DELIVERY");
    await search.press("Enter");
    await page
      .getByRole("status")
      .getByText(/^1 of \d+$/)
      .waitFor();
    const active = page.locator('[data-testid="viewer-match"][data-active]');
    expect((await active.textContent())!.toLowerCase()).toContain("late delivery");
    await reviewShot(page, "viewer-text-search.png");

    await search.fill("no such words here");
    await search.press("Enter");
    await page.getByText("No matches").waitFor();
    expect(await page.getByTestId("viewer-match").count()).toBe(0);
  });
});
