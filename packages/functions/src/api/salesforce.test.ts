import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatewayWith } from "@quorum/local/own-gateway";
import { addSampleOrg, startFakeSalesforce, type FakeSalesforce } from "@quorum/testing/fake-salesforce";
import { call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

/**
 * The Salesforce link over a gateway whose connected app is a fake Salesforce
 * server: the real jsforce client signs in with PKCE, refreshes, searches, reads
 * and updates opportunities there. The shared stack has no connected app: it
 * shows what a server without one offers.
 */

let salesforce: FakeSalesforce;
let own: Awaited<ReturnType<typeof gatewayWith>>;

beforeAll(async () => {
  salesforce = await startFakeSalesforce();
  // Salesforce sends the browser back to the site: here, to this file's gateway.
  own = await gatewayWith(salesforce.settings, { appUrl: true });
  addSampleOrg(salesforce);
});
afterAll(async () => {
  await Promise.all([own?.close(), salesforce?.close()]);
});

/** What a browser does: asks to connect, follows Salesforce's approval back to Quorum's callback. */
async function connected(user: TestUser) {
  const start = await call(user, "POST", "/api/salesforce/connect");
  expect(start.status, start.text).toBe(200);
  const authorize = new URL(start.body.url);
  expect(authorize.origin).toBe(salesforce.url);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const approved = await fetch(authorize, { redirect: "manual" });
  const back = new URL(approved.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${own.gateway.url}/salesforce/callback`);
  const landed = await finish(user, back);
  expect(landed.status, landed.text).toBe(200);
  expect(landed.body).toMatchObject({ configured: true, connected: true });
  connectedBy.set(user.uid, back);
  return user;
}
/** The callback page's call: the code and state Salesforce put in its address, with the user's token. */
const finish = (user: TestUser, back: URL) =>
  call(user, "POST", "/api/salesforce/callback", { code: back.searchParams.get("code"), state: back.searchParams.get("state") });
/** Each user's way back from Salesforce, to try it twice. */
const connectedBy = new Map<string, URL>();

const project = async (user: TestUser, name = "Crane refit") =>
  (await call(user, "POST", "/api/projects", { name, userId: user.uid })).body.project.id as number;

describe("Salesforce", () => {
  it("a server without a connected app says so, and offers nothing that would do nothing", async () => {
    const ann = await signedInUser();
    const status = await fetch(`${own.shared}/api/salesforce`, { headers: ann.headers });
    expect(await status.json()).toEqual({ configured: false, connected: false });
    const start = await fetch(`${own.shared}/api/salesforce/connect`, { method: "POST", headers: ann.headers });
    expect(start.status).toBe(503);
    expect(await start.json()).toEqual({ error: "The Salesforce integration is not set up on this server." });
  });

  it("connects with PKCE, keeps the tokens sealed, and disconnecting forgets them", async () => {
    const ann = await connected(await signedInUser());
    expect((await call(ann, "GET", "/api/salesforce")).body).toMatchObject({
      configured: true,
      connected: true,
      instanceUrl: salesforce.url,
    });
    const { Domain } = await import("@quorum/core/db/service");
    const stored = (await Domain.entities.salesforceConnection.get({ userId: ann.uid }).go()).data!;
    expect(stored.accessToken).toMatch(/^v1\./);
    expect(stored.refreshToken).toMatch(/^v1\./);

    // The state is used once: the same way back again changes nothing.
    expect((await finish(ann, connectedBy.get(ann.uid)!)).body).toEqual({
      error: "This Salesforce sign-in has expired or was already used. Choose Connect Salesforce again.",
    });
    expect((await call(ann, "DELETE", "/api/salesforce")).body).toEqual({ connected: false });
    expect(salesforce.requests.some((r) => r.path === "/services/oauth2/revoke")).toBe(true);
    expect((await call(ann, "GET", "/api/salesforce")).body).toEqual({ configured: true, connected: false });
    expect((await call(ann, "POST", "/api/salesforce/opportunities/search", { q: "crane" })).body).toEqual({
      error: "Connect Salesforce on your profile first.",
    });
  });

  it("searches opportunities by name, refreshing an expired access token on the way", async () => {
    const bob = await connected(await signedInUser());
    salesforce.expireAccessTokens();
    const found = await call(bob, "POST", "/api/salesforce/opportunities/search", { q: "crane" });
    expect(found.status, found.text).toBe(200);
    expect(found.body.opportunities).toEqual([
      {
        id: "006000000000001AAA",
        name: "Harbour crane refit",
        accountName: "Harbour Logistics Ltd",
        amount: 10000,
        stageName: "Proposal",
        closeDate: "2027-03-31",
      },
    ]);
    expect(salesforce.requests.filter((r) => r.path === "/services/oauth2/token")).not.toHaveLength(0);
    // The new access token was kept: the next search needs no refresh.
    const refreshes = salesforce.requests.filter((r) => r.path === "/services/oauth2/token").length;
    expect((await call(bob, "POST", "/api/salesforce/opportunities/search", { q: "o'brien %_\\" })).body).toEqual({ opportunities: [] });
    expect(salesforce.requests.filter((r) => r.path === "/services/oauth2/token")).toHaveLength(refreshes);
    expect((await call(bob, "POST", "/api/salesforce/opportunities/search", { q: "a" })).body).toEqual({
      error: "Type at least 2 letters of the opportunity's name.",
    });
  });

  it("links a project, pulls the Account into its customer, and pushes the chosen quote's total with a note of the quotes", async () => {
    const cy = await connected(await signedInUser());
    const { projectId } = await labelledProject(cy, ["acme-quote.pdf", "pacific-quote.pdf"]);
    const linked = await call(cy, "PUT", `/api/projects/${projectId}/salesforce`, { opportunityId: "006000000000001AAA" });
    expect(linked.status, linked.text).toBe(200);
    expect((await call(cy, "GET", `/api/projects/${projectId}`)).body.salesforceOppId).toBe("006000000000001AAA");
    expect((await call(cy, "GET", `/api/projects/${projectId}/salesforce`)).body.opportunity).toMatchObject({
      id: "006000000000001AAA",
      name: "Harbour crane refit",
      stageName: "Proposal",
      amount: 10000,
    });
    // A read refreshes an expired access token for itself alone: a GET route writes nothing.
    const { Domain } = await import("@quorum/core/db/service");
    const sealedToken = async () => (await Domain.entities.salesforceConnection.get({ userId: cy.uid }).go()).data!.accessToken;
    const before = await sealedToken();
    salesforce.expireAccessTokens();
    expect((await call(cy, "GET", `/api/projects/${projectId}/salesforce`)).body.opportunity.name).toBe("Harbour crane refit");
    expect(await sealedToken()).toBe(before);

    const pulled = await call(cy, "POST", `/api/projects/${projectId}/salesforce/pull`);
    expect(pulled.body).toMatchObject({ created: true });
    const withCustomer = (await call(cy, "GET", `/api/projects/${projectId}`)).body;
    expect(withCustomer.customer).toMatchObject({
      companyName: "Harbour Logistics Ltd",
      industry: "Transportation",
      billingCity: "Rotterdam",
      billingCountry: "Netherlands",
    });
    // Pulled again: the same customer is updated, not a second one made.
    expect((await call(cy, "POST", `/api/projects/${projectId}/salesforce/pull`)).body).toMatchObject({
      customerId: withCustomer.customer.id,
      created: false,
    });

    const quotes = (await call(cy, "GET", `/api/projects/${projectId}/quotes`)).body.quotes;
    const chosen = quotes.find((q: { total: number | null }) => q.total !== null);
    const pushed = await call(cy, "POST", `/api/projects/${projectId}/salesforce/push`, { quoteId: chosen.id });
    expect(pushed.status, pushed.text).toBe(200);
    const opportunity = salesforce.opportunities.get("006000000000001AAA")!;
    expect(opportunity.Amount).toBe(chosen.total);
    expect(String(opportunity.Description)).toContain(`* chosen: ${chosen.vendorName}`);
    expect(String(opportunity.Description).split("\n")).toHaveLength(quotes.length + 1);
  });

  it("a deleted opportunity and a revoked access are each a sentence, and change nothing", async () => {
    const dee = await connected(await signedInUser());
    const id = await project(dee);
    salesforce.opportunities.set("006000000000009AAA", { Id: "006000000000009AAA", Name: "Short-lived", AccountId: null });
    expect((await call(dee, "PUT", `/api/projects/${id}/salesforce`, { opportunityId: "006000000000009AAA" })).status).toBe(200);
    salesforce.opportunities.delete("006000000000009AAA");
    const pull = await call(dee, "POST", `/api/projects/${id}/salesforce/pull`);
    expect(pull.status).toBe(409);
    expect(pull.body.error).toBe(
      "The Salesforce opportunity 006000000000009AAA no longer exists (it was deleted, or you no longer have access to it). Link the project to another one; nothing was changed.",
    );
    expect((await call(dee, "GET", `/api/projects/${id}/salesforce`)).body).toEqual(pull.body);
    expect((await call(dee, "GET", `/api/projects/${id}`)).body.customer).toBeNull();

    salesforce.revokeAccess();
    const refused = await call(dee, "PUT", `/api/projects/${id}/salesforce`, { opportunityId: "006000000000002AAA" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Salesforce no longer accepts Quorum's access (it was revoked or has expired). Connect Salesforce again on your profile; nothing was changed.",
    );
    expect((await call(dee, "GET", `/api/projects/${id}`)).body.salesforceOppId).toBe("006000000000009AAA");
    expect((await call(dee, "PUT", `/api/projects/${id}/salesforce`, { opportunityId: "not-an-id" })).body).toEqual({
      error: "That is not a Salesforce record id.",
    });
  });
});
