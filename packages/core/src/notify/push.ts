import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type webpush from "web-push";
import { Actor } from "../actor";
import { config } from "../config";
import { PushSubscriptionEntity } from "./entity";
import { Invalid, Unavailable } from "../error";
import { DEFAULT_PUSH_SERVICE_HOSTS, MAX_PUSH_SUBSCRIPTIONS, PUSH_SERVICE_REFUSED, PUSH_TIMEOUT_MS } from "./limits";
import { PushEndpointInput, PushSubscriptionInput } from "./schema";

/** What the service worker shows: a title, a line, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Same tag: a newer notification replaces the older one instead of piling up. */
  tag: string;
}

/** True when `endpoint` is on a known push service's host (or under it): the only hosts the server POSTs to. */
export function isPushService(endpoint: string): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  const allowed = config().PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS;
  return allowed.some((service) => host === service || host.endsWith(`.${service}`));
}

/**
 * POSTs one push message as web-push prepared it, and reads only the status: the reply's body
 * is dropped unread (a hostile or broken service could send gigabytes), and a service that
 * does not answer within PUSH_TIMEOUT_MS is given up on. No redirect is followed.
 */
function deliver(details: webpush.RequestDetails): Promise<number> {
  const url = new URL(details.endpoint);
  const send = url.protocol === "http:" ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: details.method, headers: details.headers, timeout: PUSH_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy(new Error(`push service did not answer in ${PUSH_TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(details.body ?? undefined);
  });
}

const hashOf = (endpoint: string) => createHash("sha256").update(endpoint).digest("base64url").slice(0, 43);

export namespace Push {
  export const SubscriptionInput = PushSubscriptionInput;
  export const EndpointInput = PushEndpointInput;

  function vapid() {
    const c = config();
    if (!c.VAPID_PUBLIC_KEY || !c.VAPID_PRIVATE_KEY) return undefined;
    return { subject: c.VAPID_SUBJECT, publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY };
  }

  /** The application server key browsers subscribe with. */
  export function publicKey(): string {
    const keys = vapid();
    if (!keys) throw new Unavailable("Push notifications are not configured on this server");
    return keys.publicKey;
  }

  export async function subscribe(input: PushSubscriptionInput) {
    const userId = Actor.userId();
    if (!isPushService(input.endpoint)) throw new Invalid(PUSH_SERVICE_REFUSED);
    const existing = (await PushSubscriptionEntity.query.primary({ userId }).go()).data;
    const hash = hashOf(input.endpoint);
    // Old browsers' subscriptions go first, so a user never holds more than the limit.
    const others = existing.filter((s) => s.endpointHash !== hash).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    for (const stale of others.slice(0, Math.max(0, others.length - (MAX_PUSH_SUBSCRIPTIONS - 1)))) {
      await PushSubscriptionEntity.delete({ userId, endpointHash: stale.endpointHash }).go();
    }
    await PushSubscriptionEntity.upsert({
      userId,
      endpointHash: hash,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    }).go();
    return { subscribed: true };
  }

  export async function unsubscribe(endpoint: string) {
    await PushSubscriptionEntity.delete({ userId: Actor.userId(), endpointHash: hashOf(endpoint) }).go();
    return { subscribed: false };
  }

  /** Sends `message` to every browser of the user; subscriptions the push service says are gone are forgotten. */
  export async function send(userId: string, message: PushMessage): Promise<number> {
    const keys = vapid();
    if (!keys) return 0;
    const subscriptions = (await PushSubscriptionEntity.query.primary({ userId }).go()).data;
    if (!subscriptions.length) return 0;
    // its encryption (about 85 KB with bn.js and asn1.js) loads only for a user with a browser to push to
    const { default: push } = await import("web-push");
    const payload = JSON.stringify(message);
    const results = await Promise.all(
      subscriptions.map(async (s) => {
        // A subscription stored before the list of services existed is not sent to either.
        if (!isPushService(s.endpoint)) return 0;
        try {
          const details = push.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
            vapidDetails: keys,
            TTL: 3600,
            urgency: "normal",
            topic: message.tag.slice(0, 32).replace(/[^A-Za-z0-9_-]/g, "-"),
          });
          const status = await deliver(details);
          if (status >= 200 && status < 300) return 1;
          throw Object.assign(new Error(`push service answered ${status}`), { statusCode: status });
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) await PushSubscriptionEntity.delete({ userId, endpointHash: s.endpointHash }).go();
          else console.warn(`[notify] push to ${new URL(s.endpoint).host} failed`, status ?? error);
          return 0;
        }
      }),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }
}
