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

/** One day's measures (the range's totals are the same measures without the date). */
const Measures = z.object({
  questions: z.number(),
  failures: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  documents: z.number(),
  pages: z.number(),
  quotes: z.number(),
});
export const DayActivity = Measures.extend({ date: z.string() });
export type DayActivity = z.infer<typeof DayActivity>;

export const ModelActivity = z.object({
  /** A model choice, "custom", "offline", or "quorum" (research mode, which asks the others). */
  model: z.string(),
  /** Questions sent to it. */
  questions: z.number(),
  /** Calls it answered or failed (research mode calls several models per question). */
  calls: z.number(),
  failures: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Over its calls; null without calls. */
  averageLatencyMs: z.number().nullable(),
});
export type ModelActivity = z.infer<typeof ModelActivity>;

export const VendorTotal = z.object({ vendor: z.string(), currency: z.string(), quotes: z.number(), total: z.number() });
export type VendorTotal = z.infer<typeof VendorTotal>;

/** GET /api/analytics. */
export const AnalyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** The caller's analytics setting: off, no question is recorded. */
  recording: z.boolean(),
  /** The range's sums: the same measures as each day's. */
  totals: Measures,
  /** Every day of the range, in order (days without activity too). */
  days: z.array(DayActivity),
  models: z.array(ModelActivity),
  documents: z.object({ processed: z.number(), failed: z.number(), pages: z.number() }),
  /** Per vendor and currency, the largest total first. */
  vendors: z.array(VendorTotal),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;
