import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { addProject, call, createUser, labelledProject, siteWithSettings, type SiteProxy } from "@quorum/local/testing";
import { addSampleOrg, SAMPLE_ORG, startFakeSalesforce, type FakeSalesforce } from "@quorum/testing/fake-salesforce";
import { launchBrowser, reviewShot, signedInApp, signedInAs, webUrl } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The test stack has no Salesforce connected app: what a server without one shows.
describe("Salesforce on a server without a connected app", { timeout: 90_000 }, () => {
  it("the profile's card says the integration is not set up and offers nothing to fill in or press; projects show no panel", async () => {
    const app = await signedInApp(browser, "/profile");
    const { page } = app;
    const card = page.getByTestId("salesforce-card");
    await card.getByText("The Salesforce integration is not set up on this server.", { exact: false }).waitFor();
    expect(await card.getByRole("textbox").count()).toBe(0);
    expect(await card.getByRole("button").count()).toBe(0);

    // Editing the profile brings no Salesforce fields back.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    expect(await card.getByRole("textbox").count()).toBe(0);

    const projectId = await addProject(app.account, { name: "Harbour crane" });
    await page.goto(new URL(`/projects/${projectId}`, webUrl()).href);
    await page.getByRole("heading", { name: "Harbour crane" }).waitFor();
    expect(await page.getByTestId("salesforce-panel").count()).toBe(0);
    await app.close();
  });
});

// A site of this file's own whose connected app is a fake Salesforce: Connect leaves for its
// authorize page, which approves at once and sends the browser back to this site's callback.
describe("Salesforce connected, in the browser", { timeout: 120_000 }, () => {
  let salesforce: FakeSalesforce;
  let site: SiteProxy;
  beforeAll(async () => {
    salesforce = await startFakeSalesforce();
    addSampleOrg(salesforce);
    site = await siteWithSettings(salesforce.settings);
  });
  afterAll(async () => {
    await Promise.all([site?.close(), salesforce?.close()]);
  });

  /** A new account signed in on this file's site, at `path`. */
  async function signedIn(path: string) {
    const account = await createUser();
    return { ...(await signedInAs(browser, account, path, { siteUrl: site.url })), account };
  }

  /** On /profile: Connect, Salesforce's approval, and back on the profile with the card connected. */
  async function connect(page: Page) {
    const card = page.getByTestId("salesforce-card");
    await card.getByRole("button", { name: "Connect Salesforce" }).click();
    await page.waitForURL((url) => url.origin === site.url && url.pathname === "/profile");
    await card.getByText(`Connected to ${salesforce.url} since`).waitFor();
    expect(salesforce.requests.some((r) => r.path.startsWith("/services/oauth2/authorize?"))).toBe(true);
    return card;
  }

  const panelOf = (page: Page) => page.getByTestId("salesforce-panel");
  /** A toast's text (Radix also reads it out through a hidden live region, hence the first). */
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  async function linkOpportunity(page: Page, search: string, name: string) {
    const panel = panelOf(page);
    await panel.getByRole("textbox", { name: "Search opportunities by name" }).fill(search);
    await panel.getByRole("button", { name: "Find" }).click();
    await panel.getByText(name, { exact: true }).waitFor();
    await reviewShot(panel, `salesforce-found-${search}.png`);
    const row = panel
      .locator("div", { hasText: name })
      .filter({ has: page.getByRole("button", { name: "Link" }) })
      .last();
    await row.getByRole("button", { name: "Link" }).click();
    await toast(page, `Linked to ${name}`);
  }

  it("connects on /profile, links a project to an opportunity found by name, takes its account as the customer, sends a quote's total, and disconnects", async () => {
    const app = await signedIn("/profile");
    const { page, account } = app;
    // The documents are read while the browser connects.
    const project = labelledProject(account, ["acme-quote.pdf", "pacific-quote.pdf"]);

    const card = await connect(page);
    await toast(page, "Salesforce connected");

    const { projectId } = await project;
    await page.goto(new URL(`/projects/${projectId}`, site.url).href);
    const panel = panelOf(page);
    await panel.getByRole("heading", { name: "Salesforce opportunity" }).waitFor();
    await linkOpportunity(page, "crane", SAMPLE_ORG.craneRefit.Name);
    // The opportunity as Salesforce has it, its name opening it there.
    const linked = panel.getByTestId("salesforce-opportunity");
    const inSalesforce = linked.getByRole("link", { name: SAMPLE_ORG.craneRefit.Name });
    expect(await inSalesforce.getAttribute("href")).toBe(`${salesforce.url}/${SAMPLE_ORG.craneRefit.Id}`);
    await linked.getByText("Proposal · Amount 10,000.00 · closes Mar 31, 2027").waitFor();

    await panel.getByRole("button", { name: "Take the customer from Salesforce" }).click();
    await toast(page, `Customer updated from ${SAMPLE_ORG.harbour.Name}`);
    await page.getByRole("heading", { name: "Customer", exact: true }).waitFor();
    await page.getByText(SAMPLE_ORG.harbour.Name, { exact: true }).first().waitFor();
    await page.getByText(SAMPLE_ORG.harbour.Industry, { exact: true }).waitFor();

    // The second quote with a total, chosen by its vendor, is the one sent.
    const quotes = (await call(account, "GET", `/api/projects/${projectId}/quotes`)).body.quotes as {
      vendorName: string | null;
      documentName: string;
      total: number | null;
    }[];
    const withTotal = quotes.filter((q) => q.total !== null);
    expect(withTotal.length).toBe(2);
    const chosen = withTotal[1]!;
    await panel.getByRole("combobox", { name: "Quote to send" }).click();
    await page
      .getByRole("option")
      .filter({ hasText: chosen.vendorName ?? chosen.documentName })
      .click();
    await panel.getByRole("button", { name: "Send this quote’s total to Salesforce" }).click();
    await toast(page, `Amount sent to ${SAMPLE_ORG.craneRefit.Name}`);
    const opportunity = salesforce.opportunities.get(SAMPLE_ORG.craneRefit.Id)!;
    expect(opportunity.Amount).toBe(chosen.total);
    expect(String(opportunity.Description)).toContain(`* chosen: ${chosen.vendorName ?? chosen.documentName}`);
    const amount = chosen.total!.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await linked.getByText(`Amount ${amount}`, { exact: false }).waitFor();
    await reviewShot(page.locator("aside"), "salesforce-panel-linked.png");

    await page.goto(new URL("/profile", site.url).href);
    await card.getByText(`Connected to ${salesforce.url} since`).waitFor();
    await reviewShot(card, "salesforce-card-connected.png");
    await card.getByRole("button", { name: "Disconnect" }).click();
    await card.getByRole("button", { name: "Connect Salesforce" }).waitFor();
    expect(await card.getByText("Connected to").count()).toBe(0);
    await app.close();
  });

  it("a deleted opportunity and a revoked access are each said in a sentence, and change nothing", async () => {
    const app = await signedIn("/profile");
    const { page, account } = app;
    await connect(page);
    const projectId = await addProject(account, { name: "Quay lighting" });
    const doomed = { Id: "006000000000077AAA", Name: "Quay lighting retrofit", AccountId: SAMPLE_ORG.harbour.Id };
    salesforce.opportunities.set(doomed.Id, { ...doomed });

    await page.goto(new URL(`/projects/${projectId}`, site.url).href);
    const panel = panelOf(page);
    await linkOpportunity(page, "lighting", doomed.Name);
    await panel.getByRole("link", { name: doomed.Name }).waitFor();

    salesforce.opportunities.delete(doomed.Id);
    await panel.getByRole("button", { name: "Take the customer from Salesforce" }).click();
    await toast(
      page,
      `The Salesforce opportunity ${doomed.Id} no longer exists (it was deleted, or you no longer have access to it). Link the project to another one; nothing was changed.`,
    );
    expect(await page.getByRole("heading", { name: "Customer", exact: true }).count()).toBe(0);
    // Coming back, the panel says so where the opportunity was.
    await page.reload();
    await panel
      .getByTestId("salesforce-opportunity")
      .getByText(`The Salesforce opportunity ${doomed.Id} no longer exists`, { exact: false })
      .waitFor();

    salesforce.revokeAccess();
    await panel.getByRole("textbox", { name: "Search opportunities by name" }).fill("racking");
    await panel.getByRole("button", { name: "Find" }).click();
    await toast(
      page,
      "Salesforce no longer accepts Quorum's access (it was revoked or has expired). Connect Salesforce again on your profile; nothing was changed.",
    );
    expect((await call(account, "GET", `/api/projects/${projectId}`)).body).toMatchObject({ salesforceOppId: doomed.Id, customer: null });
    await app.close();
  });
});
