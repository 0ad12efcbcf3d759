import { queryOptions, useQuery } from "@tanstack/react-query";
import { TestPortal, Usage } from "@quorum/core/billing/schema";
import { apiJson } from "@/lib/api";

/** The billing reads, as query options a route loader and a component can share. */

export const usageKey = ["/api/usage"] as const;

/** Today's questions and every meter against the plan's limit (GET /api/usage). */
export const usageQuery = () => queryOptions({ queryKey: usageKey, queryFn: async () => Usage.parse(await apiJson("GET", "/api/usage")) });

export function useUsage(enabled = true) {
  return useQuery({ ...usageQuery(), enabled });
}

export const testPortalKey = ["/api/test-billing/portal"] as const;

/** The local Customer Portal's card, subscription and invoices (test mode). */
export const testPortalQuery = () =>
  queryOptions({ queryKey: testPortalKey, queryFn: async () => TestPortal.parse(await apiJson("GET", "/api/test-billing/portal")) });
