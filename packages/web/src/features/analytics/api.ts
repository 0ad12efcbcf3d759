import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsReport } from "@quorum/core/usage/schema";
import { apiJson } from "@/lib/api";

/** The ranges the page offers, in days (today included). */
export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

/** The inclusive UTC days of the last `days` days. */
export function rangeOf(days: number, now = new Date()) {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

const analyticsKey = (from: string, to: string) => ["/api/analytics", from, to] as const;

/** GET /api/analytics for the inclusive range of days. */
export const analyticsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: analyticsKey(from, to),
    queryFn: () => apiJson<AnalyticsReport>("GET", `/api/analytics?from=${from}&to=${to}`),
    // A Starter's 403 is an answer, not a hiccup.
    retry: false,
  });

export function useAnalytics(days: RangeDays) {
  const { from, to } = rangeOf(days);
  return useQuery({ ...analyticsQuery(from, to), placeholderData: keepPreviousData });
}
