import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP server speaking Salesforce's wire format for what Quorum's CRM link
 * uses, so the real jsforce client is tested against it: the OAuth 2.0 web-server
 * flow with PKCE (authorize, token, refresh, revoke), sObject reads and updates
 * (Opportunity, Account) and SOQL queries of opportunities by name, with
 * Salesforce's error shapes (401 INVALID_SESSION_ID, 404 NOT_FOUND, invalid_grant).
 * The authorize step approves at once, as a signed-in Salesforce user would.
 */

type SObject = Record<string, unknown> & { Id: string };

export interface FakeSalesforce {
  url: string;
  clientId: string;
  clientSecret: string;
  opportunities: Map<string, SObject>;
  accounts: Map<string, SObject>;
  /** Quorum's settings for a connected app that signs in here (with a token key of its own). */
  settings: Record<string, string>;
  /** Every call, for asserting what was (and was not) sent. */
  requests: { method: string; path: string }[];
  /** Access tokens handed out so far stop working (they expired): the client must refresh. */
  expireAccessTokens(): void;
  /** The user revoked Quorum's access in Salesforce: refresh tokens stop working too. */
  revokeAccess(): void;
  close(): Promise<void>;
}

const API = /^\/services\/data\/v\d+\.\d\//;

export async function startFakeSalesforce(): Promise<FakeSalesforce> {
  const clientId = `3MVG9${randomBytes(8).toString("hex")}`;
  const clientSecret = randomBytes(16).toString("hex");
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const opportunities = new Map<string, SObject>();
  const accounts = new Map<string, SObject>();
  const requests: FakeSalesforce["requests"] = [];
  let url = "";

  const token = () => `00D${randomBytes(12).toString("hex")}`;
  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const grantError = (res: ServerResponse, description: string) =>
    send(res, 400, { error: "invalid_grant", error_description: description });
  const issue = (refresh?: string) => {
    const access = token();
    accessTokens.add(access);
    const refreshToken = refresh ?? token();
    refreshTokens.add(refreshToken);
    return {
      access_token: access,
      ...(refresh ? {} : { refresh_token: refreshToken }),
      instance_url: url,
      id: `${url}/id/00D000000000001EAA/005000000000001AAA`,
      token_type: "Bearer",
      issued_at: String(Date.now()),
      signature: randomBytes(16).toString("base64"),
      scope: "api refresh_token",
    };
  };

  function oauth(req: IncomingMessage, res: ServerResponse, path: URL, form: URLSearchParams) {
    if (path.pathname === "/services/oauth2/authorize") {
      const q = path.searchParams;
      if (q.get("client_id") !== clientId)
        return send(res, 400, { error: "invalid_client_id", error_description: "client identifier invalid" });
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return send(res, 400, { error: "invalid_request" });
      const code = randomBytes(16).toString("base64url");
      codes.set(code, { challenge: q.get("code_challenge")!, redirectUri: q.get("redirect_uri")! });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return send(res, 302, undefined, { location: back.toString() });
    }
    if (path.pathname === "/services/oauth2/token" && req.method === "POST") {
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        return send(res, 400, { error: "invalid_client", error_description: "invalid client credentials" });
      }
      if (form.get("grant_type") === "authorization_code") {
        const pending = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!pending || pending.redirectUri !== form.get("redirect_uri")) return grantError(res, "invalid authorization code");
        const challenge = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (challenge !== pending.challenge) return grantError(res, "invalid code verifier");
        return send(res, 200, issue());
      }
      if (form.get("grant_type") === "refresh_token") {
        const refresh = form.get("refresh_token") ?? "";
        if (!refreshTokens.has(refresh)) return grantError(res, "expired access/refresh token");
        return send(res, 200, issue(refresh));
      }
      return send(res, 400, { error: "unsupported_grant_type" });
    }
    if (path.pathname === "/services/oauth2/revoke" && req.method === "POST") {
      const revoked = form.get("token") ?? "";
      refreshTokens.delete(revoked);
      accessTokens.delete(revoked);
      return send(res, 200);
    }
    return send(res, 404, [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
  }

  function data(req: IncomingMessage, res: ServerResponse, path: URL, body: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !accessTokens.has(bearer))
      return send(res, 401, [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }]);
    const rest = path.pathname.replace(API, "");
    if (rest === "query" || rest === "query/") return send(res, 200, query(path.searchParams.get("q") ?? ""));
    const match = /^sobjects\/(Opportunity|Account)\/(\w+)$/.exec(rest);
    const table = match?.[1] === "Opportunity" ? opportunities : accounts;
    const record = match ? table.get(match[2]!) : undefined;
    if (!match || !record) return send(res, 404, [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
    if (req.method === "GET") return send(res, 200, withAttributes(match[1]!, record));
    if (req.method === "PATCH") {
      Object.assign(record, JSON.parse(body) as Record<string, unknown>);
      return send(res, 204);
    }
    return send(res, 405, [{ errorCode: "METHOD_NOT_ALLOWED", message: "HTTP Method not allowed" }]);
  }

  const withAttributes = (type: string, record: SObject) => ({
    attributes: { type, url: `/services/data/v62.0/sobjects/${type}/${record.Id}` },
    ...record,
  });

  /** The one SOQL shape the client sends: opportunities whose Name is LIKE a quoted pattern. */
  function query(soql: string) {
    const like = /WHERE\s+Name\s+LIKE\s+'((?:[^'\\]|\\.)*)'/i.exec(soql)?.[1] ?? "%";
    const needle = like.replace(/^%|%$/g, "").replace(/\\(.)/g, "$1").toLowerCase();
    const records = [...opportunities.values()]
      .filter((o) => String(o.Name).toLowerCase().includes(needle))
      .map((o) => {
        const account = accounts.get(String(o.AccountId));
        return withAttributes("Opportunity", { ...o, Account: account ? { attributes: { type: "Account" }, Name: account.Name } : null });
      });
    return { totalSize: records.length, done: true, records };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = new URL(req.url ?? "/", "http://fake");
      requests.push({ method: req.method ?? "", path: path.pathname + path.search });
      if (path.pathname.startsWith("/services/oauth2/")) return oauth(req, res, path, new URLSearchParams(body));
      if (API.test(path.pathname)) return data(req, res, path, body);
      send(res, 404, [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    opportunities,
    accounts,
    settings: {
      SALESFORCE_CLIENT_ID: clientId,
      SALESFORCE_CLIENT_SECRET: clientSecret,
      SALESFORCE_TOKEN_KEY: randomBytes(32).toString("base64"),
      SALESFORCE_LOGIN_URL: url,
    },
    requests,
    expireAccessTokens: () => accessTokens.clear(),
    revokeAccess: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sample org's records, by what the tests call them. */
export const SAMPLE_ORG = {
  harbour: {
    Id: "001000000000001AAA",
    Name: "Harbour Logistics Ltd",
    Industry: "Transportation",
    Website: "https://harbour.example",
    BillingStreet: "1 Quay Road",
    BillingCity: "Rotterdam",
    BillingPostalCode: "3011",
    BillingCountry: "Netherlands",
  },
  craneRefit: {
    Id: "006000000000001AAA",
    Name: "Harbour crane refit",
    Amount: 10000,
    StageName: "Proposal",
    CloseDate: "2027-03-31",
    AccountId: "001000000000001AAA",
  },
  racking: {
    Id: "006000000000002AAA",
    Name: "Warehouse racking",
    Amount: null,
    StageName: "Prospecting",
    CloseDate: "2027-05-01",
    AccountId: null,
  },
} as const;

/** Puts the sample org in `fake`: Harbour Logistics with its crane refit, and an opportunity without an account. */
export function addSampleOrg(fake: FakeSalesforce) {
  const { harbour, craneRefit, racking } = SAMPLE_ORG;
  fake.accounts.set(harbour.Id, { ...harbour });
  fake.opportunities.set(craneRefit.Id, { ...craneRefit });
  fake.opportunities.set(racking.Id, { ...racking });
}
