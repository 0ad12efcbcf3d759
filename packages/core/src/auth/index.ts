import { JwtRsaVerifier } from "aws-jwt-verify";
import { createHash } from "node:crypto";
import { config, type Config } from "../config";
import { Unauthorized } from "../error";
import type { User } from "../actor";
import { isLoopback } from "../loopback";

const GOOGLE_JWKS = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

interface FirebaseClaims {
  sub?: string;
  user_id?: string;
  email?: string;
  name?: string;
  picture?: string;
  iss?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
}

const verifiers = new Map<string, ReturnType<typeof createVerifier>>();
function createVerifier(projectId: string) {
  return JwtRsaVerifier.create({
    issuer: `https://securetoken.google.com/${projectId}`,
    audience: projectId,
    jwksUri: GOOGLE_JWKS,
  });
}

function toUser(claims: FirebaseClaims): User {
  const userId = claims.sub ?? claims.user_id;
  if (!userId) throw new Unauthorized("Invalid token");
  return { userId, email: claims.email, name: claims.name, picture: claims.picture };
}

/**
 * Unsigned emulator tokens are accepted only when every one of these holds;
 * anyone can forge such a token, so a deployed stage must never take this path.
 */
export function emulatorAllowed(c: Config): boolean {
  return (
    c.AUTH_EMULATOR &&
    c.STAGE === "local" &&
    c.FIREBASE_PROJECT_ID.startsWith("demo-") &&
    !!c.FIREBASE_AUTH_EMULATOR_HOST &&
    isLoopback(c.FIREBASE_AUTH_EMULATOR_HOST)
  );
}

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8"));
  } catch {
    throw new Unauthorized("Invalid token");
  }
}

// The emulator's account lookup is confirmed once per token, not on every request;
// concurrent requests with the same token share one pending lookup.
const confirmed = new Map<string, { lookup: Promise<User>; until: number }>();
const CONFIRM_TTL_MS = 60_000;

async function lookupEmulatorAccount(token: string, claims: FirebaseClaims, c: Config): Promise<User> {
  const url = `http://${c.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=local`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: token }),
  }).catch(() => {
    throw new Unauthorized("Identity service unavailable");
  });
  if (!response.ok) throw new Unauthorized("Invalid token");
  const body = (await response.json()) as { users?: { localId: string; disabled?: boolean; email?: string }[] };
  const account = body.users?.[0];
  const user = toUser(claims);
  if (!account || account.localId !== user.userId || account.disabled) throw new Unauthorized("Invalid token");
  return user;
}

async function verifyEmulatorToken(token: string, c: Config): Promise<User> {
  const [headerPart, payloadPart] = token.split(".");
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart) as FirebaseClaims;
  if (header.alg !== "none" && header.alg !== "RS256") throw new Unauthorized("Invalid token");
  if (claims.iss !== `https://securetoken.google.com/${c.FIREBASE_PROJECT_ID}`) throw new Unauthorized("Invalid token issuer");
  if (claims.aud !== c.FIREBASE_PROJECT_ID) throw new Unauthorized("Invalid token audience");
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) throw new Unauthorized("Token expired");

  const key = createHash("sha256").update(token).digest("hex");
  const hit = confirmed.get(key);
  if (hit && hit.until > Date.now()) return hit.lookup;

  const lookup = lookupEmulatorAccount(token, claims, c);
  if (confirmed.size > 10_000) confirmed.clear();
  confirmed.set(key, { lookup, until: Math.min(Date.now() + CONFIRM_TTL_MS, claims.exp * 1000) });
  // A refused or failed lookup is not remembered: the next request asks again.
  lookup.catch(() => confirmed.delete(key));
  return lookup;
}

export namespace Auth {
  /** Verifies `Authorization: Bearer <Firebase ID token>` and answers who is calling. */
  export async function verify(authorization: string | undefined, c: Config = config()): Promise<User> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
    if (!match) throw new Unauthorized("Missing bearer token");
    const token = match[1]!;
    if (token.split(".").length !== 3) throw new Unauthorized("Invalid token");

    const header = decodePart(token.split(".")[0]);
    if (header.alg === "none") {
      if (!emulatorAllowed(c)) throw new Unauthorized("Invalid token");
      return verifyEmulatorToken(token, c);
    }
    if (emulatorAllowed(c)) return verifyEmulatorToken(token, c);

    let verifier = verifiers.get(c.FIREBASE_PROJECT_ID);
    if (!verifier) {
      verifier = createVerifier(c.FIREBASE_PROJECT_ID);
      verifiers.set(c.FIREBASE_PROJECT_ID, verifier);
    }
    try {
      return toUser((await verifier.verify(token)) as FirebaseClaims);
    } catch {
      throw new Unauthorized("Invalid or expired token");
    }
  }
}
