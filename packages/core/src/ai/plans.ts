import type { MeteredPlan } from "../quota/limits";
import { CHOICES, CUSTOM, RESEARCH, type ModelChoice } from "./types";

/**
 * Which models each plan may use. Starter gets the basic models: Gemini (a Flash
 * model) and DeepSeek (its Flash model), the fastest and by far the cheapest per
 * token of the five, so a free plan costs little. Claude, GPT and Grok are the
 * providers' large flagship models, priced several times higher: premium, for
 * Professional and Enterprise. Enterprise alone adds the organisation's own model.
 */
export type Tier = "basic" | "premium" | "custom";

export const MODEL_TIERS: Record<ModelChoice, Tier> = {
  claude: "premium",
  gpt: "premium",
  gemini: "basic",
  grok: "premium",
  deepseek: "basic",
  [CUSTOM]: "custom",
};

/** The plans each tier is included in, the cheapest first. */
export const TIER_PLANS: Record<Tier, readonly MeteredPlan[]> = {
  basic: ["starter", "professional", "enterprise"],
  premium: ["professional", "enterprise"],
  custom: ["enterprise"],
};

export const MODEL_CHOICES: readonly ModelChoice[] = [...CHOICES, CUSTOM];

export const isModelChoice = (value: string): value is ModelChoice => (MODEL_CHOICES as readonly string[]).includes(value);

/** Whether `plan` may ask `model` (research mode is open to all: it asks the models the plan allows). */
export function planAllows(plan: MeteredPlan, model: string): boolean {
  if (model === RESEARCH) return true;
  return isModelChoice(model) && TIER_PLANS[MODEL_TIERS[model]].includes(plan);
}

/** The cheapest plan that includes `model`. */
export const requiredPlan = (model: ModelChoice): MeteredPlan => TIER_PLANS[MODEL_TIERS[model]][0]!;
