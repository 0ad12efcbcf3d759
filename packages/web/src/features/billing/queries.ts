import { queryOptions, useQuery } from "@tanstack/react-query";
import { TestPortal, Usage } from "@quorum/core/billing/schema";
import { BillingHistory } from "@quorum/core/user/schema";
import { apiJson } from "@/lib/api";

/** The billing reads, as query options a route loader and a component can share. */

export const usageKey = ["/api/usage"] as const;

/** Today's questions and every meter against the plan's limit (GET /api/usage). */
export const usageQuery = () => queryOptions({ queryKey: usageKey, queryFn: async () => Usage.parse(await apiJson("GET", "/api/usage")) });

export function useUsage(enabled = true) {
  return useQuery({ ...usageQuery(), enabled });
}

export const billingHistoryKey = ["/api/billing/history"] as const;

/** The plan changes made by people (Enterprise set or ended) or by their end date, newest first. */
export function useBillingHistory(enabled = true) {
  return useQuery({
    queryKey: billingHistoryKey,
    queryFn: async () => BillingHistory.parse(await apiJson("GET", "/api/billing/history")),
    enabled,
  });
}

export const testPortalKey = ["/api/test-billing/portal"] as const;

/** The local Customer Portal's card, subscription and invoices (test mode). */
export const testPortalQuery = () =>
  queryOptions({ queryKey: testPortalKey, queryFn: async () => TestPortal.parse(await apiJson("GET", "/api/test-billing/portal")) });
