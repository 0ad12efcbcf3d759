import { beforeAll, describe, expect, it } from "vitest";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";
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
  let total: { page: number; box: [number, number, number, number] };

  beforeAll(async () => {
    user = await signedInUser();
    ({ projectId } = await labelledProject(user, ["acme-quote.pdf"]));
    const listed = await call(user, "GET", `/api/projects/${projectId}/quotes`);
    total = listed.body.quotes[0].sources.total;
  }, 240_000);

  /** The highlight's rectangle as shares of the drawn page. */
  async function highlightShare(page: import("playwright-core").Page) {
    const canvas = (await page.locator("canvas").boundingBox())!;
    const mark = (await page.getByTestId("viewer-highlight").boundingBox())!;
    return [
      (mark.x - canvas.x) / canvas.width,
      (mark.y - canvas.y) / canvas.height,
      (mark.x + mark.width - canvas.x) / canvas.width,
      (mark.y + mark.height - canvas.y) / canvas.height,
    ];
  }

  it(
    "opens a quote's total on its page with the printed total marked, by a link that reloads to the same view",
    { timeout: 120_000 },
    async () => {
      const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
      await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
      await reviewShot(page.getByRole("dialog"), "quote-detail-sources.png");
      await page.getByRole("dialog").getByRole("link", { name: "Show Total on the page" }).click();

      await page.getByText("Page 1 of 1").waitFor();
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
});
