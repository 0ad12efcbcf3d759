import { Analytics, AnalyticsRange } from "@quorum/core/usage/index";
import { route } from "../http/route";

/**
 * GET /api/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: the caller's questions, models,
 * documents and quotes per day for the range (the last 30 days by default).
 * Professional and Enterprise; Starter gets a 403 that says how to get it.
 */
export const report = route({ query: AnalyticsRange }, async ({ query }) => Analytics.report(query));
