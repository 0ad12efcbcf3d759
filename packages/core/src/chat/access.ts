import { Actor } from "../actor";
import type { AnswerPolicy } from "../ai/index";
import { planAllows, requiredPlan, isModelChoice } from "../ai/plans";
import { CUSTOM, RESEARCH, serviceName } from "./models";
import { Forbidden } from "../error";
import { Quota } from "../quota/index";
import { PLAN_NAMES, type MeteredPlan } from "../quota/limits";
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
   * The caller may ask `model`: a model their plan does not include is refused with
   * a 403 that names the plan, before anything is counted or stored; so is a synthesizer the plan does not include.
   */
  export async function check(model: string, synthesizer?: string): Promise<Asker> {
    const caller = await asker();
    if (model !== RESEARCH && !planAllows(caller.plan, model)) throw new Forbidden(lockedModelMessage(model, caller.plan));
    // Research mode's chosen synthesizer is held to the same plan.
    if (synthesizer && !planAllows(caller.plan, synthesizer)) throw new Forbidden(lockedModelMessage(synthesizer, caller.plan));
    return caller;
  }
}
