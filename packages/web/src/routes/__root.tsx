import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NAMESPACES } from "@/i18n";
import { Header } from "@/components/layout/Header";
import { NotFound } from "@/components/layout/NotFound";
import { Toaster } from "@/components/ui/toaster";
import { AuthDialogsProvider } from "@/features/auth";
import { PlanNotice } from "@/features/billing/PlanNotice";
import { InAppNotifier } from "@/features/notify/InAppNotifier";
import { ApplyPreferences } from "@/features/settings/ApplyPreferences";
import type { RouterContext } from "@/router-context";

/** The shell every page shares: header, page, notification area, account modals. */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // A language other than English loads on demand: wait for it rather than flash English first.
  const { ready } = useTranslation(NAMESPACES);
  if (!ready) return null;
  return (
    <AuthDialogsProvider>
      <ApplyPreferences />
      <div className="flex min-h-dvh flex-col">
        <Header />
        <PlanNotice />
        <div className="flex flex-1 flex-col">
          <Outlet />
        </div>
      </div>
      <Toaster />
      <InAppNotifier />
    </AuthDialogsProvider>
  );
}
