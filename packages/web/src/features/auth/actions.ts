import {
  browserPopupRedirectResolver,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  sendPasswordResetEmail,
  sendEmailVerification,
  signInWithPopup,
  verifyPasswordResetCode,
  applyActionCode,
  type User,
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

/**
 * A new account asks Firebase to mail its address a verification link at once: no product mail
 * goes to an address until its owner opened that link. A failed send does not undo the sign-up:
 * the banner for unverified accounts offers to send it again.
 */
export async function emailSignUp(email: string, password: string) {
  const created = await createUserWithEmailAndPassword(auth, email, password);
  verificationMail(created.user).catch((error: unknown) => console.error("Verification mail failed", error));
  return created;
}

/** Firebase mails the verification link (locally the stack relays it to the mail inbox), in the language on screen. */
export function verificationMail(user: User) {
  auth.languageCode = i18next.language;
  return sendEmailVerification(user);
}

/** Marks the address verified: the link's code proves the reader got the mail. */
export function confirmAddress(oobCode: string) {
  return applyActionCode(auth, oobCode);
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
