import i18next from "i18next";

/** The languages the whole UI is written in; the first is the fallback. Names are written in their own language. */
export const LANGUAGES = [
  { value: "en", label: "English", locale: "en-US" },
  { value: "es", label: "Español", locale: "es-ES" },
  { value: "fr", label: "Français", locale: "fr-FR" },
  { value: "de", label: "Deutsch", locale: "de-DE" },
] as const;

export type Language = (typeof LANGUAGES)[number]["value"];

export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.value === value);
}

/** The Intl locale of a language ("fr" -> "fr-FR"), so dates and numbers read as that language writes them. */
export function localeOf(language: string): string {
  return LANGUAGES.find((l) => l.value === language)?.locale ?? LANGUAGES[0].locale;
}

/** The first supported language among the browser's preferred ones ("fr-CA" -> "fr"), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The Intl locale of the language on screen, for dates, numbers and currencies. */
export const currentLocale = () => localeOf(i18next.language ?? DEFAULT_LANGUAGE);
