import * as React from "react";
import type { User } from "firebase/auth";
import { firebaseWanted, loadFirebase } from "@/lib/firebase-loader";
import { queryClient } from "@/lib/api";
import { AuthContext, type AuthContextValue, type AuthUser } from "./context";
import { AuthError, emailSignInFailure, errorCode, googleSignInFailure, isPopupCancelled, shouldCreateAccount } from "./errors";
import { hadSession, rememberSession } from "./session-hint";

// The sign-in calls; asking for them also starts the session restore if it is still waiting.
const loadActions = () => Promise.all([import("./actions"), loadFirebase()]).then(([actions]) => actions);
/** What runs once Firebase names the user: loaded beside Firebase, never before the first paint. */
const loadSignedInWork = () => Promise.all([import("./api"), import("@/features/settings/first-language")]);

function snapshot(user: User): AuthUser {
  return { uid: user.uid, displayName: user.displayName, email: user.email, photoURL: user.photoURL, emailVerified: user.emailVerified };
}

interface State {
  user: AuthUser | null;
  loading: boolean;
  initializing: boolean;
  error: string | null;
  synced: boolean;
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  // A browser that never kept a session here shows the signed-out pages at once, before Firebase has loaded.
  const [state, setState] = React.useState<State>(() => ({
    user: null,
    loading: true,
    initializing: hadSession(),
    error: null,
    synced: false,
  }));
  const lastUid = React.useRef<string | null>(null);
  const sync = React.useRef<Promise<void>>(Promise.resolve());
  const syncs = React.useRef(new Map<string, Promise<void>>());
  const waiting = React.useRef(new Map<string, () => void>());

  React.useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    // A browser that kept a session needs Firebase at once; another only once the landing page is up.
    const wanted = hadSession() ? Promise.resolve() : firebaseWanted();
    void wanted
      .then(() => Promise.all([loadFirebase(), loadSignedInWork()]))
      .then(([{ auth, onAuthStateChanged }, [{ syncLogin }, { adoptLanguageOnce, isFirstSignIn }]]) => {
        if (stopped) return;
        unsubscribe = onAuthStateChanged(
          auth,
          (user) => {
            rememberSession(user !== null);
            // Another account's cached answers must never show up for this one.
            if (lastUid.current !== (user?.uid ?? null)) queryClient.clear();
            lastUid.current = user?.uid ?? null;
            if (user && isFirstSignIn(user.metadata)) adoptLanguageOnce(user.uid);
            setState({ user: user ? snapshot(user) : null, loading: false, initializing: false, error: null, synced: !user });
            if (!user) return;
            // The profile record may not exist before this call; screens that read it wait for it.
            const done = syncLogin({ firebaseUid: user.uid, email: user.email ?? "", displayName: user.displayName });
            sync.current = done;
            syncs.current.set(user.uid, done);
            waiting.current.get(user.uid)?.();
            void done.then(() => {
              if (sync.current === done) setState((s) => ({ ...s, synced: true }));
            });
          },
          (error) => setState({ user: null, loading: false, initializing: false, error: error.message, synced: true }),
        );
      });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, []);

  const fail = React.useCallback((error: AuthError): never => {
    setState((s) => ({ ...s, loading: false, error: error.message }));
    throw error;
  }, []);

  const signInWithGoogle = React.useCallback(async () => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const { googlePopup } = await loadActions();
      const result = await googlePopup();
      setState((s) => ({ ...s, loading: false }));
      return snapshot(result.user);
    } catch (error) {
      const code = errorCode(error);
      if (isPopupCancelled(code)) {
        setState((s) => ({ ...s, loading: false }));
        return null;
      }
      console.error("Google sign-in failed", error);
      return fail(new AuthError(googleSignInFailure(code), code));
    }
  }, [fail]);

  const signInWithEmail = React.useCallback(
    async (email: string, password: string) => {
      setState((s) => ({ ...s, error: null }));
      const { emailSignIn, emailSignUp } = await loadActions();
      try {
        const result = await emailSignIn(email, password);
        return snapshot(result.user);
      } catch (error) {
        const code = errorCode(error);
        if (!shouldCreateAccount(code)) return fail(new AuthError(emailSignInFailure(code), code));
        try {
          const created = await emailSignUp(email, password);
          return snapshot(created.user);
        } catch (createError) {
          const createCode = errorCode(createError);
          // The email is taken, so the sign-in failed on the password: report that, not the creation.
          const reported = createCode === "auth/email-already-in-use" ? code : createCode;
          return fail(new AuthError(emailSignInFailure(reported), reported));
        }
      }
    },
    [fail],
  );

  const signUpWithEmail = React.useCallback(async (email: string, password: string, displayName: string) => {
    const [{ emailSignUp }, { updateProfile }] = await Promise.all([loadActions(), loadFirebase()]);
    const created = await emailSignUp(email, password);
    if (displayName) {
      await updateProfile(created.user, { displayName });
      // updateProfile does not fire an auth state change; publish the name ourselves.
      setState((s) => ({ ...s, user: snapshot(created.user) }));
    }
    return snapshot(created.user);
  }, []);

  const signOut = React.useCallback(async () => {
    const { auth, signOut: firebaseSignOut } = await loadFirebase();
    await firebaseSignOut(auth);
  }, []);

  const updateDisplayName = React.useCallback(async (displayName: string) => {
    const { auth, updateProfile } = await loadFirebase();
    const current = auth.currentUser;
    if (!current || current.displayName === displayName) return;
    await updateProfile(current, { displayName });
    setState((s) => ({ ...s, user: snapshot(current) }));
  }, []);

  // Firebase may resolve a sign-in before it tells the observer, so wait for the observer's sync of that uid.
  const loginSynced = React.useCallback((uid: string) => {
    const known = syncs.current.get(uid);
    if (known) return known;
    return new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, 5000);
      waiting.current.set(uid, () => {
        clearTimeout(timeout);
        waiting.current.delete(uid);
        resolve(syncs.current.get(uid));
      });
    });
  }, []);

  const value = React.useMemo<AuthContextValue>(
    () => ({ ...state, signInWithGoogle, signInWithEmail, signUpWithEmail, signOut, updateDisplayName, loginSynced }),
    [state, signInWithGoogle, signInWithEmail, signUpWithEmail, signOut, updateDisplayName, loginSynced],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
