import * as React from "react";
import { Outlet, createRootRouteWithContext, useRouterState } from "@tanstack/react-router";
import { loadAllTexts, loadScreenTexts } from "@/i18n";
import { firstScreenPainted, firstScreenRendered } from "@/lib/first-paint";
import { Header } from "@/components/layout/Header";
import { NotFound } from "@/components/layout/NotFound";
import { AuthDialogsProvider, useAuth } from "@/features/auth";
import type { RouterContext } from "@/router-context";

// What only a signed-in person has (their preferences, their plan's notice, finished-work toasts)
// loads once someone is signed in: a visitor's first download never carries it.
const ApplyPreferences = React.lazy(() => import("@/features/settings/ApplyPreferences").then((m) => ({ default: m.ApplyPreferences })));
const PlanNotice = React.lazy(() => import("@/features/billing/PlanNotice").then((m) => ({ default: m.PlanNotice })));
const InAppNotifier = React.lazy(() => import("@/features/notify/InAppNotifier").then((m) => ({ default: m.InAppNotifier })));
// The notification area arrives after the first paint; a toast raised before it waits in the store.
const Toaster = React.lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

let firstScreenShown = false;

/** The shell every page shares: header, page, notification area, account modals. */
export const Route = createRootRouteWithContext<RouterContext>()({
  // A screen shows once its texts are in, never a flash of keys; the landing page waits only for its own.
  // The first screen waits in RootLayout instead, so its code downloads while its texts do.
  beforeLoad: ({ location }) => (firstScreenShown ? loadScreenTexts(location.pathname) : undefined),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function SignedIn({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  return user ? <React.Suspense fallback={null}>{children}</React.Suspense> : null;
}

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [ready, setReady] = React.useState(firstScreenShown);
  React.useEffect(() => {
    if (ready) return;
    let current = true;
    void loadScreenTexts(pathname).then(() => {
      if (!current) return;
      firstScreenShown = true;
      setReady(true);
      firstScreenRendered();
      void firstScreenPainted.then(loadAllTexts);
    });
    return () => {
      current = false;
    };
  }, [ready, pathname]);
  if (!ready) return null;
  return (
    <AuthDialogsProvider>
      <SignedIn>
        <ApplyPreferences />
      </SignedIn>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <SignedIn>
          <PlanNotice />
        </SignedIn>
        <div className="flex flex-1 flex-col">
          <Outlet />
        </div>
      </div>
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
      <SignedIn>
        <InAppNotifier />
      </SignedIn>
    </AuthDialogsProvider>
  );
}
