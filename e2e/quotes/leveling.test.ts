import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  accessibilityViolations,
  call,
  labelledProject,
  signedInUser,
  uploadDocument,
  waitCompleted,
  type TestUser,
} from "@quorum/local/testing";
import { makeQuote, quotePdf } from "@quorum/testing/quote-files";
import { SECOND_VENDOR_QUOTE } from "@quorum/testing/project-documents";
import { encodePng } from "@quorum/testing/raster-encoders";
import { renderText } from "@quorum/testing/bitmap-font";
import { browserForTests, reviewShot } from "../shell/browser";

/** A third vendor quoting part of the same job in euros, in words of its own. */
const ALPEN = makeQuote({
  ...SECOND_VENDOR_QUOTE,
  vendor: "Alpen Hydraulik GmbH",
  vendorAddress: "Industriestrasse 12, 6020 Innsbruck, Austria",
  quoteNumber: "AH-2024-311",
  items: [
    { qty: 10, description: "Steel mounting bracket 40mm", unitPrice: 10.5 },
    { qty: 4, description: "Hydraulic pump HP 220", unitPrice: 372 },
    { qty: 2, description: "Installation labor (hours)", unitPrice: 80 },
  ],
  terms: "Payment terms: Net 60.",
});

const RATE = 1.08;
const RATE_DATE = "2026-11-20";
const COMPANY = { company: "Northwind Builders LLC", companyAddress: "1 River Road, Sacramento, CA", companyPhone: "+1 916 555 0100" };

interface ListedQuote {
  id: number;
  vendorName: string;
  currency: string | null;
  documentName: string;
  lineItems: { description: string; amount: number | null }[];
}

/**
 * A buyer levels three vendors' quotes, one of them in euros: enters the rate with its date,
 * awards each line to its lowest bidder, gets the awarded total in dollars, keeps the leveling
 * in a link, and exports it as a spreadsheet whose totals are formulas and whose values name
 * the document and page they were read from.
 */
describe("vendor leveling", () => {
  const browser = browserForTests();
  let user: TestUser;
  let projectId: number;
  let quotes: ListedQuote[];

  beforeAll(async () => {
    user = await signedInUser();
    ({ projectId } = await labelledProject(user, ["acme-quote.pdf", "pacific-quote.pdf"]));
    const alpen = { fileName: "alpen-quote.pdf", contentType: "application/pdf", category: "vendor-quotes" } as const;
    await waitCompleted(user, projectId, [await uploadDocument(user, projectId, alpen, quotePdf(ALPEN))]);
    let listed = await call(user, "GET", `/api/projects/${projectId}/quotes`);
    const euro = (listed.body.quotes as ListedQuote[]).find((q) => q.vendorName === ALPEN.vendor)!;
    // The vendor prices in euros: the buyer says so on the quote.
    const corrected = await call(user, "PUT", `/api/quotes/${euro.id}`, { currency: "EUR" });
    expect(corrected.status, corrected.text).toBe(200);
    const form = new FormData();
    form.append("file", new Blob([encodePng(renderText(["NORTHWIND"]))], { type: "image/png" }), "logo.png");
    form.append("category", "company-logo");
    form.append("userId", user.uid);
    const logo = await call(user, "POST", "/api/upload", form);
    expect(logo.status, logo.text).toBe(200);
    const profile = await call(user, "PUT", `/api/users/${user.uid}`, { ...COMPANY, companyLogo: logo.body.filePath });
    expect(profile.status, profile.text).toBe(200);
    listed = await call(user, "GET", `/api/projects/${projectId}/quotes`);
    quotes = listed.body.quotes;
    expect(quotes.map((q) => q.currency).sort()).toEqual(["EUR", "USD", "USD"]);
  }, 300_000);

  /**
   * What awarding each item to its lowest bidder comes to in dollars, worked out here from the
   * quotes as listed: the items are known by a word of their description.
   */
  function lowestAwardedTotal() {
    const items = ["bracket", "pump", "labor", "bolts", "valve"];
    let total = 0;
    for (const word of items) {
      const offers = quotes.flatMap((q) =>
        q.lineItems
          .filter((l) => l.description.toLowerCase().includes(word) && l.amount !== null)
          .map((l) => l.amount! * (q.currency === "EUR" ? RATE : 1)),
      );
      expect(offers.length, word).toBeGreaterThan(0);
      total += Math.min(...offers);
    }
    return Math.round(total * 100) / 100;
  }

  const dollars = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  async function levelWithRate(page: Page) {
    await page.getByRole("link", { name: "Compare vendor quotes" }).click();
    await page.getByRole("heading", { name: "Vendor leveling" }).waitFor();
    await page.getByTestId("leveling-row").first().waitFor();
    await page.getByLabel("1 EUR in USD").fill(String(RATE));
    await page.getByLabel("Rate date").fill(RATE_DATE);
    await page.getByLabel("1 EUR in USD").press("Enter");
    await page.getByText(`at ${RATE} (Nov 20, 2026)`).first().waitFor();
  }

  it("levels three vendors in two currencies and totals the awarded lines in one", { timeout: 120_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
    await levelWithRate(page);

    const rows = page.getByTestId("leveling-row");
    expect(await rows.count()).toBe(5);
    // the euro vendor quotes neither the bolts nor the valve, the first vendor not the valve
    expect(await page.getByText("not quoted", { exact: true }).count()).toBe(3);
    // the euro pump is converted beside its price, with the rate and its date
    await rows
      .filter({ hasText: "Hydraulic pump" })
      .getByText(`≈ ${dollars(4 * 372 * RATE)}`)
      .waitFor();

    await page.getByRole("button", { name: "Award lowest on every line" }).click();
    const expected = lowestAwardedTotal();
    await expect.poll(() => page.getByTestId("awarded-total").textContent()).toBe(dollars(expected));
    await page.getByText("5 of 5 lines awarded").waitFor();
    await reviewShot(page, "leveling-light.png", { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    // one line given to another vendor moves the total by the difference
    await page.getByRole("radio", { name: "Award Hydraulic pump HP-220 to Pacific Fasteners & Hydraulics Inc." }).check();
    const pacificPump = 4 * 405;
    const acmePump = 4 * 389.99;
    await expect.poll(() => page.getByTestId("awarded-total").textContent()).toBe(dollars(expected - acmePump + pacificPump));

    // the address keeps the quotes, the rate and the awards
    await page
      .getByTestId("leveling-saved")
      .getByText(/^Saved with the project at/)
      .waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId("awarded-total").textContent()).toBe(dollars(expected - acmePump + pacificPump));
    await page.getByText(`at ${RATE} (Nov 20, 2026)`).first().waitFor();

    // and the project keeps them: opened afresh from the Quotes section, in a new browser, the leveling is as it was left
    const elsewhere = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
    await elsewhere.page.getByRole("link", { name: "Compare vendor quotes" }).click();
    await expect.poll(() => elsewhere.page.getByTestId("awarded-total").textContent()).toBe(dollars(expected - acmePump + pacificPump));
    await elsewhere.page.getByText(`at ${RATE} (Nov 20, 2026)`).first().waitFor();

    await page.emulateMedia({ media: "print" });
    await page.getByText(COMPANY.company).first().waitFor();
    await reviewShot(page, "leveling-print.png", { fullPage: true });
  });

  it("exports the leveling as XLSX with its totals as formulas and each value's source", { timeout: 120_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`);
    await levelWithRate(page);
    await page.getByRole("button", { name: "Award lowest on every line" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export XLSX" }).click();
    const file = join(mkdtempSync(join(tmpdir(), "leveling-")), (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(file).toMatch(/\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheets = workbook.worksheets.map((s) => s.name);
    expect(sheets).toEqual(["Leveling", "Acme Industrial Supply Co.", "Alpen Hydraulik GmbH", "Pacific Fasteners & Hydraulics"]);

    const leveling = workbook.getWorksheet("Leveling")!;
    // headed by the company from the profile, its logo and details
    expect(leveling.getCell("A1").value).toBe(COMPANY.company);
    expect(String(leveling.getCell("A2").value)).toContain(COMPANY.companyAddress);
    expect(leveling.getImages()).toHaveLength(1);
    const cells: ExcelJS.Cell[] = [];
    leveling.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const formulas = cells.filter((c) => c.formula).map((c) => c.formula);
    // euro amounts are converted by a formula over the entered rate's cell
    const rateCell = cells.find((c) => c.value === RATE)!;
    expect(formulas.filter((f) => f.endsWith(`*$B$${rateCell.row}`)).length).toBeGreaterThanOrEqual(3);
    expect(formulas.filter((f) => /^SUM\(/.test(f)).length).toBe(6);
    const total = cells.find((c) => /^ROUND\(SUM\(/.test(c.formula ?? ""))!;
    expect((total.value as ExcelJS.CellFormulaValue).result).toBe(lowestAwardedTotal());
    expect(cells.some((c) => c.value === RATE_DATE)).toBe(true);
    expect(cells.some((c) => c.value === "alpen-quote.pdf p. 1")).toBe(true);

    // each quote's sheet: every value beside its document and page
    const alpen = workbook.getWorksheet("Alpen Hydraulik GmbH")!;
    const rowOf = (label: string) => {
      let found: ExcelJS.Row | undefined;
      alpen.eachRow((row) => {
        if (row.getCell(1).value === label) found = row;
      });
      return found!;
    };
    const totalRow = rowOf("Total");
    expect(totalRow.getCell(3).value).toBe("alpen-quote.pdf");
    expect(totalRow.getCell(4).value).toBe(1);
    expect(rowOf("Hydraulic pump HP 220").getCell(6).value).toBe("alpen-quote.pdf");
    expect(rowOf("Sum of lines").getCell(5).formula).toMatch(/^SUM\(E\d+:E\d+\)$/);
  });

  it("looks right in the dark and on a phone", { timeout: 120_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/quotes`, { theme: "dark" });
    await levelWithRate(page);
    await page.getByRole("button", { name: "Award lowest on every line" }).click();
    await page.getByText("5 of 5 lines awarded").waitFor();
    await reviewShot(page, "leveling-dark.png", { fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await reviewShot(page, "leveling-phone.png", { fullPage: true });
  });
});
