/** How long an in-app notification waits for the browser to ask for it (a tab that was closed sees no old news). */
export const IN_APP_NOTIFICATION_TTL_SECONDS = 24 * 3600;
/** In-app notifications answered per request; the browser asks again from the last one. */
export const MAX_IN_APP_NOTIFICATIONS = 20;
/** How often the app asks for in-app notifications while a tab is open and visible. */
export const IN_APP_POLL_SECONDS = 10;
/** An answer that took at least this long is "long": its push tells the user it is ready. */
export const LONG_ANSWER_SECONDS = 20;
/** A user's text (a document name, a support subject) in a mail's subject line stops at this many characters. */
export const MAX_SUBJECT_VALUE_CHARS = 60;
/** Web Push subscriptions kept per user (browsers and devices); the oldest goes first. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/**
 * The push services browsers subscribe with (Chrome and other Chromium browsers: FCM; Firefox:
 * Mozilla's autopush; Edge: WNS; Safari: Apple). A subscription's endpoint must be one of these
 * hosts or under one: the server POSTs to it, so any other host would make it a request relay.
 * The setting PUSH_SERVICE_HOSTS replaces the list (comma-separated).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];
/** A push service that has not answered in this long is given up on for this notification. */
export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_SERVICE_REFUSED = "endpoint must be a browser's push service";
