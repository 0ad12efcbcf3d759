/**
 * The authentication error catalogue: the exact texts people see for each auth failure.
 * Firebase reports failures as `auth/<code>`; these turn a code into what the user reads.
 */

export interface AuthFailure {
  message: string;
  /** What the site owner can do about it, for the two configuration errors the spec hints at. */
  hint?: string;
}

export const HINTS = {
  unauthorizedDomain: "Add this site's domain to the authorized domains of the Firebase project (Authentication > Settings).",
  operationNotAllowed: "Enable this sign-in method in the Firebase project (Authentication > Sign-in method).",
} as const;

export const AUTH_TEXT = {
  cancelledOrFailed: "Sign-in was cancelled or failed.",
  failedTryAgain: "Sign-in failed. Please try again.",
  signOutFailed: "Failed to sign out. Please try again.",
  bothRequired: "Please enter both email and password.",
  success: "Successfully signed in! Redirecting...",
} as const;

/** The Firebase error code of a thrown value, e.g. "auth/popup-blocked". */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") return error.code;
  return undefined;
}

/** Closing or replacing the popup is the user's choice, not an error. */
export function isPopupCancelled(code: string | undefined): boolean {
  return code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request";
}

export function googleSignInFailure(code: string | undefined): AuthFailure {
  switch (code) {
    case "auth/popup-blocked":
      return { message: "Popup blocked. Please allow popups for this site and try again." };
    case "auth/unauthorized-domain":
      return { message: "This domain is not authorized for Google Sign-In.", hint: HINTS.unauthorizedDomain };
    case "auth/operation-not-allowed":
      return { message: "Google Sign-In is not enabled.", hint: HINTS.operationNotAllowed };
    case "auth/invalid-api-key":
      return { message: "Invalid API configuration." };
    case "auth/network-request-failed":
      return { message: "Network error. Please check your connection." };
    case "auth/internal-error":
      return { message: "Authentication service error. Please check your browser settings and try again." };
    default:
      return { message: "Sign in failed. Please try again." };
  }
}

const EMAIL_REASONS: Record<string, string> = {
  "auth/invalid-email": "Invalid email address.",
  "auth/wrong-password": "Incorrect password.",
  "auth/weak-password": "Password should be at least 6 characters.",
  "auth/email-already-in-use": "Email is already registered.",
  "auth/too-many-requests": "Too many failed attempts. Please try again later.",
  "auth/operation-not-allowed": "Email/password authentication is not enabled. Please contact support.",
  "auth/invalid-credential": "Invalid email or password.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/user-not-found": "No account found with this email.",
};

export function emailSignInFailure(code: string | undefined): AuthFailure {
  const reason = (code && EMAIL_REASONS[code]) ?? `Please check your credentials and try again. (${code || "Unknown error"})`;
  return {
    message: `Sign in failed. ${reason}`,
    hint:
      code === "auth/operation-not-allowed"
        ? HINTS.operationNotAllowed
        : code === "auth/unauthorized-domain"
          ? HINTS.unauthorizedDomain
          : undefined,
  };
}

/** Thrown by the auth context's actions: carries the catalogue text and the provider's code. */
export class AuthError extends Error {
  constructor(
    readonly failure: AuthFailure,
    readonly code?: string,
  ) {
    super(failure.message);
    this.name = "AuthError";
  }
  get hint() {
    return this.failure.hint;
  }
}

/** "Account does not exist yet": the email sign-in then creates it. */
export function shouldCreateAccount(code: string | undefined): boolean {
  return code === "auth/user-not-found" || code === "auth/invalid-credential";
}
