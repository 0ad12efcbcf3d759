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
  /** Firebase sets it once the owner of `email` opened the verification link (always for Google accounts). */
  email_verified?: boolean;
  name?: string;
  picture?: string;
  iss?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  /** When the user signed in (seconds): a token from before the account's `validSince` is revoked. */
  auth_time?: number;
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
  return { userId, email: claims.email, emailVerified: claims.email_verified === true, name: claims.name, picture: claims.picture };
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

/**
 * A valid signature says who signed in, not that the account is still allowed in: a disabled
 * account or one whose sessions were revoked keeps valid tokens for up to an hour. The account
 * is looked up (Identity Toolkit's accounts:lookup, the emulator's locally) once per token and
 * remembered for at most ACCOUNT_CHECK_MAX_AGE_MS; sign-in, billing and account changes ask
 * afresh (`fresh`). Concurrent requests with the same token share one pending lookup.
 */
export const ACCOUNT_CHECK_MAX_AGE_MS = 5 * 60_000;
export const ACCOUNT_DISABLED = "This account is disabled";
export const SESSION_REVOKED = "This session was signed out; please sign in again";
const confirmed = new Map<string, { lookup: Promise<User>; until: number }>();

/** Where accounts are looked up: the emulator locally; Google with the web API key in the cloud (none: no lookup). */
function lookupUrl(c: Config): string | undefined {
  if (emulatorAllowed(c)) return `http://${c.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=local`;
  return c.FIREBASE_API_KEY
    ? `https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=${encodeURIComponent(c.FIREBASE_API_KEY)}`
    : undefined;
}

async function lookupAccount(url: string, token: string, claims: FirebaseClaims): Promise<User> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: token }),
  }).catch(() => {
    throw new Unauthorized("Identity service unavailable");
  });
  // Identity Toolkit answers 400 (USER_DISABLED, TOKEN_EXPIRED, INVALID_ID_TOKEN) for a token that is no longer good.
  if (!response.ok) {
    const reason = ((await response.json().catch(() => ({}))) as { error?: { message?: string } }).error?.message ?? "";
    if (reason.startsWith("USER_DISABLED")) throw new Unauthorized(ACCOUNT_DISABLED);
    if (reason.startsWith("TOKEN_EXPIRED")) throw new Unauthorized(SESSION_REVOKED);
    throw new Unauthorized("Invalid token");
  }
  const body = (await response.json()) as {
    users?: { localId: string; disabled?: boolean; validSince?: string; emailVerified?: boolean }[];
  };
  const account = body.users?.[0];
  const user = toUser(claims);
  if (!account || account.localId !== user.userId) throw new Unauthorized("Invalid token");
  if (account.disabled) throw new Unauthorized(ACCOUNT_DISABLED);
  const signedInAt = claims.auth_time ?? claims.iat ?? 0;
  if (account.validSince && signedInAt < Number(account.validSince)) throw new Unauthorized(SESSION_REVOKED);
  // The account's own record says whether the address is verified: an emulator token's claims are unsigned.
  return { ...user, emailVerified: account.emailVerified === true };
}

/** The account behind a verified token, from the cache when `fresh` is not asked and the check is recent. */
function checkedAccount(token: string, claims: FirebaseClaims, c: Config, fresh: boolean): Promise<User> {
  const url = lookupUrl(c);
  if (!url) return Promise.resolve(toUser(claims));
  const key = createHash("sha256").update(token).digest("hex");
  const hit = confirmed.get(key);
  if (!fresh && hit && hit.until > Date.now()) return hit.lookup;
  const lookup = lookupAccount(url, token, claims);
  if (confirmed.size > 10_000) confirmed.clear();
  confirmed.set(key, { lookup, until: Math.min(Date.now() + ACCOUNT_CHECK_MAX_AGE_MS, (claims.exp ?? 0) * 1000) });
  // A refused or failed lookup is not remembered: the next request asks again.
  lookup.catch(() => confirmed.delete(key));
  return lookup;
}

async function verifyEmulatorToken(token: string, c: Config, fresh: boolean): Promise<User> {
  const [headerPart, payloadPart] = token.split(".");
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart) as FirebaseClaims;
  if (header.alg !== "none" && header.alg !== "RS256") throw new Unauthorized("Invalid token");
  if (claims.iss !== `https://securetoken.google.com/${c.FIREBASE_PROJECT_ID}`) throw new Unauthorized("Invalid token issuer");
  if (claims.aud !== c.FIREBASE_PROJECT_ID) throw new Unauthorized("Invalid token audience");
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) throw new Unauthorized("Token expired");
  return checkedAccount(token, claims, c, fresh);
}

export namespace Auth {
  /** Verifies `Authorization: Bearer <Firebase ID token>` and answers who is calling. */
  export async function verify(authorization: string | undefined, c: Config = config(), options: { fresh?: boolean } = {}): Promise<User> {
    const fresh = options.fresh ?? false;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
    if (!match) throw new Unauthorized("Missing bearer token");
    const token = match[1]!;
    if (token.split(".").length !== 3) throw new Unauthorized("Invalid token");

    const header = decodePart(token.split(".")[0]);
    if (header.alg === "none") {
      if (!emulatorAllowed(c)) throw new Unauthorized("Invalid token");
      return verifyEmulatorToken(token, c, fresh);
    }
    if (emulatorAllowed(c)) return verifyEmulatorToken(token, c, fresh);

    let verifier = verifiers.get(c.FIREBASE_PROJECT_ID);
    if (!verifier) {
      verifier = createVerifier(c.FIREBASE_PROJECT_ID);
      verifiers.set(c.FIREBASE_PROJECT_ID, verifier);
    }
    let claims: FirebaseClaims;
    try {
      claims = (await verifier.verify(token)) as FirebaseClaims;
    } catch {
      throw new Unauthorized("Invalid or expired token");
    }
    return checkedAccount(token, claims, c, fresh);
  }
}
