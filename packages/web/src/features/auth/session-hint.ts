/**
 * Whether this browser kept a signed-in session the last time Firebase said so. Firebase loads
 * after the first paint; until it answers, a browser that never signed in here is shown the
 * signed-out pages instead of "Initializing", and one that did waits for the restored session.
 */
const KEY = "session";

export function hadSession(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    // Storage blocked: wait for Firebase, as before the hint existed.
    return true;
  }
}

export function rememberSession(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the next visit waits for Firebase.
  }
}
