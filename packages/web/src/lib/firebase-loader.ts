import { firstScreenPainted } from "./first-paint";

/**
 * Firebase Auth (about 30 KB gzip) is never part of the first download. `loadFirebase` fetches it
 * for whoever needs it now (a sign-in, an API call); the session restore of a visitor who never
 * signed in here waits for `firebaseWanted` instead, so it never competes with the first paint.
 */
let firebase: Promise<typeof import("./firebase-session")> | undefined;
let requested: () => void = () => {};
const asked = new Promise<void>((resolve) => (requested = resolve));

export function loadFirebase() {
  firebase ??= import("./firebase-session");
  requested();
  return firebase;
}

/** Resolves once the first screen is on display, or at once when something asks for Firebase. */
export const firebaseWanted = () => Promise.race([firstScreenPainted, asked]);
