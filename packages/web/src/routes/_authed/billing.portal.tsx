import { createFileRoute } from "@tanstack/react-router";
import { TestPortalPage } from "@/features/billing/TestPortalPage";

/** Where the server's portal session sends the payer in local test mode (Stripe's own portal otherwise). */
export const Route = createFileRoute("/_authed/billing/portal")({
  // A plain function, not a zod schema: the route table is part of every first download.
  validateSearch: (search: Record<string, unknown>) => ({
    return: typeof search.return === "string" && search.return.startsWith("/") ? search.return : "/profile",
  }),
  staticData: { loadingText: "billing:portal.loading" },
  component: BillingPortalRoute,
});

function BillingPortalRoute() {
  const search = Route.useSearch();
  return <TestPortalPage returnTo={search.return.startsWith("//") ? "/profile" : search.return} />;
}
