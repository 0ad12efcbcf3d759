import {
  browserPopupRedirectResolver,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  sendPasswordResetEmail,
  signInWithPopup,
  verifyPasswordResetCode,
} from "firebase/auth";
import { i18next } from "@/i18n";
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

/** Firebase mails the reset link, in the language on screen (its template's); locally the stack relays it to the mail inbox. */
export function passwordResetMail(email: string) {
  auth.languageCode = i18next.language;
  return sendPasswordResetEmail(auth, email);
}

/** The account a reset link is for (it also proves the link is still good). */
export function resetLinkEmail(oobCode: string) {
  return verifyPasswordResetCode(auth, oobCode);
}

export function setNewPassword(oobCode: string, password: string) {
  return confirmPasswordReset(auth, oobCode, password);
}
