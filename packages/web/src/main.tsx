import * as React from "react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/lib/api";
import { ThemeProvider } from "@/features/theme/ThemeProvider";
import { AuthProvider, useAuth } from "@/features/auth";
import { hadSession } from "@/features/auth/session-hint";
import { loadFirebase } from "@/lib/firebase-loader";
import { dropUnshownFirstScreen } from "@/lib/first-screen";
import { router, session } from "./router";
import "./i18n";
import "./styles.css";

/**
 * Tells the router who is signed in: its auth check waits for the session restore, and runs
 * again after each sign-in or sign-out (so a signed-out visitor leaves, a signed-in one gets in).
 */
function AuthedRouter() {
  const { user, initializing } = useAuth();
  const uid = initializing ? undefined : (user?.uid ?? null);
  const known = React.useRef<string | null | undefined>(undefined);

  React.useEffect(() => {
    if (!initializing) session.settle(user);
  }, [initializing, user]);

  React.useEffect(() => {
    const before = known.current;
    known.current = uid;
    // The first answer only releases the waiting check; a later change must re-check the page shown.
    if (before !== undefined && uid !== before) void router.invalidate();
  }, [uid]);

  return <RouterProvider router={router} />;
}

/**
 * The screen's code downloads while the session is restored, not after: a screen behind the
 * sign-in check (Firebase, then a round trip to it) would otherwise start fetching it only then.
 * A kept session's restore is asked for first, since that screen waits for it too.
 */
function preloadScreenCode() {
  if (hadSession()) void loadFirebase();
  for (const match of router.matchRoutes(router.latestLocation)) {
    // A failure is the router's to show when it loads the screen itself.
    router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => undefined);
  }
}

/** public/theme.js may start this code from the head, before the page's #root is parsed. */
function start() {
  dropUnshownFirstScreen();
  preloadScreenCode();
  const root = createRoot(document.getElementById("root")!);
  // In slices, as a transition: the app's start never holds up the page's input for long.
  React.startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <AuthProvider>
              <AuthedRouter />
            </AuthProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
