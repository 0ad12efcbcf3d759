/**
 * Firebase Auth (about 30 KB gzip) is never part of the first download. `loadFirebase` fetches it
 * for whoever needs it now (a sign-in, an API call); the session restore of a visitor who never
 * signed in here waits for `firebaseWanted` instead, so it never competes with the first paint.
 */
let firebase: Promise<typeof import("./firebase-session")> | undefined;
const waiting: (() => void)[] = [];

export function loadFirebase() {
  firebase ??= import("./firebase-session");
  for (const start of waiting.splice(0)) start();
  return firebase;
}

/** Resolves once the browser has a quiet moment after the first paint, or at once when something asks for Firebase. */
export function firebaseWanted(): Promise<void> {
  if (firebase) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    // A busy page still restores the session within two seconds.
    idle(() => resolve(), { timeout: 2000 });
  });
}
