/**
 * The authentication error catalogue: English word for word as the product defines it, the
 * other languages from the `auth` catalog. Firebase reports failures as `auth/<code>`; these
 * turn a code into what the user reads, in the language on screen.
 */
import { i18next } from "@/i18n";

export interface AuthFailure {
  message: string;
  /** What the site owner can do about it, for the two configuration errors the spec hints at. */
  hint?: string;
}

const text = (key: string, values: Record<string, string> = {}) => i18next.t(`auth:errors.${key}`, values);

export const HINTS = {
  get unauthorizedDomain() {
    return text("hintUnauthorizedDomain");
  },
  get operationNotAllowed() {
    return text("hintOperationNotAllowed");
  },
};

/** The catalogue's general messages, in the language on screen. */
export const AUTH_TEXT = {
  get cancelledOrFailed() {
    return text("cancelledOrFailed");
  },
  get failedTryAgain() {
    return text("failedTryAgain");
  },
  get signOutFailed() {
    return text("signOutFailed");
  },
  get bothRequired() {
    return text("bothRequired");
  },
  get success() {
    return text("success");
  },
};

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
      return { message: text("popupBlocked") };
    case "auth/unauthorized-domain":
      return { message: text("googleUnauthorizedDomain"), hint: HINTS.unauthorizedDomain };
    case "auth/operation-not-allowed":
      return { message: text("googleNotEnabled"), hint: HINTS.operationNotAllowed };
    case "auth/invalid-api-key":
      return { message: text("invalidApiKey") };
    case "auth/network-request-failed":
      return { message: text("network") };
    case "auth/internal-error":
      return { message: text("internal") };
    default:
      return { message: text("googleFailed") };
  }
}

/** Firebase code -> the reason's key in the `auth` catalog. */
const EMAIL_REASONS: Record<string, string> = {
  "auth/invalid-email": "invalidEmail",
  "auth/wrong-password": "wrongPassword",
  "auth/weak-password": "weakPassword",
  "auth/email-already-in-use": "emailInUse",
  "auth/too-many-requests": "tooManyRequests",
  "auth/operation-not-allowed": "emailNotEnabled",
  "auth/invalid-credential": "invalidCredential",
  "auth/user-disabled": "userDisabled",
  "auth/user-not-found": "userNotFound",
};

export function emailSignInFailure(code: string | undefined): AuthFailure {
  const known = code ? EMAIL_REASONS[code] : undefined;
  const reason = known ? text(known) : text("checkCredentials", { code: code || text("unknownError") });
  return {
    message: text("emailFailed", { reason }),
    hint:
      code === "auth/operation-not-allowed"
        ? HINTS.operationNotAllowed
        : code === "auth/unauthorized-domain"
          ? HINTS.unauthorizedDomain
          : undefined,
  };
}

/** Asking for a reset mail, or using its link: what went wrong, as a sentence in the language on screen. */
export function passwordResetFailure(code: string | undefined): string {
  switch (code) {
    case "auth/user-not-found":
      return i18next.t("auth:reset.unknownAddress");
    case "auth/invalid-email":
    case "auth/missing-email":
      return text("invalidEmail");
    case "auth/too-many-requests":
      return i18next.t("auth:reset.tooMany");
    case "auth/expired-action-code":
    case "auth/invalid-action-code":
      return i18next.t("auth:reset.linkUsed");
    case "auth/weak-password":
      return text("weakPassword");
    case "auth/user-disabled":
      return text("userDisabled");
    case "auth/network-request-failed":
      return text("network");
    default:
      return i18next.t("auth:reset.failed");
  }
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
