import { createHash, randomBytes } from "node:crypto";
// The client and OAuth alone: the package's index also loads its bulk, metadata, SOAP and streaming APIs (a megabyte more per function).
import Connection from "@jsforce/jsforce-node/lib/connection";
import OAuth2 from "@jsforce/jsforce-node/lib/oauth2";
import { z } from "zod";
import { Actor } from "../actor";
import { config, type Config } from "../config";
import { Customer } from "../customer/index";
import { CUSTOMER_MAX_LENGTHS } from "../customer/schema";
import { Conflict, Invalid, Unavailable, VisibleError } from "../error";
import { parseInput } from "../fn";
import { Project } from "../project/index";
import { ProjectQuotes } from "../quote/project-quotes";
import { SalesforceAuthStateEntity, SalesforceConnectionEntity } from "./entity";
import { open, seal, tokenKey } from "./sealed";
import {
  CALLBACK_PATH,
  LinkOpportunityInput,
  SalesforceCallbackInput,
  MAX_OPPORTUNITY_RESULTS,
  OpportunitySearch,
  PushTotalInput,
  type Opportunity,
  type SalesforceStatus,
} from "./schema";

/** How long a sign-in to Salesforce may take before its state is forgotten. */
const AUTH_STATE_SECONDS = 600;
const NOT_SET_UP = "The Salesforce integration is not set up on this server.";
const NOT_CONNECTED = "Connect Salesforce on your profile first.";
const REVOKED =
  "Salesforce no longer accepts Quorum's access (it was revoked or has expired). Connect Salesforce again on your profile; nothing was changed.";
const UNREACHABLE = "Salesforce could not be reached. Please try again; nothing was changed.";
const NOT_LINKED = "This project is not linked to a Salesforce opportunity yet.";
const gone = (id: string) =>
  `The Salesforce opportunity ${id} no longer exists (it was deleted, or you no longer have access to it). Link the project to another one; nothing was changed.`;

const EXPIRED = "This Salesforce sign-in has expired or was already used. Choose Connect Salesforce again.";
const DENIED = "Salesforce access was not allowed, so nothing was connected.";
const EXCHANGE_FAILED = "Salesforce did not accept the sign-in. Please choose Connect Salesforce again.";

const OPPORTUNITY_FIELDS = "Id, Name, Amount, StageName, CloseDate, AccountId, Account.Name";

/** The connected app of this server, or undefined: without its key, secret and the token key nothing is offered. */
function setup(c: Config = config()) {
  const key = tokenKey(c.SALESFORCE_TOKEN_KEY);
  if (!c.SALESFORCE_CLIENT_ID || !c.SALESFORCE_CLIENT_SECRET || !key) return undefined;
  return { clientId: c.SALESFORCE_CLIENT_ID, clientSecret: c.SALESFORCE_CLIENT_SECRET, key, loginUrl: c.SALESFORCE_LOGIN_URL, c };
}
type Setup = NonNullable<ReturnType<typeof setup>>;

function required(): Setup {
  const s = setup();
  if (!s) throw new Unavailable(NOT_SET_UP);
  return s;
}

const oauth2 = (s: Setup, redirectUri?: string) =>
  new OAuth2({ loginUrl: s.loginUrl, clientId: s.clientId, clientSecret: s.clientSecret, redirectUri });

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** A jsforce failure as Salesforce named it: "NOT_FOUND", "invalid_grant", "INVALID_SESSION_ID" ... */
const codeOf = (error: unknown) => String((error as { errorCode?: string; name?: string })?.errorCode ?? (error as Error)?.name ?? "");

/** SOQL string literal contents: quotes and backslashes escaped, LIKE's wildcards taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\'%_]/g, (c) => `\\${c}`);

type OpportunityRecord = {
  Id: string;
  Name: string;
  Amount?: number | null;
  StageName?: string | null;
  CloseDate?: string | null;
  AccountId?: string | null;
  Account?: { Name?: string } | null;
};

const toOpportunity = (o: OpportunityRecord, accountName?: string | null): Opportunity => ({
  id: o.Id,
  name: o.Name,
  accountName: accountName ?? o.Account?.Name ?? null,
  amount: o.Amount ?? null,
  stageName: o.StageName ?? null,
  closeDate: o.CloseDate ?? null,
});

const clip = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined);

export namespace Salesforce {
  export const configured = (c?: Config) => !!setup(c);

  export async function status(): Promise<SalesforceStatus> {
    if (!configured()) return { configured: false, connected: false };
    const saved = (await SalesforceConnectionEntity.get({ userId: Actor.userId() }).go()).data;
    return saved
      ? { configured: true, connected: true, instanceUrl: saved.instanceUrl, connectedAt: saved.createdAt }
      : { configured: true, connected: false };
  }

  /**
   * Starts the OAuth 2.0 web-server flow with PKCE: the state and the verifier stay
   * on the server, the browser goes to Salesforce with the challenge only.
   */
  export async function connect(siteUrl: string) {
    const s = required();
    const state = base64url(randomBytes(24));
    const verifier = base64url(randomBytes(48));
    const redirectUri = new URL(CALLBACK_PATH, siteUrl).toString();
    await SalesforceAuthStateEntity.create({
      state,
      userId: Actor.userId(),
      verifier,
      redirectUri,
      expiresAt: Math.floor(Date.now() / 1000) + AUTH_STATE_SECONDS,
    }).go();
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const url = oauth2(s, redirectUri).getAuthorizationUrl({
      state,
      scope: "api refresh_token",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    return { url };
  }

  /**
   * Salesforce sends the browser back to the site's callback page, which hands the
   * code here with the signed-in user's token: the sign-in must be theirs (the state
   * names who started it). The code is exchanged with the verifier, the tokens are
   * sealed and kept.
   */
  export async function finish(input: z.input<typeof SalesforceCallbackInput>): Promise<SalesforceStatus> {
    const s = required();
    const { state, code, error } = parseInput(SalesforceCallbackInput, input);
    const pending = (await SalesforceAuthStateEntity.get({ state }).go()).data;
    // Used once, whatever happens next.
    if (pending) await SalesforceAuthStateEntity.delete({ state }).go();
    if (!pending || pending.userId !== Actor.userId() || pending.expiresAt * 1000 < Date.now()) throw new Conflict(EXPIRED);
    if (error || !code) throw new Conflict(DENIED);
    try {
      const tokens = await oauth2(s, pending.redirectUri).requestToken(code, { code_verifier: pending.verifier });
      if (!tokens.refresh_token) throw new Error("Salesforce gave no refresh token: the connected app needs the refresh_token scope");
      await SalesforceConnectionEntity.put({
        userId: pending.userId,
        instanceUrl: tokens.instance_url,
        accessToken: seal(tokens.access_token, s.key),
        refreshToken: seal(tokens.refresh_token, s.key),
      }).go();
    } catch (failure) {
      console.error("Salesforce token exchange failed", codeOf(failure), (failure as Error)?.message);
      throw new Unavailable(EXCHANGE_FAILED);
    }
    return status();
  }

  /** Forgets the caller's tokens (and asks Salesforce to revoke them; a failure there changes nothing here). */
  export async function disconnect() {
    const s = required();
    const userId = Actor.userId();
    const saved = (await SalesforceConnectionEntity.get({ userId }).go()).data;
    if (!saved) return { connected: false as const };
    await oauth2(s)
      .revokeToken(open(saved.refreshToken, s.key))
      .catch((error) => console.warn("Salesforce revoke failed", codeOf(error)));
    await SalesforceConnectionEntity.delete({ userId }).go();
    return { connected: false as const };
  }

  /**
   * Runs `work` on the caller's connection. An expired access token is refreshed by
   * jsforce and the new one kept (unless `readOnly`: a read's route may not write, and
   * uses the new token for this call alone); a refresh Salesforce refuses (revoked,
   * expired) and an unreachable Salesforce are sentences, and nothing is changed.
   */
  async function withConnection<T>(work: (connection: Connection) => Promise<T>, { readOnly = false } = {}): Promise<T> {
    const s = required();
    const userId = Actor.userId();
    const saved = (await SalesforceConnectionEntity.get({ userId }).go()).data;
    if (!saved) throw new Conflict(NOT_CONNECTED);
    // Refreshed here, not by jsforce's own refresher, to see why Salesforce refused (its message alone loses it).
    const auth = oauth2(s);
    const refreshToken = open(saved.refreshToken, s.key);
    let refusal: unknown;
    const connection = new Connection({
      instanceUrl: saved.instanceUrl,
      accessToken: open(saved.accessToken, s.key),
      version: s.c.SALESFORCE_API_VERSION,
      refreshFn: (_connection, callback) => {
        auth.refreshToken(refreshToken).then(
          (tokens) => callback(null, tokens.access_token, tokens),
          (error: Error) => {
            refusal = error;
            callback(error);
          },
        );
      },
    });
    const refreshed: Promise<unknown>[] = [];
    connection.on("refresh", (accessToken: string) => {
      if (readOnly) return;
      refreshed.push(
        SalesforceConnectionEntity.patch({ userId })
          .set({ accessToken: seal(accessToken, s.key) })
          .go(),
      );
    });
    try {
      return await work(connection);
    } catch (error) {
      if (error instanceof VisibleError) throw error;
      const code = codeOf(refusal ?? error);
      if (code === "invalid_grant" || code === "INVALID_SESSION_ID") throw new Conflict(REVOKED);
      console.error("Salesforce call failed", code, (error as Error)?.message);
      throw new Unavailable(UNREACHABLE);
    } finally {
      await Promise.all(refreshed);
    }
  }

  /** The opportunity, or a sentence saying it is gone. */
  async function opportunity(connection: Connection, id: string): Promise<OpportunityRecord> {
    try {
      return (await connection.sobject("Opportunity").retrieve(id)) as unknown as OpportunityRecord;
    } catch (error) {
      if (["NOT_FOUND", "ENTITY_IS_DELETED", "INVALID_CROSS_REFERENCE_KEY", "MALFORMED_ID"].includes(codeOf(error)))
        throw new Conflict(gone(id));
      throw error;
    }
  }

  /** Opportunities whose name contains the text typed, for linking a project. */
  export async function searchOpportunities(query: z.input<typeof OpportunitySearch>) {
    const { q } = parseInput(OpportunitySearch, query);
    return withConnection(async (connection) => {
      const soql = `SELECT ${OPPORTUNITY_FIELDS} FROM Opportunity WHERE Name LIKE '%${likeLiteral(q)}%' ORDER BY LastModifiedDate DESC LIMIT ${MAX_OPPORTUNITY_RESULTS}`;
      const result = await connection.query<OpportunityRecord>(soql);
      return { opportunities: result.records.map((o) => toOpportunity(o)) };
    });
  }

  /** Links one of the caller's projects to an opportunity that exists in their Salesforce. */
  export async function link(projectId: number, input: z.input<typeof LinkOpportunityInput>) {
    const { opportunityId } = parseInput(LinkOpportunityInput, input);
    await Project.get(projectId);
    return withConnection(async (connection) => {
      const found = await opportunity(connection, opportunityId);
      await Project.update({ id: projectId, salesforceOppId: found.Id });
      return { opportunity: toOpportunity(found) };
    });
  }

  async function linked(projectId: number) {
    const project = await Project.get(projectId);
    if (!project.salesforceOppId) throw new Conflict(NOT_LINKED);
    return { project, opportunityId: project.salesforceOppId };
  }

  /** The project's opportunity as Salesforce holds it now, for showing what the project is linked to. */
  export async function linkedOpportunity(projectId: number) {
    const { opportunityId } = await linked(projectId);
    return withConnection(async (connection) => ({ opportunity: toOpportunity(await opportunity(connection, opportunityId)) }), {
      readOnly: true,
    });
  }

  /**
   * The opportunity's Account becomes the project's customer: the customer it has
   * is updated, or a new one is made and linked. Company, industry, website and
   * billing and shipping addresses come from Salesforce.
   */
  export async function pullAccount(projectId: number) {
    const { project, opportunityId } = await linked(projectId);
    return withConnection(async (connection) => {
      const found = await opportunity(connection, opportunityId);
      if (!found.AccountId) throw new Conflict(`The Salesforce opportunity ${found.Name} has no account to take the customer from.`);
      const a = (await connection.sobject("Account").retrieve(found.AccountId)) as unknown as Record<string, unknown>;
      const m = CUSTOMER_MAX_LENGTHS;
      const fields = {
        companyName: clip(a.Name, m.companyName) ?? found.AccountId,
        industry: clip(a.Industry, m.industry),
        website: clip(a.Website, m.website),
        billingAddress: clip(a.BillingStreet, m.billingAddress),
        billingCity: clip(a.BillingCity, m.billingCity),
        billingState: clip(a.BillingState, m.billingState),
        billingZip: clip(a.BillingPostalCode, m.billingZip),
        billingCountry: clip(a.BillingCountry, m.billingCountry),
        shippingAddress: clip(a.ShippingStreet, m.shippingAddress),
        shippingCity: clip(a.ShippingCity, m.shippingCity),
        shippingState: clip(a.ShippingState, m.shippingState),
        shippingZip: clip(a.ShippingPostalCode, m.shippingZip),
        shippingCountry: clip(a.ShippingCountry, m.shippingCountry),
      };
      const current = project.customerId === undefined ? undefined : await Customer.owned(project.customerId);
      if (current) {
        await Customer.update({ id: current.id, ...fields });
        return { opportunity: toOpportunity(found, fields.companyName), customerId: current.id, created: false };
      }
      const created = await Customer.create(fields);
      await Project.update({ id: projectId, customerId: created.id });
      return { opportunity: toOpportunity(found, fields.companyName), customerId: created.id, created: true };
    });
  }

  /**
   * The chosen quote's total becomes the opportunity's Amount, and its Description a
   * note listing every quote of the project (the chosen one marked).
   */
  export async function pushTotal(projectId: number, input: z.input<typeof PushTotalInput>) {
    const { quoteId } = parseInput(PushTotalInput, input);
    const { opportunityId } = await linked(projectId);
    const { quotes } = await ProjectQuotes.list(projectId);
    const chosen = quotes.find((q) => q.id === quoteId);
    if (!chosen) throw new Invalid("That quote is not one of this project's quotes.");
    if (chosen.total === null) throw new Invalid(`The quote from ${chosen.documentName} has no total to send.`);
    const note = [
      "Quotes in Quorum:",
      ...quotes.map(
        (q) =>
          `${q.id === quoteId ? "* chosen: " : "- "}${q.vendorName ?? q.documentName}${q.quoteNumber ? ` (${q.quoteNumber})` : ""}: ${
            q.total === null ? "no total" : `${q.total} ${q.currency ?? ""}`.trim()
          }`,
      ),
    ].join("\n");
    return withConnection(async (connection) => {
      const found = await opportunity(connection, opportunityId);
      const saved = await connection.sobject("Opportunity").update({ Id: found.Id, Amount: chosen.total, Description: note });
      if (!saved.success)
        throw new Conflict(`Salesforce refused the change: ${saved.errors.map((e) => (typeof e === "string" ? e : e.message)).join("; ")}`);
      return { opportunity: toOpportunity({ ...found, Amount: chosen.total }), amount: chosen.total!, note };
    });
  }
}
