import * as React from "react";
import type { PlanId } from "@/lib/product";
import type { ExistingAccount } from "@quorum/core/auth/schema";

// The modals load on first use, so a visitor who only reads the landing page never downloads them.
const SignInModal = React.lazy(() => import("./SignInModal"));
const SignUpWizard = React.lazy(() => import("./sign-up/SignUpWizard"));
const ExistingAccountModal = React.lazy(() => import("./ExistingAccountModal"));

interface AuthDialogs {
  /** Opens the sign-in modal; `onSuccess` replaces the default redirect to /chat. */
  openSignIn: (options?: { onSuccess?: () => void }) => void;
  /** Opens the sign-up wizard, at the details step when a plan is given. */
  openSignUp: (options?: { plan?: PlanId }) => void;
}

const AuthDialogsContext = React.createContext<AuthDialogs | null>(null);

export function useAuthDialogs(): AuthDialogs {
  const context = React.useContext(AuthDialogsContext);
  if (!context) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return context;
}

type Open = { kind: "sign-in" } | { kind: "sign-up" } | { kind: "existing" } | null;

/** Owns the account modals for the whole app (header, landing page, any later screen). */
export function AuthDialogsProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState<Open>(null);
  // Keep each modal mounted after first use so its closing animation and state reset run.
  const [used, setUsed] = React.useState({ signIn: false, signUp: false, existing: false });
  const [account, setAccount] = React.useState<ExistingAccount | null>(null);
  const [signUpPlan, setSignUpPlan] = React.useState<PlanId | undefined>(undefined);
  const [signInSuccess, setSignInSuccess] = React.useState<(() => void) | undefined>(undefined);

  const value = React.useMemo<AuthDialogs>(
    () => ({
      openSignIn: (options) => {
        setSignInSuccess(() => options?.onSuccess);
        setUsed((u) => ({ ...u, signIn: true }));
        setOpen({ kind: "sign-in" });
      },
      openSignUp: (options) => {
        setSignUpPlan(options?.plan);
        setUsed((u) => ({ ...u, signUp: true }));
        setOpen({ kind: "sign-up" });
      },
    }),
    [],
  );

  const close = React.useCallback(() => setOpen(null), []);
  const showExisting = React.useCallback((existing: ExistingAccount) => {
    setAccount(existing);
    setUsed((u) => ({ ...u, existing: true }));
    setOpen({ kind: "existing" });
  }, []);

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <React.Suspense fallback={null}>
        {used.signIn && <SignInModal open={open?.kind === "sign-in"} onOpenChange={(o) => !o && close()} onSuccess={signInSuccess} />}
        {used.signUp && (
          <SignUpWizard
            open={open?.kind === "sign-up"}
            onOpenChange={(o) => !o && close()}
            initialPlan={signUpPlan}
            onExistingAccount={showExisting}
          />
        )}
        {used.existing && <ExistingAccountModal open={open?.kind === "existing"} onOpenChange={(o) => !o && close()} account={account} />}
      </React.Suspense>
    </AuthDialogsContext.Provider>
  );
}
