// Relative imports: support/request.ts reads this module and is unit-tested without the "@" alias.
import { i18next } from "../i18n";
import type { SignUpPlan } from "@quorum/core/auth/schema";
import { DEFAULT_PROFESSIONAL_PRICE_USD } from "@quorum/core/billing/prices";
import { formatWholeMoney } from "./format";

/** The product's name, shown in titles, the header and messages. */
export const PRODUCT_NAME = "Quorum";

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || "support@quorum.app";

/** The plans offered, as sign-up takes them. */
export type PlanId = SignUpPlan;

export interface PlanTier {
  id: PlanId;
  /** The plan's name, a brand in every language. */
  name: string;
  /** "Free", "$50", "Custom" in the language on screen. */
  readonly price: string;
  /** "/month" for paid plans. */
  readonly period?: string;
  readonly description: string;
  readonly features: string[];
  popular?: boolean;
}

const planText = (id: PlanId, key: string) => i18next.t(`billing:plans.${id}.${key}`);

/** A plan whose texts come from the `billing` catalog, read at render time so they follow the language. */
function tier(id: PlanId, name: string, featureCount: number, options: { monthlyUsd?: number; popular?: boolean } = {}): PlanTier {
  return {
    id,
    name,
    popular: options.popular,
    get price() {
      return options.monthlyUsd === undefined ? planText(id, "price") : formatWholeMoney(options.monthlyUsd, "usd");
    },
    get period() {
      return options.monthlyUsd === undefined ? undefined : i18next.t("billing:plans.perMonth");
    },
    get description() {
      return planText(id, "description");
    },
    get features() {
      return Array.from({ length: featureCount }, (_, i) => planText(id, `feature${i + 1}`));
    },
  };
}

/** The three plan tiers, shown on the landing page and in the sign-up wizard. */
export const PLANS: PlanTier[] = [
  tier("starter", "Starter", 4),
  // The public pages make no call: they show the default price (the payment form shows what the server charges).
  tier("professional", "Professional", 5, { monthlyUsd: DEFAULT_PROFESSIONAL_PRICE_USD, popular: true }),
  tier("enterprise", "Enterprise", 5),
];

const PLAN_NAMES: Record<string, string> = { basic: "Basic", starter: "Starter", professional: "Professional", enterprise: "Enterprise" };

/** The name of every plan a profile can carry, including the legacy 'basic': "Professional". */
export const planName = (plan: string | null | undefined) => PLAN_NAMES[plan ?? ""] ?? PLAN_NAMES.starter!;

/** Display names of every plan a profile can carry: "Professional Plan" ("Plan Professional" in French). */
export function planLabel(plan: string | null | undefined): string {
  return i18next.t("billing:plans.label", { plan: planName(plan) });
}
