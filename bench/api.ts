/**
 * `npm run bench:api`: how much the API adds on top of the database query it runs.
 *
 * With the local stack running (`npm run dev`: gateway :3000, DynamoDB Local :8000,
 * Auth Emulator :9099), it signs a user up, seeds customers, contacts and projects
 * through the API, then runs three phases, one after the other, each with the same
 * number of requests in flight, rotating over the projects, customers and contacts lists:
 *
 *   1. DynamoDB Local on the wire: the exact Query each list runs, as raw DynamoDB
 *      JSON requests from autocannon (the database alone, no client library);
 *   2. DynamoDB Local Query: the same Query issued the way the handler issues it
 *      (the domain's list function: ElectroDB on the AWS SDK v3), in this process;
 *   3. the API: GET /api/projects, /api/customers, /api/contacts through the gateway
 *      from autocannon (HTTP, token check, routing, validation, that Query, JSON).
 *
 * It prints p50/p99 of each, the API's ratio to both floors, and last
 * `ratio <API p50 / DynamoDB Local Query p50 (phase 2)>`: what the API adds.
 * Settings: GATEWAY_URL, DYNAMO_ENDPOINT, FIREBASE_AUTH_EMULATOR_HOST, TABLE_NAME,
 * BENCH_SECONDS (20), BENCH_CONNECTIONS (50).
 */
import { createRequire } from "node:module";
import { marshall } from "@aws-sdk/util-dynamodb";

const env = (name: string, fallback: string) => process.env[name] || fallback;
const GATEWAY = env("GATEWAY_URL", "http://127.0.0.1:3000");
const DYNAMO = env("DYNAMO_ENDPOINT", "http://127.0.0.1:8000");
const AUTH_HOST = env("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099");
const SECONDS = Number(env("BENCH_SECONDS", "20"));
const CONNECTIONS = Number(env("BENCH_CONNECTIONS", "50"));
// The entities read the table's name and endpoint when first imported.
process.env.TABLE_NAME = env("TABLE_NAME", "quorum-local");
process.env.DYNAMO_ENDPOINT = DYNAMO;

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface Instance {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: "done", listener: (result: { errors: number; timeouts: number; non2xx: number; requests: { total: number } }) => void): void;
}
type Autocannon = (options: { url: string; connections: number; duration: number; requests: Request[] }) => Instance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text}`);
  return JSON.parse(text) as T;
}

/** A user in the Auth Emulator, known to Quorum, with some records to list. */
async function seed() {
  const signUp = await json<{ idToken: string; localId: string }>(
    await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-secret", returnSecureToken: true }),
    }),
  );
  const headers = { authorization: `Bearer ${signUp.idToken}`, "content-type": "application/json" };
  const post = <T>(path: string, body: unknown) =>
    fetch(`${GATEWAY}${path}`, { method: "POST", headers, body: JSON.stringify(body) }).then((r) => json<T>(r));
  await post("/api/auth/login", { firebaseUid: signUp.localId, displayName: "Bench" });
  for (let i = 0; i < 10; i++) {
    const { customer } = await post<{ customer: { id: number } }>("/api/customers", {
      companyName: `Customer ${i}`,
      industry: "Construction",
    });
    const { contact } = await post<{ contact: { id: number } }>("/api/contacts", {
      customerId: customer.id,
      firstName: "Pat",
      lastName: `No${i}`,
      isPrimary: true,
    });
    await post("/api/contacts", { customerId: customer.id, firstName: "Sam", lastName: `No${i}` });
    await post("/api/projects", {
      name: `Project ${i}`,
      description: "Bench project",
      address: "1 Main St",
      customerId: customer.id,
      contactId: contact.id,
    });
  }
  return { userId: signUp.localId, headers: { authorization: headers.authorization } };
}

/** The exact Queries the three list endpoints run, as DynamoDB's own wire requests. */
async function bareQueries(userId: string): Promise<Request[]> {
  const { ProjectEntity } = await import("@quorum/core/project/entity");
  const { CustomerEntity } = await import("@quorum/core/customer/entity");
  const { ContactEntity } = await import("@quorum/core/contact/entity");
  const inputs = [
    ProjectEntity.query.byUser({ userId }).params({ order: "desc" }),
    CustomerEntity.query
      .byUser({ userId })
      .where((a, op) => op.notExists(a.deletedAt))
      .params({ order: "desc" }),
    ContactEntity.query.byUser({ userId }).params({ order: "desc" }),
  ];
  const stamp = new Date().toISOString().replace(/[-:]|\.\d+/g, "");
  return inputs.map((input) => ({
    method: "POST",
    path: "/",
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": "DynamoDB_20120810.Query",
      "x-amz-date": stamp,
      // DynamoDB Local reads the credential scope but does not check the signature.
      authorization: `AWS4-HMAC-SHA256 Credential=local/${stamp.slice(0, 8)}/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=${"0".repeat(64)}`,
    },
    body: JSON.stringify({ ...input, ExpressionAttributeValues: marshall(input.ExpressionAttributeValues ?? {}) }),
  }));
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One phase: every response's time from autocannon's own hrtime measurement. */
function load(url: string, requests: Request[], seconds: number) {
  return new Promise<{ p50: number; p99: number; count: number; rps: number }>((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests });
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
    instance.on("done", (result) => {
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed) {
        const detail = `${result.errors} errors, ${result.timeouts} timeouts (autocannon's 10 s), ${result.non2xx} non-2xx`;
        return reject(new Error(`${url}: ${failed} of ${result.requests.total} requests failed: ${detail}`));
      }
      times.sort((a, b) => a - b);
      resolve({ p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, rps: times.length / seconds });
    });
  });
}

/** Phase 2: `CONNECTIONS` loops, each awaiting one list call after the other. */
async function inProcess(calls: (() => Promise<unknown>)[], seconds: number) {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const call = calls[next++ % calls.length]!;
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, rps: times.length / seconds };
}

/** The handlers' own list functions, run as the seeded user. */
async function domainLists(userId: string) {
  const { Actor } = await import("@quorum/core/actor");
  const { Project } = await import("@quorum/core/project/index");
  const { Customer } = await import("@quorum/core/customer/index");
  const { Contact } = await import("@quorum/core/contact/index");
  const user = { userId };
  const lists: (() => Promise<unknown>)[] = [Project.list, Customer.list, Contact.list];
  return lists.map((list) => () => Actor.provide(user, list));
}

const fmt = (label: string, r: { p50: number; p99: number; count: number; rps: number }) =>
  `${label.padEnd(28)} p50 ${r.p50.toFixed(2).padStart(8)} ms   p99 ${r.p99.toFixed(2).padStart(8)} ms   ${r.count} requests (${r.rps.toFixed(0)}/s)`;

async function main() {
  const { userId, headers } = await seed();
  const bare = await bareQueries(userId);
  const lists = await domainLists(userId);
  const api: Request[] = ["/api/projects", "/api/customers", "/api/contacts"].map((path) => ({
    method: "GET",
    path: `${path}?userId=${userId}`,
    headers,
  }));

  // Sanity: both sides answer what we think they answer.
  const check = await fetch(`${DYNAMO}/`, { method: "POST", headers: bare[0]!.headers, body: bare[0]!.body }).then((r) =>
    json<{ Count: number }>(r),
  );
  const listed = await fetch(`${GATEWAY}${api[0]!.path}`, { headers }).then((r) => json<{ projects: unknown[] }>(r));
  if (check.Count !== 10 || listed.projects.length !== 10)
    throw new Error(`unexpected seed: query ${check.Count}, api ${listed.projects.length}`);

  console.log(`${CONNECTIONS} in flight, ${SECONDS} s per phase, lists of 10 projects, 10 customers, 20 contacts`);
  // Short warm-ups so no phase pays for JIT, connection setup or the token cache.
  await load(DYNAMO, bare, 2);
  const wire = await load(DYNAMO, bare, SECONDS);
  console.log(fmt("1 DynamoDB Local, wire", wire));
  await inProcess(lists, 2);
  const query = await inProcess(lists, SECONDS);
  console.log(fmt("2 DynamoDB Local Query", query));
  await load(GATEWAY, api, 2);
  const viaApi = await load(GATEWAY, api, SECONDS);
  console.log(fmt("3 API list via gateway", viaApi));
  console.log(`API p50 / wire p50: ${(viaApi.p50 / wire.p50).toFixed(2)}`);
  console.log(`ratio ${(viaApi.p50 / query.p50).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
