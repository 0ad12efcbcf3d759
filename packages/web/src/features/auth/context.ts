import { i18next } from "@/i18n";
import * as React from "react";

/** The signed-in user as the product uses it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  /** As the identity provider said at sign-in (or at the last refresh); verification.ts asks it again. */
  emailVerified: boolean;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** Starts true; false once the first auth state is known and after each sign-in attempt. */
  loading: boolean;
  /** True only until the very first auth state is known (the landing page's 'Initializing'). */
  initializing: boolean;
  error: string | null;
  /** True once the backend heard about the current user (POST /api/auth/login settled, even if it failed). */
  synced: boolean;
  /** Resolves when the login sync for this uid has settled; calls that need the user's record wait for it. */
  loginSynced: (uid: string) => Promise<void>;
  /** Resolves to the user, or null when the user closed the popup. Throws AuthError. */
  signInWithGoogle: () => Promise<AuthUser | null>;
  /** Signs in, creating the account when it does not exist yet. Throws AuthError. */
  signInWithEmail: (email: string, password: string) => Promise<AuthUser>;
  /** Creates an email/password account with a display name. Throws the provider's error. */
  signUpWithEmail: (email: string, password: string, displayName: string) => Promise<AuthUser>;
  signOut: () => Promise<void>;
  /** Renames the signed-in identity (after a profile edit) so the header greeting follows. */
  updateDisplayName: (displayName: string) => Promise<void>;
}

export const AuthContext = React.createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = React.useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside AuthProvider");
  return context;
}

/** 'Hi, ' + display name, else the email's local part, else 'User'. */
export function greetingName(user: Pick<AuthUser, "displayName" | "email"> | null): string {
  if (user?.displayName) return user.displayName;
  const local = user?.email?.split("@")[0];
  return local || i18next.t("common:user");
}
