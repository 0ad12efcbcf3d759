import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { Actor } from "../actor";
import { Invalid, NotFound } from "../error";
import { User } from "../user/index";
import { Settings } from "../settings/index";

/**
 * Unsubscribe links work without signing in (they are opened from a mail), so
 * the link itself proves whose switch it flips: the user id, signed with a
 * server secret. It does nothing but turn that user's email notifications off.
 */
export namespace Unsubscribe {
  const PURPOSE = "quorum-unsubscribe-email:";

  function secret(): string {
    const value = config().NOTIFY_SIGNING_SECRET;
    if (!value) throw new Error("NOTIFY_SIGNING_SECRET is not set: mails cannot carry unsubscribe links");
    return value;
  }

  const sign = (userId: string) =>
    createHmac("sha256", secret())
      .update(PURPOSE + userId)
      .digest("base64url");

  export function token(userId: string): string {
    return `${Buffer.from(userId).toString("base64url")}.${sign(userId)}`;
  }

  /** The user a token was made for; Invalid when it was not made by this server. */
  export function verify(token: string): string {
    const [encodedUser, signature] = token.split(".");
    if (!encodedUser || !signature) throw new Invalid("This unsubscribe link is not valid");
    const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
    const expected = Buffer.from(sign(userId));
    const given = Buffer.from(signature);
    if (!userId || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Invalid("This unsubscribe link is not valid");
    }
    return userId;
  }

  /** The token's user (who must still exist) and their language, for the page; nothing changes. */
  export async function check(token: string) {
    const userId = verify(token);
    // A deleted account keeps no settings to flip.
    if (!(await User.find(userId))) throw new NotFound("Account");
    const settings = await Actor.provide({ userId }, () => Settings.get(userId));
    return { userId, language: settings.preferences.language };
  }

  /** Turns the token's user's email notifications off. */
  export async function apply(token: string) {
    const { userId } = await check(token);
    const settings = await Actor.provide({ userId }, () => Settings.save(userId, { notifications: { email: false } }));
    return { userId, language: settings.preferences.language };
  }
}
