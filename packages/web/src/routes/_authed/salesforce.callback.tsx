import { createFileRoute } from "@tanstack/react-router";
import { SalesforceCallbackPage } from "@/features/crm/SalesforceCallbackPage";
import { searchText } from "@/lib/route-params";

/** The connected app's callback URL: https://<site>/salesforce/callback. */
export const Route = createFileRoute("/_authed/salesforce/callback")({
  // plain functions, not a zod schema: the route table is part of every first download
  validateSearch: (search: Record<string, unknown>) => ({
    code: searchText(search.code, 2000, undefined),
    state: searchText(search.state, 200, ""),
    error: searchText(search.error, 200, undefined),
  }),
  component: SalesforceCallbackRoute,
});

function SalesforceCallbackRoute() {
  const { code, state, error } = Route.useSearch();
  return <SalesforceCallbackPage code={code} state={state} error={error} />;
}
