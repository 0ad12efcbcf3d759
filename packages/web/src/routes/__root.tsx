import * as React from "react";
import { Outlet, createRootRouteWithContext, useRouterState } from "@tanstack/react-router";
import { loadAllTexts, loadScreenTexts } from "@/i18n";
import { firstScreenPainted, firstScreenRendered } from "@/lib/first-paint";
import { dropFirstScreen } from "@/lib/first-screen";
import { ShellFrame } from "@/components/layout/ShellFrame";
import { NotFound } from "@/components/layout/NotFound";
import { AuthDialogsProvider, useAuth } from "@/features/auth";
import type { RouterContext } from "@/router-context";

// What only a signed-in person has (their preferences, finished-work toasts; the notices above each page come with its layout)
// loads once someone is signed in: a visitor's first download never carries it.
const ApplyPreferences = React.lazy(() => import("@/features/settings/ApplyPreferences").then((m) => ({ default: m.ApplyPreferences })));
const InAppNotifier = React.lazy(() => import("@/features/notify/InAppNotifier").then((m) => ({ default: m.InAppNotifier })));
// The search palette's shortcut (⌘K / Ctrl+K); the palette itself loads when first opened.
const SearchShortcut = React.lazy(() => import("@/features/search/SearchShortcut"));
// The notification area arrives after the first paint; a toast raised before it waits in the store.
const Toaster = React.lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

let firstScreenShown = false;
let firstScreenCommitted = false;

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
      // Rendered in slices, as a transition: the first screen's render never holds up input for long.
      React.startTransition(() => setReady(true));
    });
    return () => {
      current = false;
    };
  }, [ready, pathname]);
  React.useLayoutEffect(() => {
    if (!ready || firstScreenCommitted) return;
    firstScreenCommitted = true;
    firstScreenRendered();
    void firstScreenPainted.then(loadAllTexts);
  }, [ready]);
  // The prerendered first screen stays until this render is complete: shell, texts and the page's own code.
  const settling = useRouterState({ select: (s) => s.matches.some((match) => match.status === "pending") });
  React.useLayoutEffect(() => {
    if (ready && !settling) dropFirstScreen();
  }, [ready, settling]);
  if (!ready) return null;
  return (
    <AuthDialogsProvider>
      <SignedIn>
        <ApplyPreferences />
      </SignedIn>
      <ShellFrame>
        <Outlet />
      </ShellFrame>
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
      <SignedIn>
        <InAppNotifier />
        <SearchShortcut />
      </SignedIn>
    </AuthDialogsProvider>
  );
}
