import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { TestPortalPage } from "@/features/billing/TestPortalPage";

/** Where the server's portal session sends the payer in local test mode (Stripe's own portal otherwise). */
export const Route = createFileRoute("/_authed/billing/portal")({
  validateSearch: z.object({ return: z.string().startsWith("/").catch("/profile").default("/profile") }),
  staticData: { loadingText: "billing:portal.loading" },
  component: BillingPortalRoute,
});

function BillingPortalRoute() {
  const search = Route.useSearch();
  return <TestPortalPage returnTo={search.return.startsWith("//") ? "/profile" : search.return} />;
}
