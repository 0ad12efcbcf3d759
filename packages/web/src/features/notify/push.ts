// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import { PushKey } from "@quorum/core/notify/schema";
import { apiJson } from "../../lib/api";

/** The service worker that shows pushes (public/sw.js), registered only once push is switched on. */
const WORKER_URL = "/sw.js";

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** VAPID keys are base64url; PushManager wants the raw bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export type PushOutcome = "subscribed" | "denied" | "unsupported";

/**
 * Asks the browser's permission (only now that the user turned push on), then
 * subscribes this browser and gives the subscription to the server.
 */
export async function enablePush(): Promise<PushOutcome> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = PushKey.parse(await apiJson("GET", "/api/notify/push/key"));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiJson("POST", "/api/notify/push/subscriptions", subscription.toJSON());
  return "subscribed";
}

/** Push switched off: this browser's subscription ends here and on the server. */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiJson("DELETE", "/api/notify/push/subscriptions", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
