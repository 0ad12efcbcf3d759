import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import { z } from "zod";
import { Actor, type User } from "@quorum/core/actor";
import { Auth } from "@quorum/core/auth/index";
import {
  Forbidden,
  Invalid,
  isUnavailable,
  LimitReached,
  RateLimited,
  STORE_UNAVAILABLE,
  STORE_UNAVAILABLE_RETRY_SECONDS,
  VisibleError,
} from "@quorum/core/error";
import { describeZodError } from "@quorum/core/fn";
import { ListPageQuery } from "@quorum/core/list-page";
import { clientAddress } from "./origin";

export type Handler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<APIGatewayProxyResultV2>;

export type Schema = z.ZodType;
export type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  /**
   * Defaults to true: the caller must present a valid Firebase ID token.
   * "optional": a token, when sent, must be valid; without one the caller is anonymous.
   */
  auth?: boolean | "optional";
  /**
   * Sign-in, billing and account changes: the account is looked up afresh (a disabled or signed-out
   * account is refused at once); other routes trust a lookup up to ACCOUNT_CHECK_MAX_AGE_MS old.
   */
  fresh?: true;
  path?: P;
  query?: Q;
  /** A JSON body validated by this schema. */
  body?: B;
}

export interface RouteInput<P, Q, B> {
  path: P;
  query: Q;
  body: B;
  /** The verified caller (undefined only on routes with `auth: false` or an anonymous "optional"). */
  user: User;
  /** The client's address: CloudFront's viewer address behind the site, else the connection's (http/origin.ts). */
  sourceIp: string;
  event: APIGatewayProxyEventV2;
}

const REPLY = Symbol("reply");
export interface Reply {
  [REPLY]: true;
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}
/** A non-200 answer or one with headers of its own (a redirect, a file). */
export function reply(statusCode: number, body: unknown, headers?: Record<string, string>): Reply {
  return { [REPLY]: true, statusCode, body, headers };
}

/** A file to download: text or bytes, with its type and the name the browser saves it under. */
export function file(name: string, contentType: string, body: string | Uint8Array): Reply {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "");
  return reply(200, body, {
    "content-type": contentType,
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  });
}

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResultV2 {
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body ?? null),
  };
}

export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
}

function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  const text = rawBody(event).toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid("Request body must be valid JSON");
  }
}

function validate<S extends Schema | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new Invalid(describeZodError(parsed.error));
  return parsed.data as Out<S>;
}

/**
 * The spec's client sends the user's id in queries and bodies. The server never
 * trusts it: the user is the token's subject, and a different id is refused.
 */
export function refuseOtherUser(user: User | undefined, ...sources: unknown[]) {
  if (!user) return;
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    for (const key of ["userId", "firebaseUid"] as const) {
      const claimed = (source as Record<string, unknown>)[key];
      if (claimed !== undefined && claimed !== null && claimed !== "" && claimed !== "anonymous" && claimed !== user.userId) {
        throw new Forbidden("The user in the request does not match the signed-in user");
      }
    }
  }
}

export function errorResponse(error: unknown): APIGatewayProxyResultV2 {
  if (error instanceof RateLimited) return json(error.status, { error: error.message }, { "retry-after": String(error.retryAfterSeconds) });
  if (error instanceof LimitReached) return json(error.status, { error: error.message, limit: error.limit });
  if (error instanceof VisibleError) return json(error.status, { error: error.message });
  if (error instanceof z.ZodError) return json(400, { error: describeZodError(error) });
  if (isUnavailable(error)) {
    // One line: during an outage every request says the same, and a stack per request buries the log.
    console.error(`A store is unavailable: ${(error as Error).message}`);
    return json(503, { error: STORE_UNAVAILABLE }, { "retry-after": String(STORE_UNAVAILABLE_RETRY_SECONDS) });
  }
  // The real cause goes to the log; the caller never sees a stack trace.
  console.error("Unhandled error", error);
  return json(500, { error: "Internal server error" });
}

/**
 * The one wrapper every API handler uses: verifies the caller, parses and
 * validates path, query and body with zod, runs the handler as that user and
 * turns domain errors into status codes with `{ "error": message }`.
 */
/** Verifies the caller and validates path, query and body: what every route does before its handler. */
export async function parseRequest<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  spec: RouteSpec<P, Q, B>,
  event: APIGatewayProxyEventV2,
): Promise<RouteInput<Out<P>, Out<Q>, Out<B>>> {
  // First: a request that bypassed CloudFront is refused before its token is even read.
  const sourceIp = clientAddress(event);
  const headers = event.headers ?? {};
  const authorization = headers.authorization ?? headers.Authorization;
  const anonymous = spec.auth === false || (spec.auth === "optional" && !authorization);
  const user = anonymous ? undefined : await Auth.verify(authorization, undefined, { fresh: spec.fresh });
  const rawQuery = event.queryStringParameters ?? {};
  const rawJson = spec.body ? parseJsonBody(event) : undefined;
  refuseOtherUser(user, rawQuery, rawJson);
  return {
    path: validate(spec.path, event.pathParameters),
    query: validate(spec.query, rawQuery),
    body: validate(spec.body, rawJson),
    user: user as User,
    sourceIp,
    event,
  } as RouteInput<Out<P>, Out<Q>, Out<B>>;
}

/** Runs `work` as the verified caller (core reads it from Actor), or anonymously. */
export function asCaller<R>(user: User | undefined, work: () => Promise<R>): Promise<R> {
  return user ? Actor.provide(user, work) : work();
}

export function route<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: RouteSpec<P, Q, B>, handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>): Handler {
  return async (event) => {
    try {
      const input = await parseRequest(spec, event);
      const result = await asCaller(input.user, () => handler(input));
      if (result && typeof result === "object" && REPLY in result) {
        const r = result as Reply;
        // Bytes (a PDF) travel base64-encoded, as API Gateway and Lambda URLs expect.
        if (r.body instanceof Uint8Array) {
          return {
            statusCode: r.statusCode,
            headers: { "cache-control": "no-store", ...r.headers },
            body: Buffer.from(r.body).toString("base64"),
            isBase64Encoded: true,
          };
        }
        return json(r.statusCode, r.body, r.headers);
      }
      return json(200, result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Path ids of the spec are numbers: `/api/projects/{id}`. */
export const NumericId = z.object({
  id: z.coerce.number({ message: "id must be a number" }).int("id must be a whole number").positive("id must be positive"),
});
export const UidPath = z.object({ uid: z.string().min(1).max(128) });
export const UserIdQuery = z.object({ userId: z.string().max(128).optional() });
/** A list's query: the spec's `userId`, and the page (`limit`, `cursor`). */
export const ListQuery = UserIdQuery.extend(ListPageQuery.shape);

/** A list's answer in the spec's shape (`{ projects: [...] }`), with `nextCursor` only when more follow. */
export function listReply<K extends string, T>(key: K, page: { items: T[]; nextCursor?: string }) {
  return { [key]: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } as Record<K, T[]> & { nextCursor?: string };
}
