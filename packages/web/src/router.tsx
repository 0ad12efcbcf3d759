import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import type { RouterContext } from "./router-context";
import { NotFound } from "@/components/layout/NotFound";
import { PageLoader } from "@/components/layout/PageLoader";
import type { AuthUser } from "@/features/auth/context";
import { queryClient } from "@/lib/api";
import { Session } from "@/lib/session";

export const session = new Session<AuthUser>();

export const router = createRouter({
  routeTree,
  context: { queryClient, session } satisfies RouterContext,
  defaultPreload: "intent",
  defaultPendingComponent: () => <PageLoader />,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Catalog key ("namespace:key") of the text shown while the session is restored; "Loading..." without one. */
    loadingText?: string;
    /** Catalog key of what a signed-out visitor reads here, with a Sign In button; without one they go to the landing page. */
    accessDenied?: string;
  }
}
