import { z } from "zod";

/**
 * The analytics contract, browser-safe (zod only): GET /api/analytics?from=&to=
 * answers an AnalyticsReport for the inclusive range of UTC days.
 */

/** The longest range one report covers (and how long usage events are kept). */
export const MAX_RANGE_DAYS = 366;
/** The range a report covers when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must look like 2026-11-25");

export const AnalyticsRange = z.object({ from: Day.optional(), to: Day.optional() }).transform((range, ctx) => {
  const to = range.to ?? new Date().toISOString().slice(0, 10);
  const from = range.from ?? shiftDay(to, -(DEFAULT_RANGE_DAYS - 1));
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
    ctx.addIssue({ code: "custom", message: "Dates must look like 2026-11-25" });
    return z.NEVER;
  }
  if (from > to) {
    ctx.addIssue({ code: "custom", message: "The start date must not be after the end date" });
    return z.NEVER;
  }
  if (daysBetween(from, to) > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", message: `A report covers at most ${MAX_RANGE_DAYS} days` });
    return z.NEVER;
  }
  return { from, to };
});
export type AnalyticsRange = z.output<typeof AnalyticsRange>;

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days in the inclusive range. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export interface DayActivity {
  date: string;
  questions: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  documents: number;
  pages: number;
  quotes: number;
}

export interface ModelActivity {
  /** A model choice, "custom", "offline", or "quorum" (research mode, which asks the others). */
  model: string;
  /** Questions sent to it. */
  questions: number;
  /** Calls it answered or failed (research mode calls several models per question). */
  calls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  /** Over its calls; null without calls. */
  averageLatencyMs: number | null;
}

export interface VendorTotal {
  vendor: string;
  currency: string;
  quotes: number;
  total: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  /** The caller's analytics setting: off, no question is recorded. */
  recording: boolean;
  /** The range's sums: the same measures as each day's. */
  totals: Omit<DayActivity, "date">;
  /** Every day of the range, in order (days without activity too). */
  days: DayActivity[];
  models: ModelActivity[];
  documents: { processed: number; failed: number; pages: number };
  /** Per vendor and currency, the largest total first. */
  vendors: VendorTotal[];
}
