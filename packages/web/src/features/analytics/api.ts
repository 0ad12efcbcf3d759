import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsReport } from "@quorum/core/usage/schema";
import { apiJson } from "@/lib/api";

export type { AnalyticsReport } from "@quorum/core/usage/schema";

/** The ranges the page offers, in days (today included). */
export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

/** The inclusive UTC days of the last `days` days. */
export function rangeOf(days: number, now = new Date()) {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export const analyticsKey = (from: string, to: string) => ["/api/analytics", from, to] as const;

export function useAnalytics(days: RangeDays) {
  const { from, to } = rangeOf(days);
  return useQuery({
    queryKey: analyticsKey(from, to),
    queryFn: () => apiJson<AnalyticsReport>("GET", `/api/analytics?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
    // A Starter's 403 is an answer, not a hiccup.
    retry: false,
  });
}
