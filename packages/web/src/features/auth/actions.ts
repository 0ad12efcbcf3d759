import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
} from "firebase/auth";
import { auth } from "@/lib/firebase";

/**
 * The identity provider's sign-in calls, loaded only when someone signs in,
 * so the landing page's first download stays small.
 */

export function googlePopup() {
  const provider = new GoogleAuthProvider();
  // The account chooser, even when the browser has a single Google session.
  provider.setCustomParameters({ prompt: "select_account" });
  return signInWithPopup(auth, provider, browserPopupRedirectResolver);
}

export function emailSignIn(email: string, password: string) {
  return signInWithEmailAndPassword(auth, email, password);
}

export function emailSignUp(email: string, password: string) {
  return createUserWithEmailAndPassword(auth, email, password);
}
