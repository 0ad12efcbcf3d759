import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * A person opens a project's quotes (read by the pipeline from two uploaded
 * vendor quotes), compares them line by line, corrects a wrong total and
 * exports a quote as CSV. Tests that only look share one project; a test that
 * changes a quote makes its own.
 */
describe("quotes in the browser", () => {
  const browser = browserForTests();
  let shared: { user: TestUser; projectId: number };

  const vendorQuotes = async () => {
    const user = await signedInUser();
    const { projectId } = await labelledProject(user, ["acme-quote.pdf", "pacific-quote.pdf"]);
    return { user, projectId };
  };

  beforeAll(async () => {
    shared = await vendorQuotes();
  }, 240_000);

  /** A page signed in as the project's owner, on its quotes once they are listed. */
  async function openQuotes({ user, projectId }: { user: TestUser; projectId: number }): Promise<Page> {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
    await page.getByTestId("quote-row").first().waitFor();
    return page;
  }

  it("lists the quotes read from the documents", { timeout: 60_000 }, async () => {
    const page = await openQuotes(shared);
    const rows = page.getByTestId("quote-row");
    expect(await rows.count()).toBe(2);
    const acme = rows.filter({ hasText: "Acme Industrial Supply Co." });
    await acme.getByText("AIS-2024-0117").waitFor();
    await acme.getByText("$2,269.49").waitFor();
    await acme.getByText("Checked").waitFor();
    await rows.filter({ hasText: "Pacific Fasteners & Hydraulics Inc." }).getByText("$2,460.71").waitFor();
  });

  it("opens the vendor leveling from the quotes and matches the two quotes line by line", { timeout: 60_000 }, async () => {
    const page = await openQuotes(shared);
    await page.getByRole("link", { name: "Compare vendor quotes" }).click();
    const rows = page.getByTestId("leveling-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(5);
    // Written differently by each vendor, matched as one item; Acme's pump is the cheaper one.
    const pump = rows.filter({ hasText: "Hydraulic pump HP-220" });
    expect(await pump.locator("td").first().textContent()).toContain("lowest");
    expect(await pump.locator("td").nth(1).textContent()).toContain("$405.00");
    await rows.filter({ hasText: "Pressure relief valve PRV-75" }).getByText("not quoted").waitFor();
    await page.getByText("Every chosen quote is in USD: nothing to convert.").waitFor();
  });

  it(
    "saving over a correction made meanwhile in another tab is refused, and the dialog shows that tab's values",
    { timeout: 240_000 },
    async () => {
      const owned = await vendorQuotes();
      const { user, projectId } = owned;
      const page = await openQuotes(owned);
      await page.getByRole("button", { name: "Pacific Fasteners & Hydraulics Inc." }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Edit" }).click();
      await dialog.getByLabel("Total", { exact: true }).fill("2500");

      const listed = await call(user, "GET", `/api/projects/${projectId}/quotes`);
      const pacific = (listed.body.quotes as { id: number; vendorName: string }[]).find((q) => q.vendorName?.startsWith("Pacific"))!;
      const elsewhere = await call(user, "PUT", `/api/quotes/${pacific.id}`, { paymentTerms: "Net 90" });
      expect(elsewhere.status, elsewhere.text).toBe(200);

      await dialog.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("This quote was changed by someone else since you opened it.", { exact: false }).first().waitFor();
      await dialog.getByText("Net 90").waitFor();
      await dialog.getByRole("button", { name: "Edit" }).waitFor();
      expect(await dialog.getByText("$2,500.00").count()).toBe(0);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
    },
  );

  it("shows what a correction taught about the vendor's documents, and forgets it", { timeout: 240_000 }, async () => {
    const owned = await vendorQuotes();
    const listed = await call(owned.user, "GET", `/api/projects/${owned.projectId}/quotes`);
    const acme = (listed.body.quotes as { id: number; vendorName: string; quoteNumber: string }[]).find((q) =>
      q.vendorName?.startsWith("Acme"),
    )!;
    const taught = await call(owned.user, "PUT", `/api/quotes/${acme.id}`, { quoteNumber: acme.quoteNumber });
    expect(taught.status, taught.text).toBe(200);

    const page = await openQuotes(owned);
    await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
    const dialog = page.getByRole("dialog");
    const lessons = dialog.getByRole("region", { name: "Learned from your corrections" });
    await lessons.getByText(/Quote number follows “.+”/).waitFor();
    await lessons.getByText("taught by correcting this quote").waitFor();
    await reviewShot(dialog, "quote-lessons.png");
    await lessons.getByRole("button", { name: "Forget" }).click();
    await lessons.waitFor({ state: "detached" });
  });

  it("corrects a wrong total, sees the failed check, and exports the quote as CSV", { timeout: 240_000 }, async () => {
    const page = await openQuotes(await vendorQuotes());
    await page.getByRole("button", { name: "Acme Industrial Supply Co." }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("The numbers add up").waitFor();
    await dialog.getByRole("table", { name: "Line items" }).getByText("Hydraulic pump HP-220").waitFor();
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Total", { exact: true }).fill("2300");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("One check failed").waitFor();
    await dialog.getByText(/but the total says 2,300\.00/).waitFor();
    await dialog.getByText("was $2,269.49").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("acme-industrial-supply-co-ais-2024-0117.csv");
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("Quote number,AIS-2024-0117");
    expect(csv).toContain("Hydraulic pump HP-220,4,,389.99,1559.96");
    expect(csv).toContain("Total,2300");

    await page.keyboard.press("Escape");
    const row = page.getByTestId("quote-row").filter({ hasText: "Acme Industrial Supply Co." });
    await row.getByText("$2,300.00").waitFor();
    await row.getByText("Needs review").waitFor();
    // the table narrows to what needs a look, and widens again
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Show only the quotes that need review (1)" }).click();
    await expect.poll(() => page.getByTestId("quote-row").count()).toBe(1);
    await page.getByRole("button", { name: "Show all quotes" }).click();
    await expect.poll(() => page.getByTestId("quote-row").count()).toBe(2);
    await page.reload();
    await page.getByTestId("quote-row").filter({ hasText: "Acme Industrial Supply Co." }).getByText("$2,300.00").waitFor();
  });
});
