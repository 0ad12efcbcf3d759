import { beforeAll, describe, expect, it } from "vitest";
import { loadAllTexts } from "@/i18n";
import { emailSignInFailure, googleSignInFailure, isPopupCancelled, shouldCreateAccount } from "./errors";

// The catalogs load on demand, as in the browser.
beforeAll(() => loadAllTexts());

describe("Google sign-in failures", () => {
  it("closing or replacing the popup is not an error", () => {
    expect(isPopupCancelled("auth/popup-closed-by-user")).toBe(true);
    expect(isPopupCancelled("auth/cancelled-popup-request")).toBe(true);
    expect(isPopupCancelled("auth/popup-blocked")).toBe(false);
  });

  it("each provider failure reads as the spec's catalogue says", () => {
    const cases: Record<string, string> = {
      "auth/popup-blocked": "Popup blocked. Please allow popups for this site and try again.",
      "auth/unauthorized-domain": "This domain is not authorized for Google Sign-In.",
      "auth/operation-not-allowed": "Google Sign-In is not enabled.",
      "auth/invalid-api-key": "Invalid API configuration.",
      "auth/network-request-failed": "Network error. Please check your connection.",
      "auth/internal-error": "Authentication service error. Please check your browser settings and try again.",
      "auth/something-new": "Sign in failed. Please try again.",
    };
    for (const [code, message] of Object.entries(cases)) expect(googleSignInFailure(code).message).toBe(message);
  });

  it("only the two configuration errors come with a hint", () => {
    expect(googleSignInFailure("auth/unauthorized-domain").hint).toBeTruthy();
    expect(googleSignInFailure("auth/operation-not-allowed").hint).toBeTruthy();
    expect(googleSignInFailure("auth/popup-blocked").hint).toBeUndefined();
  });
});

describe("email sign-in failures", () => {
  it("each reason is prefixed with 'Sign in failed. '", () => {
    const cases: Record<string, string> = {
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
    for (const [code, reason] of Object.entries(cases)) expect(emailSignInFailure(code).message).toBe(`Sign in failed. ${reason}`);
  });

  it("an unknown failure names its code, or 'Unknown error' when there is none", () => {
    expect(emailSignInFailure("auth/quota-exceeded").message).toBe(
      "Sign in failed. Please check your credentials and try again. (auth/quota-exceeded)",
    );
    expect(emailSignInFailure(undefined).message).toBe("Sign in failed. Please check your credentials and try again. (Unknown error)");
  });

  it("a missing account is created instead of reported", () => {
    expect(shouldCreateAccount("auth/user-not-found")).toBe(true);
    expect(shouldCreateAccount("auth/invalid-credential")).toBe(true);
    expect(shouldCreateAccount("auth/wrong-password")).toBe(false);
  });
});
