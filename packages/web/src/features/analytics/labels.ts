import { i18next } from "@/i18n";
import { currentLocale } from "@/i18n/languages";

/** The names the product shows for model choices; the special ones are translated. */
const MODEL_NAMES: Record<string, string> = { claude: "Claude", gpt: "GPT", gemini: "Gemini", grok: "Grok", deepseek: "DeepSeek" };

export function modelName(model: string): string {
  if (model === "quorum" || model === "offline" || model === "custom") return i18next.t(`analytics:model.${model}`);
  return MODEL_NAMES[model] ?? model;
}

/** "Nov 25" for a UTC day (YYYY-MM-DD), in the language on screen. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(currentLocale(), { month: "short", day: "numeric", timeZone: "UTC" });
}
