import { useTranslation } from "react-i18next";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { RequireAuth } from "@/features/auth";
import { TestPortalPage } from "@/features/billing/TestPortalPage";

/** Where the server's portal session sends the payer in local test mode (Stripe's own portal otherwise). */
export const Route = createFileRoute("/billing/portal")({
  validateSearch: z.object({ return: z.string().startsWith("/").catch("/profile").default("/profile") }),
  component: BillingPortalRoute,
});

function BillingPortalRoute() {
  const { t } = useTranslation("billing");
  const search = Route.useSearch();
  return (
    <RequireAuth loadingText={t("portal.loading")}>
      <TestPortalPage returnTo={search.return.startsWith("//") ? "/profile" : search.return} />
    </RequireAuth>
  );
}
