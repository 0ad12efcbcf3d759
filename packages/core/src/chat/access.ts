import { Actor } from "../actor";
import type { AnswerPolicy } from "../ai/index";
import { planAllows, requiredPlan, isModelChoice } from "../ai/plans";
import { CUSTOM, RESEARCH, serviceName } from "./models";
import { Forbidden } from "../error";
import { Quota } from "../quota/index";
import { PLAN_NAMES, type MeteredPlan } from "../quota/limits";
import { RESEARCH_BUDGET_CAP_SECONDS, researchBudgetPlan } from "./limits";
import { Settings } from "../settings/index";
import { User } from "../user/index";

/** Who is asking, as far as an answer is concerned: their plan's models, language and privacy choices. */
export interface Asker {
  userId: string;
  plan: MeteredPlan;
  policy: AnswerPolicy;
  /** Settings privacy.analytics: their questions are recorded for the analytics page. */
  analytics: boolean;
}

/** "GPT is a premium model: it is included in the Professional and Enterprise plans, not in your Starter plan. ..." */
export function lockedModelMessage(model: string, plan: MeteredPlan): string {
  if (!isModelChoice(model)) return "This model is not available.";
  const name = serviceName(model);
  const needed = requiredPlan(model);
  if (model === CUSTOM)
    return `${name} is your organisation's own model: it is available on the Enterprise plan only, not on your ${PLAN_NAMES[plan]} plan.`;
  return `${name} is a premium model: it is included in the ${PLAN_NAMES[needed]} and Enterprise plans, not in your ${PLAN_NAMES[plan]} plan. Upgrade to ${PLAN_NAMES[needed]} to use it.`;
}

/** "1 minute", "5 minutes", "30 seconds". */
const duration = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}` : `${seconds} ${seconds === 1 ? "second" : "seconds"}`;

/** "Your Starter plan gives research answers up to 1 minute, not 5 minutes. Choose a shorter budget or upgrade to Professional for up to 5 minutes." */
function researchBudgetMessage(seconds: number, plan: MeteredPlan): string {
  const head = `Your ${PLAN_NAMES[plan]} plan gives research answers up to ${duration(RESEARCH_BUDGET_CAP_SECONDS[plan])}, not ${duration(seconds)}.`;
  const needed = researchBudgetPlan(seconds);
  return `${head} Choose a shorter budget or upgrade to ${PLAN_NAMES[needed]} for up to ${duration(RESEARCH_BUDGET_CAP_SECONDS[needed])}.`;
}

export namespace ChatAccess {
  /** The caller's plan and settings (read once per question). */
  export async function asker(): Promise<Asker> {
    const userId = Actor.userId();
    const [user, settings] = await Promise.all([User.find(userId), Settings.get(userId)]);
    const plan = Quota.planOf(user);
    return {
      userId,
      plan,
      analytics: settings.privacy.analytics,
      policy: {
        allows: (model) => planAllows(plan, model),
        language: settings.preferences.language,
        shareData: settings.privacy.shareData,
      },
    };
  }

  /**
   * The caller may ask `model` with a research budget of `budgetSeconds` and `synthesizer`
   * combining the answers: a model (or synthesizer) their plan does not include, or a budget
   * past the plan's cap, is refused with a 403 that names the plan, before anything is counted
   * or stored.
   */
  export async function check(
    model: string,
    { budgetSeconds, synthesizer }: { budgetSeconds?: number; synthesizer?: string } = {},
  ): Promise<Asker> {
    const caller = await asker();
    if (model !== RESEARCH && !planAllows(caller.plan, model)) throw new Forbidden(lockedModelMessage(model, caller.plan));
    if (synthesizer && !planAllows(caller.plan, synthesizer)) throw new Forbidden(lockedModelMessage(synthesizer, caller.plan));
    if (budgetSeconds !== undefined && budgetSeconds > RESEARCH_BUDGET_CAP_SECONDS[caller.plan])
      throw new Forbidden(researchBudgetMessage(budgetSeconds, caller.plan));
    return caller;
  }
}
