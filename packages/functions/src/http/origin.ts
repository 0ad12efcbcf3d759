import { timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { config } from "@quorum/core/config";
import { Forbidden } from "@quorum/core/error";
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from "./origin-headers";

export const DIRECT_ACCESS_REFUSED = "Requests must come through the site";

const header = (event: APIGatewayProxyEventV2, name: string) => event.headers?.[name] ?? undefined;

function sameSecret(sent: string, expected: string) {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Where the request came from. With ORIGIN_SECRET set, only a request that carries it came
 * through CloudFront: any other reached the API's own endpoint directly (bypassing the site and
 * its limits) and is refused. Behind CloudFront the connection's address is an edge server's,
 * shared by everyone behind it, so the client is read from CloudFront-Viewer-Address, which
 * CloudFront writes itself. Without ORIGIN_SECRET (a stage that has none) the connection counts.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const connection = event.requestContext?.http?.sourceIp ?? "unknown";
  const secret = config().ORIGIN_SECRET;
  if (!secret) return connection;
  const sent = header(event, ORIGIN_HEADER);
  if (!sent || !sameSecret(sent, secret)) throw new Forbidden(DIRECT_ACCESS_REFUSED);
  const viewer = header(event, VIEWER_ADDRESS_HEADER)?.trim();
  // The port follows the last colon (an IPv6 address is written without brackets).
  const ip = viewer && viewer.includes(":") ? viewer.slice(0, viewer.lastIndexOf(":")) : undefined;
  return ip || connection;
}
