import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SalesforceCallbackPage } from "@/features/crm/SalesforceCallbackPage";

/** The connected app's callback URL: https://<site>/salesforce/callback. */
export const Route = createFileRoute("/_authed/salesforce/callback")({
  validateSearch: z.object({
    code: z.string().max(2000).optional().catch(undefined),
    state: z.string().max(200).catch(""),
    error: z.string().max(200).optional().catch(undefined),
  }),
  component: SalesforceCallbackRoute,
});

function SalesforceCallbackRoute() {
  const { code, state, error } = Route.useSearch();
  return <SalesforceCallbackPage code={code} state={state} error={error} />;
}
