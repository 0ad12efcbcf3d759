/**
 * The CloudFront and API Gateway numbers and policies the infra relies on, as plain data (no SST
 * globals) so that infra/cdn.test.ts checks them.
 */

import { ORIGIN_HEADER } from "../packages/functions/src/http/origin-headers";

/** An HTTP API stops waiting for its Lambda at 30 s and answers 503. */
export const API_GATEWAY_TIMEOUT_SECONDS = 30;

/** A buffered route's function ends (with its own answer) a second before API Gateway gives up. */
export const MAX_BUFFERED_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS - 1;

/**
 * How long the site's CloudFront waits for `/api`: longer than API Gateway itself, so a slow call
 * gets the function's answer (or the gateway's 503) instead of CloudFront's 504 at SST's default
 * of 20 s. CloudFront allows up to 60 s without a quota increase.
 */
export const API_READ_TIMEOUT_SECONDS = 35;

/** A function's timeout: Lambda's 900 s for a streamed answer, under API Gateway's limit for a buffered one. */
export function functionTimeoutSeconds(entry: { timeout?: number; stream?: true }): number {
  return Math.min(entry.timeout ?? 10, entry.stream ? 900 : MAX_BUFFERED_TIMEOUT_SECONDS);
}

/** The part of a CloudFront cache policy that decides what is in the cache key and forwarded. */
export interface CacheKeyParameters {
  headersConfig: { headerBehavior?: string; headers?: { items?: string[] } };
  [other: string]: unknown;
}

/**
 * The API's caller proves who it is with `Authorization: Bearer <ID token>`. CloudFront forwards
 * that header only when the cache policy puts it in the cache key: an origin request policy may
 * not name it (CloudFront refuses one that does), and for GET and HEAD CloudFront drops it
 * otherwise. So the Router's cache policy (which SST shares between the site and `/api`) gets it
 * added to whatever headers SST keys on. Responses are still not cached: the API sends
 * `cache-control: no-store` and the policy's default TTL is 0; were one cached, it would be
 * cached per token.
 */
export function withAuthorizationInCacheKey<P extends CacheKeyParameters>(parameters: P): P {
  const items = parameters.headersConfig.headerBehavior === "whitelist" ? (parameters.headersConfig.headers?.items ?? []) : [];
  return {
    ...parameters,
    headersConfig: {
      headerBehavior: "whitelist",
      headers: { items: [...items.filter((h) => h.toLowerCase() !== "authorization"), "authorization"] },
    },
  };
}

/**
 * The code the Router's viewer-request function runs first: it sets the origin secret on the
 * request it forwards, overwriting any header of that name a viewer sent.
 */
export function originSecretInjection(secret: string): string {
  return `event.request.headers[${JSON.stringify(ORIGIN_HEADER)}] = { value: ${JSON.stringify(secret)} };`;
}
