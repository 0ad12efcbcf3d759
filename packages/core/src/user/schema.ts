/** The plans and their states as the API answers them: browser-safe, shared with the web. */

export const PLANS = ["starter", "basic", "professional", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_STATUSES = ["active", "pending", "past_due", "canceled"] as const;
