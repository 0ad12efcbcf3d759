import { SERVICE_NAMES, customModelSetting } from "../ai/catalog";
import { MODEL_CHOICES, MODEL_TIERS, planAllows, requiredPlan } from "../ai/plans";
import { CUSTOM, RESEARCH, type ModelChoice } from "../ai/types";
import { config } from "../config";
import type { MeteredPlan } from "../quota/limits";
import { RESEARCH_BUDGET_CAP_SECONDS } from "./limits";
import type { ModelCatalog, ModelEntry } from "./schema";

export { CUSTOM, RESEARCH };

/** The name people see for a model choice. */
export const serviceName = (model: ModelChoice) => (model === CUSTOM ? config().CUSTOM_MODEL_NAME : SERVICE_NAMES[model]);

/**
 * The models a caller can pick, for the model selector: the spec's five with their
 * tier and whether the plan includes them, the organisation's custom model for
 * Enterprise only (others never learn it exists), then research mode with the longest
 * research budget the plan allows.
 */
export function modelCatalog(plan: MeteredPlan): ModelCatalog {
  const custom = customModelSetting();
  const models: ModelEntry[] = MODEL_CHOICES.filter((m) => m !== CUSTOM || (custom.configured && planAllows(plan, CUSTOM))).map((m) => ({
    value: m,
    label: serviceName(m),
    tier: MODEL_TIERS[m],
    allowed: planAllows(plan, m),
    requiredPlan: requiredPlan(m),
  }));
  models.push({ value: RESEARCH, label: "Quorum", tier: "research", allowed: true, requiredPlan: "starter" });
  // Enterprise sees how its own model is set up (never the key).
  const organisation = planAllows(plan, CUSTOM) ? { name: custom.service, modelId: custom.id, configured: custom.configured } : null;
  return { plan, models, custom: organisation, researchBudgetCapSeconds: RESEARCH_BUDGET_CAP_SECONDS[plan] };
}
