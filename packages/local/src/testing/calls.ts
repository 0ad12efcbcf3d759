/**
 * Users and calls for tests that run against the local stack started by the global setup
 * (test/global-setup.ts): real accounts in the Auth Emulator, real calls through the local gateway.
 */
import { EventSourceParserStream } from "eventsource-parser/stream";
import { randomInt, randomUUID } from "node:crypto";
import { request } from "node:http";

/** An address of the running stack, which the global setup hands to every test file through the env. */
export const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run tests with \`npm test\` (the global setup starts the stack)`);
  return value;
};

export const gatewayUrl = () => env("GATEWAY_URL");
export const webUrl = () => env("WEB_URL");
export const authEmulatorHost = () => env("FIREBASE_AUTH_EMULATOR_HOST");

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

const emulatorApi = (path: string, init: { body: unknown; admin?: boolean }) =>
  fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: "POST",
    // The emulator takes "owner" as an administrator's credential, as the Admin SDK's calls carry one.
    headers: { "content-type": "application/json", ...(init.admin ? { authorization: "Bearer owner" } : {}) },
    body: JSON.stringify(init.body),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`Auth Emulator ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { idToken: string; localId: string };
  });

/**
 * A new account in the Auth Emulator, with a fresh ID token. Like a real sign-up its address is
 * not verified, so it gets no product mail; `verified: true` confirms it (see `verifyAddress`).
 */
export async function createUser(
  options: { email?: string; password?: string; displayName?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? "secret123";
  const body = await emulatorApi("accounts:signUp?key=test", {
    body: { email, password, displayName: options.displayName, returnSecureToken: true },
  });
  const user = { uid: body.localId, email, password, token: body.idToken, headers: { authorization: `Bearer ${body.idToken}` } };
  return options.verified ? verifyAddress(user) : user;
}

/**
 * Confirms `user`'s address as the owner's click on the verification link does, and signs in
 * again: the answer carries a fresh ID token whose `email_verified` says so.
 */
export async function verifyAddress(user: TestUser): Promise<TestUser> {
  await emulatorApi(`projects/${env("FIREBASE_PROJECT_ID")}/accounts:update`, {
    admin: true,
    body: { localId: user.uid, emailVerified: true },
  });
  const body = await emulatorApi("accounts:signInWithPassword?key=test", {
    body: { email: user.email, password: user.password, returnSecureToken: true },
  });
  return { ...user, token: body.idToken, headers: { authorization: `Bearer ${body.idToken}` } };
}

/**
 * How fast the offline model types for `user`: a pause in ms between pieces, "hold" (nothing more
 * after the first words until the pace changes) or null for the default. A test that acts while an
 * answer is being written sets this instead of racing the default pace.
 */
export async function setOfflinePace(user: Pick<TestUser, "uid">, pace: number | "hold" | null) {
  const response = await fetch(`${gatewayUrl()}/__local/offline-pace`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: user.uid, pace }),
  });
  if (response.status !== 204) throw new Error(`Setting the offline model's pace failed: ${response.status} ${await response.text()}`);
}

/** A user who also exists in Quorum (the login sync has run). */
export async function signedInUser(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  const res = await call(user, "POST", "/api/auth/login", {
    firebaseUid: user.uid,
    email: user.email,
    displayName: options.displayName ?? null,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return user;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** One HTTP call through the local gateway, as the browser makes it. */
export async function call<T = any>(
  user: TestUser | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<CallResult<T>> {
  const init: RequestInit = { method, headers: { ...(user?.headers ?? {}), ...headers } };
  if (body !== undefined) {
    init.body =
      typeof body === "string" || body instanceof Uint8Array || body instanceof FormData
        ? (body as RequestInit["body"])
        : JSON.stringify(body);
    if (!(body instanceof FormData) && !headers["content-type"])
      (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await fetch(`${gatewayUrl()}${path}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

/**
 * A loopback address of its own (127.x.y.z; Linux routes all of 127/8 to lo), so a
 * test's calls from it are a separate client to per-IP rate limits.
 */
export const newLoopbackIp = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Like `call`, but the connection comes from `sourceIp` (a loopback address), as a client elsewhere would. */
export function callFrom<T = any>(
  sourceIp: string,
  user: TestUser | undefined,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(user?.headers ?? {}), ...extraHeaders };
  if (payload !== undefined) headers["content-type"] = "application/json";
  return new Promise<CallResult<T>>((resolve, reject) => {
    const req = request(`${gatewayUrl()}${path}`, { method, headers, localAddress: sourceIp, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: keep the text
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") responseHeaders.set(name, value);
        resolve({ status: res.statusCode ?? 0, body: parsed as T, text, headers: responseHeaders });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Posts a file to a presigned S3 POST (`{ url, fields }`), as the browser does; the status when S3 took it. */
export async function postToPresigned(
  upload: { url: string; fields: Record<string, string> },
  fileName: string,
  contentType: string,
  data: Buffer,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(data)], { type: contentType }), fileName);
  const posted = await fetch(upload.url, { method: "POST", body: form });
  if (posted.status >= 300) throw new Error(`S3 refused the upload: ${posted.status} ${await posted.text()}`);
  return posted.status;
}

export interface StreamedEvent {
  event: string;
  data: any;
  /** Milliseconds since the request was sent. */
  at: number;
  /** The event's number (SSE id), by which a reader resumes after it. */
  id?: number;
}

export interface StreamResult {
  status: number;
  headers: Headers;
  events: StreamedEvent[];
  /** The body of an answer that was not a stream (an error before any event). */
  body?: any;
}

/**
 * A request that asks for server-sent events, read as they arrive. `until` ends
 * the read early (the test then plays a browser that went away) by aborting.
 */
export async function callStream(
  user: TestUser | undefined,
  path: string,
  body: unknown,
  options: { until?: (event: StreamedEvent) => boolean; baseUrl?: string; headers?: Record<string, string> } = {},
): Promise<StreamResult> {
  const started = Date.now();
  const controller = new AbortController();
  // Without a body it is a GET: reading an answer that is being written.
  const response = await fetch(`${options.baseUrl ?? gatewayUrl()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(user?.headers ?? {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      accept: "text/event-stream",
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const text = await response.text();
    return { status: response.status, headers: response.headers, events: [], body: text ? JSON.parse(text) : undefined };
  }
  const events: StreamedEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const event: StreamedEvent = {
        event: value.event ?? "message",
        data: JSON.parse(value.data),
        at: Date.now() - started,
        ...(value.id === undefined ? {} : { id: Number(value.id) }),
      };
      events.push(event);
      if (options.until?.(event)) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, headers: response.headers, events };
}
