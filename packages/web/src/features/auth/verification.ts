import * as React from "react";
import { loadFirebase } from "@/lib/firebase-loader";
import { syncLogin } from "./api";

/**
 * Whether the signed-in account's address is verified, as Firebase last told this tab. The owner
 * opens the link in a mail, often in another tab (which tells the others) or on another device,
 * so the account is also read again when this tab comes back into view; once verified, a fresh ID
 * token carries `email_verified`, the sign-in sync stores it, and the server starts mailing the account.
 */
interface Known {
  uid: string;
  verified: boolean;
}

let known: Known | undefined;
const listeners = new Set<() => void>();
/** The app's other tabs in this browser (missing in very old browsers: they wait for focus). */
const tabs = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel("quorum-address-verified");
tabs?.addEventListener("message", () => void recheckAddress());

function publish(next: Known) {
  known = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the account from the identity provider again; on the change to verified, tells the server. */
export async function recheckAddress(): Promise<void> {
  const { auth } = await loadFirebase();
  const user = auth.currentUser;
  if (!user) return;
  const wasVerified = user.emailVerified;
  // Offline or refused: the next focus asks again.
  if (!wasVerified) await user.reload().catch(() => undefined);
  if (!wasVerified && user.emailVerified) {
    await user.getIdToken(true);
    await syncLogin({ firebaseUid: user.uid, email: user.email ?? "", displayName: user.displayName });
    tabs?.postMessage(user.uid);
  }
  // The same tab may have signed in as someone else meanwhile.
  if (auth.currentUser === user) publish({ uid: user.uid, verified: user.emailVerified });
}

/** Sends the verification link again. Throws the provider's error (too many requests, offline). */
export async function resendVerification(): Promise<void> {
  const [{ auth }, { verificationMail }] = await Promise.all([loadFirebase(), import("./actions")]);
  if (auth.currentUser) await verificationMail(auth.currentUser);
}

/** Whether `uid`'s address is verified (undefined until known); while it is not, checks again whenever the tab is back in view. */
export function useAddressVerified(uid: string): boolean | undefined {
  const state = React.useSyncExternalStore(subscribe, () => known);
  const verified = state?.uid === uid ? state.verified : undefined;
  React.useEffect(() => {
    void recheckAddress();
  }, [uid]);
  React.useEffect(() => {
    if (verified !== false) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") void recheckAddress();
    };
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [verified]);
  return verified;
}
